import { SIGNIN_TOKEN, type Brand } from '@vigil/shared';
import { renderMail, type RenderedMail } from './layout.ts';

export interface SigninMailData {
  brand: Brand;
  recipientName: string;
  url: string;
  /** 'verify' greets a new trial account; 'signin' is the usual link. */
  purpose: 'signin' | 'verify';
}

export function signinMail(data: SigninMailData): RenderedMail & { subject: string } {
  const verify = data.purpose === 'verify';
  const greeting = data.recipientName ? `Hello ${data.recipientName},` : 'Hello,';
  const subject = verify ? 'Confirm your email to start your Vigil trial' : 'Your Vigil sign-in link';
  const rendered = renderMail(data.brand, {
    preheader: verify ? 'Confirm your email and open your trial.' : 'Use this link to sign in to Vigil.',
    heading: verify ? 'Welcome to Vigil' : 'Sign in to Vigil',
    paragraphs: [
      greeting,
      verify
        ? 'Thanks for starting a free trial. Confirm your email address to open your account.'
        : 'Click the button below to sign in. No password needed.',
    ],
    button: { label: verify ? 'Confirm and sign in' : 'Sign in', url: data.url },
    notes: [
      `The link works once and expires in ${SIGNIN_TOKEN.ttlMinutes} minutes.`,
      'If the button does not work, paste this address into your browser:',
      data.url,
      'If you did not ask for this email, you can ignore it.',
    ],
  });
  return { subject, ...rendered };
}
