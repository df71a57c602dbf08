import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { screenshotDir } from './browser.ts';
import { mailedSigninLink } from './session.ts';

/** A manager's API session, by the same mailed link a person would use. */
export async function managerToken(baseUrl: string, email: string): Promise<string> {
  const link = await mailedSigninLink(baseUrl, email);
  const signin = link.match(/\/auth\/email\/signin\/(\S+)/)![1]!;
  const res = await fetch(`${baseUrl}/api/auth/email/signin/${signin}`, { method: 'POST' });
  return ((await res.json()) as { token: string }).token;
}

/** A JSON call to the API as that manager; throws with the server's answer on failure. */
export async function api<T>(
  baseUrl: string,
  token: string,
  method: string,
  url: string,
  body?: object,
): Promise<T> {
  const res = await fetch(`${baseUrl}/api${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * A program that mails its first lessons to one list now (no reminders), as the wizard saves it: the
 * journeys' quickest way to put lessons in an employee's mailbox. `intro` adds an introductory message.
 */
export function sendNowProgram(name: string, subjects: string[], listId: string, intro?: string) {
  return {
    name,
    status: 'scheduled',
    templateId: null,
    templateCustomized: true,
    subjects,
    userLists: [listId],
    scheduleType: 1,
    date: null,
    frequency: 'W',
    subjectsPerInterval: 3,
    sendOptions: { channel: 1 },
    reminders_enabled: false,
    reminders_settings: { channel: 1, steps: [{ delay: 1, delayType: 3 }] },
    introMessageEnabled: intro !== undefined,
    introductoryData: { message: intro ?? '' },
  };
}

/** Waits for the mail with this subject to `to` in the development mailbox. */
export async function mailTo(baseUrl: string, to: string, subject: string | RegExp) {
  for (let i = 0; i < 200; i++) {
    const mails = (await (
      await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`)
    ).json()) as Array<{ subject: string; text: string }>;
    const mail = mails.find((m) =>
      typeof subject === 'string' ? m.subject === subject : subject.test(m.subject),
    );
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail "${String(subject)}" to ${to}`);
}

/** Writes a PDF and renders its first page to PNG next to the screenshots; returns the PNG path. */
export function renderPdf(bytes: Buffer, name: string): string {
  const pdf = path.join(screenshotDir, `${name}.pdf`);
  writeFileSync(pdf, bytes);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '70',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    pdf,
    path.join(screenshotDir, name),
  ]);
  return path.join(screenshotDir, `${name}.png`);
}
