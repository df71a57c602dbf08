import { SIGNIN_TOKEN, type Brand } from '@vigil/shared';
import { renderMail, type RenderedMail } from './layout.ts';

export interface SigninMailData {
  brand: Brand;
  recipientName: string;
  url: string;
  /**
   * 'verify' greets a new trial account; 'welcome' a manager another admin added to the brand's
   * company; 'signin' is the usual link.
   */
  purpose: 'signin' | 'verify' | 'welcome';
  /** How long the link works; a sign-in link's minutes unless said. */
  expiresIn?: string;
}

function texts(data: SigninMailData) {
  const product = data.brand.accountName;
  switch (data.purpose) {
    case 'verify':
      return {
        subject: `Confirm your email to start your ${product} trial`,
        preheader: 'Confirm your email and open your trial.',
        heading: `Welcome to ${product}`,
        body: 'Thanks for starting a free trial. Confirm your email address to open your account.',
        button: 'Confirm and sign in',
      };
    case 'welcome':
      return {
        subject: `You have been added to ${data.brand.companyName} on ${product}`,
        preheader: `Sign in to ${product} for ${data.brand.companyName}.`,
        heading: `Welcome to ${product}`,
        body: `You have been added as a manager of ${data.brand.companyName}. Click the button below to sign in. No password needed.`,
        button: 'Sign in',
      };
    default:
      return {
        subject: `Your ${product} sign-in link`,
        preheader: `Use this link to sign in to ${product}.`,
        heading: `Sign in to ${product}`,
        body: 'Click the button below to sign in. No password needed.',
        button: 'Sign in',
      };
  }
}

export function signinMail(data: SigninMailData): RenderedMail & { subject: string } {
  const text = texts(data);
  const greeting = data.recipientName ? `Hello ${data.recipientName},` : 'Hello,';
  const rendered = renderMail(data.brand, {
    preheader: text.preheader,
    heading: text.heading,
    paragraphs: [greeting, text.body],
    button: { label: text.button, url: data.url },
    notes: [
      `The link works once and expires in ${data.expiresIn ?? `${SIGNIN_TOKEN.ttlMinutes} minutes`}.`,
      'If the button does not work, paste this address into your browser:',
      data.url,
      'If you did not ask for this email, you can ignore it.',
    ],
  });
  return { subject: text.subject, ...rendered };
}
