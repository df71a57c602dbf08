import { durationMinutes, type Brand, type MailLanguage } from '@vigil/shared';
import type { ChatContent } from './chat-content.ts';
import { escapeMrkdwn, joinChatTexts } from './chat-content.ts';
import type { RichText } from './company-texts.ts';
import { renderMail, type RenderedMail } from './layout.ts';
import { mailTexts } from './mail-texts.ts';

export interface DeliverySubject {
  title: string;
  /** Seconds. */
  duration: number;
}

export interface TrainingDeliveryMailData {
  brand: Brand;
  /** The employee's language (else the company's), in which the mail is written. */
  language: MailLanguage;
  kind: 'batch' | 'reminder';
  trainingName: string;
  employeeName: string;
  /** The employee's personal learner link. */
  link: string;
  subjects: DeliverySubject[];
  /** The first delivery's intro message (sanitised HTML and text) when the program has one. */
  intro: RichText | null;
  /** The company's header and footer texts for training or reminder mails, variables filled. */
  header: RichText | null;
  footer: RichText | null;
  /** The header and footer for chat channels (their markdown twins, companyChatText). */
  chat?: { header: string | null; footer: string | null; opening: boolean };
}

function richOf(parts: (RichText | null)[]) {
  const present = parts.filter((p): p is RichText => p !== null);
  if (present.length === 0) return {};
  return {
    rich: { html: present.map((p) => p.html).join(''), text: present.map((p) => p.text).join('\n\n') },
  };
}

/** What an employee receives: new lessons of a program, or a reminder of the ones left to finish. */
export function trainingDeliveryMail(
  data: TrainingDeliveryMailData,
): RenderedMail & { subject: string; chat: ChatContent } {
  const w = mailTexts(data.language);
  const greeting = data.employeeName ? w.greeting(data.employeeName) : w.greetingNoName;
  const batch = data.kind === 'batch';
  const count = w.lessons(data.subjects.length);
  // What the mail and the chat message both say: the chat message is the mail without its layout.
  const heading = batch ? w.training.headingBatch : w.training.headingReminder;
  const paragraphs = [
    greeting,
    batch
      ? w.training.leadBatch(data.brand.companyName, count, data.trainingName)
      : w.training.leadReminder(count, data.trainingName),
  ];
  const itemsTitle = batch ? w.training.sectionBatch : w.training.sectionReminder;
  const lessons = data.subjects.map((s) => ({
    title: s.title,
    minutes: w.minutes(durationMinutes(s.duration)),
  }));
  const button = { label: batch ? w.training.buttonBatch : w.training.buttonReminder, url: data.link };
  const rendered = renderMail(
    data.brand,
    {
      preheader: batch
        ? w.training.preheaderBatch(count, data.trainingName)
        : w.training.preheaderReminder(count, data.trainingName),
      heading,
      paragraphs,
      ...richOf([data.header, data.intro]),
      sections: [{ title: itemsTitle, items: lessons.map((l) => ({ label: l.title, note: l.minutes })) }],
      button,
      notes: [w.personalLink, data.link],
      footer: data.footer,
    },
    data.language,
  );
  const chat: ChatContent = {
    heading,
    paragraphs: paragraphs.map(escapeMrkdwn),
    header: joinChatTexts(data.chat?.header, data.intro ? escapeMrkdwn(data.intro.text) : null),
    footer: data.chat?.footer ?? null,
    itemsTitle,
    items: lessons.map((l) => escapeMrkdwn(`${l.title} (${l.minutes})`)),
    button,
    opening: data.chat?.opening ?? false,
  };
  return {
    subject: batch
      ? w.training.subjectBatch(data.trainingName)
      : w.training.subjectReminder(data.trainingName),
    ...rendered,
    chat,
  };
}
