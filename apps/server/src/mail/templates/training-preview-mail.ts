import type { Brand } from '@vigil/shared';
import { renderMail, type MailSection, type RenderedMail } from './layout.ts';

export interface TrainingPreviewMailData {
  brand: Brand;
  trainingName: string;
  /** The intro message, sanitised HTML with its text, when it is part of the preview. */
  intro: { html: string; text: string } | null;
  /** The deliveries previewed, each with its subjects and a link to look at them. */
  batches: { title: string; subjects: { title: string; url: string; note: string }[] }[];
}

/** What a manager receives to check a program before employees do. */
export function trainingPreviewMail(data: TrainingPreviewMailData): RenderedMail & { subject: string } {
  const sections: MailSection[] = data.batches.map((b) => ({
    title: b.title,
    items: b.subjects.map((s) => ({ label: s.title, url: s.url, note: s.note })),
  }));
  const rendered = renderMail(data.brand, {
    preheader: `Preview of the training program ${data.trainingName}.`,
    heading: `Preview: ${data.trainingName}`,
    paragraphs: [
      'This is a preview of what your employees will receive in this training program.',
      ...(data.intro ? ['The intro message employees get first:'] : []),
    ],
    ...(data.intro ? { rich: data.intro } : {}),
    sections,
    notes: ['Links open the subjects in the content library, where you can watch them as employees will.'],
  });
  return { subject: `[Preview] ${data.trainingName}`, ...rendered };
}
