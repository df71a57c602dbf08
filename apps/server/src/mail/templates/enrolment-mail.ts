import type { Brand, MailLanguage } from '@vigil/shared';
import type { RichText } from './company-texts.ts';
import { renderMail, type RenderedMail } from './layout.ts';
import { mailTexts } from './mail-texts.ts';

export interface EnrolmentMailData {
  brand: Brand;
  /** The employee's language (else the company's), in which the mail is written. */
  language: MailLanguage;
  employeeName: string;
  trainingName: string;
  /** The employee's learner link. */
  link: string;
  /** The company's training header and footer texts (a welcome belongs to the program), variables filled. */
  header: RichText | null;
  footer: RichText | null;
}

/**
 * The welcome mail of spec 1 §4 "Enrolment email": an employee added to a list of a running program
 * hears they are part of it before its next lessons arrive.
 */
export function enrolmentMail(data: EnrolmentMailData): RenderedMail & { subject: string } {
  const { brand } = data;
  const w = mailTexts(data.language);
  const rendered = renderMail(
    brand,
    {
      preheader: w.enrolment.preheader(brand.companyName, data.trainingName),
      heading: w.enrolment.heading(data.trainingName),
      paragraphs: [
        data.employeeName ? w.greeting(data.employeeName) : w.greetingNoName,
        w.enrolment.lead(brand.companyName, data.trainingName),
      ],
      ...(data.header ? { rich: data.header } : {}),
      button: { label: w.enrolment.button, url: data.link },
      notes: [`${w.questions} ${brand.supportEmail}.`],
      footer: data.footer,
    },
    data.language,
  );
  return { subject: w.enrolment.subject(data.trainingName), ...rendered };
}
