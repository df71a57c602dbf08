import { durationMinutes, type Brand } from '@vigil/shared';
import { renderMail, type RenderedMail } from './layout.ts';

export interface AssessmentPreviewMailData {
  brand: Brand;
  assessmentName: string;
  /** The intro message, sanitised HTML with its text, when there is one. */
  intro: { html: string; text: string } | null;
  questions: { name: string; area: string }[];
  /** Seconds the questions typically take together. */
  duration: number;
  due: string | null;
}

/** What a manager receives to check an assessment before employees do. */
export function assessmentPreviewMail(data: AssessmentPreviewMailData): RenderedMail & { subject: string } {
  const size = `${data.questions.length} question${data.questions.length === 1 ? '' : 's'}, about ${durationMinutes(data.duration)} min`;
  const rendered = renderMail(data.brand, {
    preheader: `Preview of the assessment ${data.assessmentName}.`,
    heading: `Preview: ${data.assessmentName}`,
    paragraphs: [
      `This is a preview of the security assessment your employees will receive: ${size}.`,
      ...(data.due ? [`Due date: ${data.due}.`] : []),
      ...(data.intro ? ['The intro message employees get with their invitation:'] : []),
    ],
    ...(data.intro ? { rich: data.intro } : {}),
    sections: [{ title: 'Questions', items: data.questions.map((q) => ({ label: q.name, note: q.area })) }],
  });
  return { subject: `[Preview] ${data.assessmentName}`, ...rendered };
}
