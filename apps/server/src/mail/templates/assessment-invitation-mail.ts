import { durationMinutes, type Brand, type MailLanguage } from '@vigil/shared';
import type { ChatContent } from './chat-content.ts';
import { escapeMrkdwn, joinChatTexts } from './chat-content.ts';
import type { RichText } from './company-texts.ts';
import { renderMail, type RenderedMail } from './layout.ts';
import { mailTexts } from './mail-texts.ts';

export interface AssessmentInvitationMailData {
  brand: Brand;
  /** The employee's language (else the company's), in which the mail is written. */
  language: MailLanguage;
  /** invitation: the first mail; reminder: not finished yet; access: a link the employee asked for. */
  kind: 'invitation' | 'reminder' | 'access';
  assessmentName: string;
  employeeName: string;
  /** The employee's personal learner link into the assessment. */
  link: string;
  questions: number;
  /** Seconds the questions typically take together. */
  duration: number;
  /** The due date and time, written out in the company's time zone. */
  due: string | null;
  /** The assessment's intro message, on the invitation (sanitised HTML and text). */
  intro: RichText | null;
  /** The company's own assessment header and footer texts, variables filled. */
  header: RichText | null;
  footer: RichText | null;
  /** The header and footer for chat channels (their markdown twins, companyChatText). */
  chat?: { header: string | null; footer: string | null };
}

function richOf(parts: (RichText | null)[]) {
  const present = parts.filter((p): p is RichText => p !== null);
  if (present.length === 0) return {};
  return {
    rich: { html: present.map((p) => p.html).join(''), text: present.map((p) => p.text).join('\n\n') },
  };
}

/** What an employee receives to take an assessment: the invitation, a reminder, or an asked-for link. */
export function assessmentInvitationMail(
  data: AssessmentInvitationMailData,
): RenderedMail & { subject: string; chat: ChatContent } {
  const w = mailTexts(data.language);
  const a = w.assessment;
  const greeting = data.employeeName ? w.greeting(data.employeeName) : w.greetingNoName;
  const size = a.size(w.questionCount(data.questions), w.minutes(durationMinutes(data.duration)));
  const dueLine = data.due ? a.due(data.due) : '';
  const lead = {
    invitation: a.leadInvitation(data.brand.companyName, data.assessmentName, size),
    reminder: a.leadReminder(data.assessmentName, size),
    access: a.leadAccess(data.assessmentName, size),
  }[data.kind];
  // What the mail and the chat message both say: the chat message is the mail without its layout.
  const heading = data.kind === 'reminder' ? a.headingReminder : a.headingInvitation;
  const paragraphs = [greeting, lead + dueLine];
  const intro = data.kind === 'invitation' ? data.intro : null;
  const button = { label: data.kind === 'reminder' ? a.buttonContinue : a.buttonStart, url: data.link };
  const rendered = renderMail(
    data.brand,
    {
      preheader:
        data.kind === 'reminder'
          ? a.preheaderReminder(data.assessmentName)
          : `${data.assessmentName}: ${size}.`,
      heading,
      paragraphs,
      ...richOf([data.header, intro]),
      button,
      notes: [w.personalLink, data.link],
      footer: data.footer,
    },
    data.language,
  );
  const subject = {
    invitation: a.subjectInvitation(data.assessmentName),
    reminder: a.subjectReminder(data.assessmentName),
    access: a.subjectAccess(data.assessmentName),
  }[data.kind];
  const chat: ChatContent = {
    heading,
    paragraphs: paragraphs.map(escapeMrkdwn),
    header: joinChatTexts(data.chat?.header, intro ? escapeMrkdwn(intro.text) : null),
    footer: data.chat?.footer ?? null,
    itemsTitle: null,
    items: [],
    button,
    opening: data.kind === 'invitation',
  };
  return { subject, ...rendered, chat };
}
