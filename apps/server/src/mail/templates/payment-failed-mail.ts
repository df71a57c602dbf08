import { formatPrice, type Brand } from '@vigil/shared';
import { renderMail, type RenderedMail } from './layout.ts';

export interface PaymentFailedMailData {
  brand: Brand;
  recipientName: string;
  /** The company whose subscription it is. */
  companyName: string;
  invoiceDescription: string;
  /** Cents. */
  amount: number;
  /** The next time the card is charged again; null after the last attempt. */
  nextAttempt: Date | null;
  /** When the last attempt failed and the subscription ended with it: that day. */
  endedOn: Date | null;
  /** Where the payment method is updated: the subscription settings (and from there the billing portal). */
  url: string;
}

const day = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** A renewal payment failed (dunning): sent to whoever manages the company's billing, at each attempt. */
export function paymentFailedMail(data: PaymentFailedMailData): RenderedMail & { subject: string } {
  const product = data.brand.accountName;
  const greeting = data.recipientName ? `Hello ${data.recipientName},` : 'Hello,';
  const what = `We could not take the payment of ${formatPrice(data.amount)} for ${data.invoiceDescription} (${data.companyName}).`;
  const next = data.nextAttempt
    ? `We will try your card again on ${day(data.nextAttempt)}. Please update your payment method before then so that your subscription continues.`
    : data.endedOn
      ? `This was our last attempt, so your subscription ended on ${day(data.endedOn)}. Update your payment method and reactivate your subscription to continue.`
      : 'We will not try your card again. Please update your payment method so that your subscription continues.';
  const rendered = renderMail(data.brand, {
    preheader: `Your ${product} subscription payment failed.`,
    heading: 'Payment failed',
    paragraphs: [greeting, what, next],
    button: { label: 'Update payment method', url: data.url },
    notes: ['If the button does not work, paste this address into your browser:', data.url],
  });
  return { subject: `Payment failed for your ${product} subscription`, ...rendered };
}
