import { formatPrice, type Brand } from '@vigil/shared';
import { renderMail, type RenderedMail } from './layout.ts';

export interface PartnerDuesMailData {
  brand: Brand;
  recipientName: string;
  partnerName: string;
  /** e.g. 'Dues for October 2026: 5 companies, 230 seats'. */
  description: string;
  /** Cents, in `currency` (e.g. 'EUR'). */
  amount: number;
  currency: string;
  /** paid: the card on file was charged; failed: it was declined; open: there is no card on file. */
  outcome: 'paid' | 'failed' | 'open';
  /** The partner's payments page, where the dues are paid and the card is changed. */
  url: string;
}

/** The monthly dues of a partner account, to its partner admins: charged, declined, or to be paid. */
export function partnerDuesMail(data: PartnerDuesMailData): RenderedMail & { subject: string } {
  const product = data.brand.accountName;
  const greeting = data.recipientName ? `Hello ${data.recipientName},` : 'Hello,';
  const sum = `${data.currency} ${formatPrice(data.amount)} for ${data.description} (${data.partnerName})`;
  const texts = {
    paid: {
      subject: `Your ${product} partner dues were paid`,
      heading: 'Payment received',
      lines: [`We charged your card on file ${sum}. Thank you.`],
      button: 'View payments',
    },
    failed: {
      subject: `Payment failed for your ${product} partner dues`,
      heading: 'Payment failed',
      lines: [
        `We could not take the payment of ${sum}.`,
        'Please update your payment method and pay the dues on your payments page.',
      ],
      button: 'Update your payment method',
    },
    open: {
      subject: `Your ${product} partner dues are due`,
      heading: 'Payment due',
      lines: [
        `Your dues of ${sum} are due.`,
        'There is no card on file: please pay them on your payments page.',
      ],
      button: 'Pay now',
    },
  }[data.outcome];
  const rendered = renderMail(data.brand, {
    preheader: texts.heading,
    heading: texts.heading,
    paragraphs: [greeting, ...texts.lines],
    button: { label: texts.button, url: data.url },
    notes: ['If the button does not work, paste this address into your browser:', data.url],
  });
  return { subject: texts.subject, ...rendered };
}
