import type { Brand } from '@vigil/shared';
import { renderMail, type RenderedMail } from './layout.ts';

export interface EnrolmentMailData {
  brand: Brand;
  employeeName: string;
  trainingName: string;
  /** The employee's learner link. */
  link: string;
}

/**
 * The welcome mail of spec 1 §4 "Enrolment email": an employee added to a list of a running program
 * hears they are part of it before its next lessons arrive.
 */
export function enrolmentMail(data: EnrolmentMailData): RenderedMail & { subject: string } {
  const { brand } = data;
  const rendered = renderMail(brand, {
    preheader: `${brand.companyName} has enrolled you in ${data.trainingName}.`,
    heading: `Welcome to ${data.trainingName}`,
    paragraphs: [
      data.employeeName ? `Hello ${data.employeeName},` : 'Hello,',
      `${brand.companyName} has enrolled you in the security-awareness training program “${data.trainingName}”. Its lessons come to you by email; you can also open them any time with the button below.`,
    ],
    button: { label: 'Open my training', url: data.link },
    notes: [`Questions? Write to ${brand.supportEmail}.`],
  });
  return { subject: `You are enrolled in ${data.trainingName}`, ...rendered };
}
