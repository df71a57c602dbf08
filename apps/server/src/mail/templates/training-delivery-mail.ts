import { durationMinutes, type Brand } from '@vigil/shared';
import { renderMail, type RenderedMail } from './layout.ts';

export interface DeliverySubject {
  title: string;
  /** Seconds. */
  duration: number;
}

export interface TrainingDeliveryMailData {
  brand: Brand;
  kind: 'batch' | 'reminder';
  trainingName: string;
  employeeName: string;
  /** The employee's personal learner link. */
  link: string;
  subjects: DeliverySubject[];
  /** The first delivery's intro message (sanitised HTML and text) when the program has one. */
  intro: { html: string; text: string } | null;
  /** The company's own header text for training or reminder mails (sanitised HTML and text). */
  header: { html: string; text: string } | null;
}

const minutes = (seconds: number) => `${durationMinutes(seconds)} min`;
const lessons = (n: number) => `${n} lesson${n === 1 ? '' : 's'}`;

function richOf(parts: ({ html: string; text: string } | null)[]) {
  const present = parts.filter((p): p is { html: string; text: string } => p !== null);
  if (present.length === 0) return {};
  return {
    rich: { html: present.map((p) => p.html).join(''), text: present.map((p) => p.text).join('\n\n') },
  };
}

/** What an employee receives: new lessons of a program, or a reminder of the ones left to finish. */
export function trainingDeliveryMail(data: TrainingDeliveryMailData): RenderedMail & { subject: string } {
  const greeting = data.employeeName ? `Hello ${data.employeeName},` : 'Hello,';
  const batch = data.kind === 'batch';
  const count = lessons(data.subjects.length);
  const rendered = renderMail(data.brand, {
    preheader: batch
      ? `${count} of ${data.trainingName} ready for you.`
      : `A reminder: ${count} of ${data.trainingName} left to finish.`,
    heading: batch ? 'New lessons are ready for you' : 'A friendly reminder',
    paragraphs: [
      greeting,
      batch
        ? `${data.brand.companyName} has assigned you ${count} of the security training "${data.trainingName}". Each takes only a few minutes: watch the video, then answer a few questions.`
        : `You still have ${count} of the security training "${data.trainingName}" to finish. It only takes a few minutes.`,
    ],
    ...richOf([data.header, data.intro]),
    sections: [
      {
        title: batch ? 'Your lessons' : 'Left to finish',
        items: data.subjects.map((s) => ({ label: s.title, note: minutes(s.duration) })),
      },
    ],
    button: { label: batch ? 'Start training' : 'Continue training', url: data.link },
    notes: ['This link is personal and signs you in: please do not forward this email.', data.link],
  });
  return {
    subject: batch ? `${data.trainingName}: new lessons for you` : `Reminder: ${data.trainingName}`,
    ...rendered,
  };
}
