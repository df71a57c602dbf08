import { durationMinutes, type Brand } from '@vigil/shared';
import { renderMail, type RenderedMail } from './layout.ts';

type Rich = { html: string; text: string };

export interface AssessmentInvitationMailData {
  brand: Brand;
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
  intro: Rich | null;
  /** The company's own assessment header and footer texts (sanitised HTML and text). */
  header: Rich | null;
  footer: Rich | null;
}

const minutes = (seconds: number) => `${durationMinutes(seconds)} min`;

function richOf(parts: (Rich | null)[]) {
  const present = parts.filter((p): p is Rich => p !== null);
  if (present.length === 0) return {};
  return {
    rich: { html: present.map((p) => p.html).join(''), text: present.map((p) => p.text).join('\n\n') },
  };
}

/** What an employee receives to take an assessment: the invitation, a reminder, or an asked-for link. */
export function assessmentInvitationMail(
  data: AssessmentInvitationMailData,
): RenderedMail & { subject: string } {
  const greeting = data.employeeName ? `Hello ${data.employeeName},` : 'Hello,';
  const size = `${data.questions} question${data.questions === 1 ? '' : 's'}, about ${minutes(data.duration)}`;
  const dueLine = data.due ? ` Please finish it by ${data.due}.` : '';
  const lead = {
    invitation: `${data.brand.companyName} invites you to the security assessment "${data.assessmentName}": ${size}. There are no wrong people here, only honest answers: they show where training helps most.${dueLine}`,
    reminder: `You have not finished the security assessment "${data.assessmentName}" yet (${size}).${dueLine}`,
    access: `Here is your personal link to the security assessment "${data.assessmentName}" (${size}).${dueLine}`,
  }[data.kind];
  const rendered = renderMail(data.brand, {
    preheader:
      data.kind === 'reminder' ? `A reminder: ${data.assessmentName}` : `${data.assessmentName}: ${size}.`,
    heading: data.kind === 'reminder' ? 'A friendly reminder' : 'Your security assessment',
    paragraphs: [greeting, lead],
    ...richOf([data.header, data.kind === 'invitation' ? data.intro : null, data.footer]),
    button: {
      label: data.kind === 'reminder' ? 'Continue the assessment' : 'Start the assessment',
      url: data.link,
    },
    notes: ['This link is personal and signs you in: please do not forward this email.', data.link],
  });
  const subject = {
    invitation: `${data.assessmentName}: your security assessment`,
    reminder: `Reminder: ${data.assessmentName}`,
    access: `Your link to ${data.assessmentName}`,
  }[data.kind];
  return { subject, ...rendered };
}
