import type { Page } from 'playwright-core';
import { mailTo } from './api.ts';

/** Links already handed out: each is single-use, so a second request must wait for its own mail. */
const handedOut = new Set<string>();

/** Asks for a sign-in link as a person would and returns it from the development outbox. */
export async function mailedSigninLink(baseUrl: string, email: string, redirect = '/'): Promise<string> {
  const since = Date.now();
  const res = await fetch(`${baseUrl}/api/auth/email/manager_signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, redirect }),
  });
  if (!res.ok) throw new Error(`sign-in request failed: ${res.status}`);
  for (let i = 0; i < 100; i++) {
    const mails = (await (
      await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`)
    ).json()) as Array<{
      text: string;
      createdAt: string;
    }>;
    const link = mails
      .filter((m) => new Date(m.createdAt).getTime() >= since - 1000)
      .map((m) => m.text.match(/https?:\/\/\S+\/auth\/email\/signin\/\S+/)?.[0])
      .find((l) => l !== undefined && !handedOut.has(l));
    if (link) {
      handedOut.add(link);
      return link;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no sign-in mail for ${email}`);
}

/** Signs the page in through a mailed link and waits for the redirect target. */
export async function signInAs(page: Page, baseUrl: string, email: string, redirect = '/'): Promise<void> {
  await page.goto(await mailedSigninLink(baseUrl, email, redirect));
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'), { timeout: 20_000 });
}

/** Signs the page in from the newest mail with this subject, through the outbox as a person would. */
export async function signInFromOutbox(
  page: Page,
  baseUrl: string,
  to: string,
  subject: string,
  button: string,
) {
  await mailTo(baseUrl, to, subject);
  await page.goto(`${baseUrl}/dev/mailbox?to=${encodeURIComponent(to)}`);
  await page.getByRole('link', { name: subject }).first().click();
  await page.frameLocator('iframe').getByRole('link', { name: button }).click();
  // A trial's confirmation link opens /trial/verify/{token} first, then the new company's dashboard.
  await page.waitForURL(
    (url) => !['/auth/', '/dev/', '/trial/'].some((prefix) => url.pathname.startsWith(prefix)),
    { timeout: 20_000 },
  );
}
