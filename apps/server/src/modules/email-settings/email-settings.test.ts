/**
 * Email settings (spec 1 §2, §3 `ui.email.*`): reading and saving the mail texts (admins of the company
 * only), their validation, the preview through the real templates, and the texts, Brand and language in
 * the mails the delivery path really sends.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_SETTINGS_MESSAGES } from '@vigil/shared';
import { mails } from '../../db/schema/index.ts';
import {
  addMember,
  bearer,
  createCompany,
  createManager,
  learnerTokenFrom,
  sendNowProgram,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { makePng, multipartFile } from '../../test/png.ts';
import { mergeCompanySettings } from '../companies/companies.service.ts';

describe.each(testDatabases())('email settings on %s', (kind) => {
  let t: TestApp;
  let companyId: string;
  let otherCompanyId: string;
  let admin: string;
  let viewer: string;
  let teamManager: string;
  let otherAdmin: string;
  let listId: string;

  const call = (
    token: string,
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    payload?: object,
    company = companyId,
  ) => t.inject({ method, url: `/api/companies/${company}${url}`, headers: bearer(token), payload });
  const htmlOf = async (to: string, kindOfMail: string) => {
    for (let i = 0; i < 200; i++) {
      const rows = await t.ctx.db.select().from(mails).where(eq(mails.toAddress, to));
      const mail = rows.find((m) => m.kind === kindOfMail);
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`No ${kindOfMail} mail to ${to}`);
  };
  /** Starts a program that sends a lesson now to a new list holding these employees. */
  const sendTrainingTo = async (name: string, employees: { email: string; name: string }[]) => {
    const list = (await call(admin, 'POST', '/lists', { name: `${name} list` })).json().id as string;
    expect((await call(admin, 'POST', `/lists/${list}/users`, { users: employees })).statusCode).toBe(200);
    const started = await call(
      admin,
      'POST',
      '/automations',
      sendNowProgram(name, ['spot-the-phish'], [list]),
    );
    expect(started.statusCode, started.body).toBe(200);
    return list;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    companyId = (await createCompany(t.ctx.db, { name: 'Mailtext Works' })).id;
    otherCompanyId = (await createCompany(t.ctx.db, { name: 'Other Works' })).id;
    const [a, v, m, o] = await Promise.all([
      createManager(t.ctx.db),
      createManager(t.ctx.db),
      createManager(t.ctx.db),
      createManager(t.ctx.db),
    ]);
    await addMember(t.ctx.db, companyId, a.id, 1);
    await addMember(t.ctx.db, companyId, v.id, 2);
    await addMember(t.ctx.db, companyId, m.id, 2, true);
    await addMember(t.ctx.db, otherCompanyId, o.id, 1);
    [admin, viewer, teamManager, otherAdmin] = await Promise.all([
      signIn(t, a.id),
      signIn(t, v.id),
      signIn(t, m.id),
      signIn(t, o.id),
    ]);
    await call(admin, 'PUT', '', { primaryColor: '#7048e8' });
    const logo = multipartFile({ bytes: makePng(), filename: 'logo.png', type: 'image/png' });
    const uploaded = await t.inject({
      method: 'PUT',
      url: `/api/companies/${companyId}/logo`,
      headers: { ...bearer(admin), ...logo.headers },
      payload: logo.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    listId = (await call(admin, 'POST', '/lists', { name: 'Everyone' })).json().id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads the texts: empty where the default applies, with the language mails take by default', async () => {
    const res = await call(admin, 'GET', '/email_settings');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.language).toBe('en');
    expect(body.texts.trainingFooter).toBe('');
    expect(Object.keys(body.texts).sort()).toEqual(
      [
        'assessmentFooter',
        'assessmentHeader',
        'certificate',
        'reminderFooter',
        'reminderHeader',
        'trainingFooter',
        'trainingHeader',
      ].sort(),
    );
    expect(body.markdown.trainingFooter).toBe('');
  });

  it('refuses viewers, team managers, other companies and the signed-out', async () => {
    for (const token of [viewer, teamManager]) {
      expect((await call(token, 'GET', '/email_settings')).statusCode).toBe(403);
      expect(
        (await call(token, 'PUT', '/email_settings', { texts: { trainingFooter: 'x' } })).statusCode,
      ).toBe(403);
      expect((await call(token, 'POST', '/email_settings/preview', { kind: 'training' })).statusCode).toBe(
        403,
      );
    }
    // Another company's admin does not see this company at all.
    expect((await call(otherAdmin, 'GET', '/email_settings')).statusCode).toBe(404);
    expect(
      (await call(otherAdmin, 'PUT', '/email_settings', { texts: { trainingFooter: 'Hijacked' } }))
        .statusCode,
    ).toBe(404);
    // Nor does the x-company-id header open it on a route with the company in its path.
    const crossed = await t.inject({
      method: 'GET',
      url: `/api/companies/${otherCompanyId}/email_settings`,
      headers: { ...bearer(admin), 'x-company-id': companyId },
    });
    expect(crossed.statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: `/api/companies/${companyId}/email_settings` })).statusCode,
    ).toBe(401);
    expect((await call(admin, 'GET', '/email_settings')).json().texts.trainingFooter).toBe('');
  });

  it('validates the texts with the messages the page shows next to the field', async () => {
    const tooLong = await call(admin, 'PUT', '/email_settings', {
      texts: { trainingFooter: 'x'.repeat(2001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([{ message: EMAIL_SETTINGS_MESSAGES.tooLong }]);
    const unknown = await call(admin, 'PUT', '/email_settings', {
      texts: { trainingHeader: 'Hi {{first_name}}' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ message: EMAIL_SETTINGS_MESSAGES.unknownVariable }]);
    const script = await call(admin, 'PUT', '/email_settings', {
      markdown: { reminderFooter: 'Bye <script>alert(1)</script>' },
    });
    expect(script.statusCode).toBe(400);
    expect(script.json().errors).toEqual([{ message: EMAIL_SETTINGS_MESSAGES.noScript }]);
    const handler = await call(admin, 'PUT', '/email_settings', {
      texts: { reminderFooter: '<img src=x onerror="alert(1)">' },
    });
    expect(handler.statusCode).toBe(400);
    expect((await call(admin, 'PUT', '/email_settings', { texts: { unknown: 'x' } })).statusCode).toBe(400);
    expect((await call(admin, 'GET', '/email_settings')).json().texts.reminderFooter).toBe('');
  });

  it('saves a text and its markdown twin, and restores the default with an empty text', async () => {
    const saved = await call(admin, 'PUT', '/email_settings', {
      texts: { reminderHeader: '**Hi {{employee_name}}**' },
      markdown: { reminderHeader: '*Hi {{employee_name}}*' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().texts.reminderHeader).toBe('**Hi {{employee_name}}**');
    expect(saved.json().markdown.reminderHeader).toBe('*Hi {{employee_name}}*');
    const read = (await call(admin, 'GET', '/email_settings')).json();
    expect(read.texts.reminderHeader).toBe('**Hi {{employee_name}}**');
    // The audit log keeps the texts before and after the change.
    const log = (await call(admin, 'GET', '/audit?limit=200')).json().rows as {
      action: string;
      before: { texts: Record<string, string> } | null;
      after: { texts: Record<string, string> } | null;
    }[];
    const change = log.find(
      (r) => r.action === 'PUT /api/companies/:id/email_settings' && r.after?.texts.reminderHeader !== '',
    );
    expect(change?.before?.texts.reminderHeader).toBe('');
    expect(change?.after?.texts.reminderHeader).toBe('**Hi {{employee_name}}**');
    const restored = await call(admin, 'PUT', '/email_settings', {
      texts: { reminderHeader: '' },
      markdown: { reminderHeader: '' },
    });
    expect(restored.json().texts.reminderHeader).toBe('');
    expect(restored.json().markdown.reminderHeader).toBe('');
  });

  it('previews the real mail with unsaved texts, variables filled, in the Brand and the asked language', async () => {
    const res = await call(admin, 'POST', '/email_settings/preview', {
      kind: 'training',
      texts: {
        trainingFooter: 'Questions, {{employee_name}}? Ask the **{{company}}** team about {{program}}.',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = res.json();
    expect(mail.subject).toBe('Security awareness essentials: new lessons for you');
    expect(mail.html).toContain(
      'Questions, Alex Example? Ask the <strong>Mailtext Works</strong> team about Security awareness essentials.',
    );
    expect(mail.text).toContain(
      'Questions, Alex Example? Ask the Mailtext Works team about Security awareness essentials.',
    );
    expect(mail.html).toContain('#7048e8');
    expect(mail.html).toMatch(new RegExp(`<img src="[^"]*/api/companies/${companyId}/logo\\?v=`));
    // Nothing was saved.
    expect((await call(admin, 'GET', '/email_settings')).json().texts.trainingFooter).toBe('');

    const reminder = (
      await call(admin, 'POST', '/email_settings/preview', { kind: 'reminder', language: 'fr' })
    ).json();
    expect(reminder.subject).toBe('Rappel : Security awareness essentials');
    expect(reminder.html).toContain('<html lang="fr">');
    // The default footer, in French.
    expect(reminder.text).toContain('Merci de contribuer à la sécurité de Mailtext Works.');

    const assessment = (
      await call(admin, 'POST', '/email_settings/preview', {
        kind: 'assessment',
        texts: { assessmentFooter: 'Due {{due_date}}.' },
      })
    ).json();
    expect(assessment.values.due_date).not.toBe('');
    expect(assessment.text).toContain(`Due ${assessment.values.due_date}.`);

    const invalid = await call(admin, 'POST', '/email_settings/preview', {
      kind: 'training',
      texts: { trainingFooter: '{{nope}}' },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('puts the saved footer, variables filled, the colour and the logo in a training mail sent through delivery', async () => {
    const saved = await call(admin, 'PUT', '/email_settings', {
      texts: { trainingFooter: 'Thanks, {{employee_name}}, for doing {{program}} at {{company}}.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await sendTrainingTo('Footer Program', [{ email: 'fiona@mailtext.example', name: 'Fiona Footer' }]);
    const mail = await htmlOf('fiona@mailtext.example', 'training');
    expect(mail.html).toContain('Thanks, Fiona Footer, for doing Footer Program at Mailtext Works.');
    expect(mail.text).toContain('Thanks, Fiona Footer, for doing Footer Program at Mailtext Works.');
    expect(mail.html).toContain('background:#7048e8');
    expect(mail.html).toMatch(
      new RegExp(`<img src="http[^"]*/api/companies/${companyId}/logo\\?v=[0-9a-f]{16}\\.png"`),
    );
    // The outbox (/dev/mailbox) serves the same mail.
    const box = await t.inject({ method: 'GET', url: `/dev/mailbox/${mail.id}` });
    expect(box.statusCode).toBe(200);
    expect(box.body).toContain('Thanks, Fiona Footer, for doing Footer Program at Mailtext Works.');
  });

  it("writes an employee's mail in their language, and in the company's until they have one", async () => {
    const key = (await call(admin, 'POST', '/apikeys', { name: 'Language sync' })).json().value as string;
    await call(admin, 'PUT', '/email_settings', { texts: { trainingFooter: '' } });
    await call(admin, 'POST', `/lists/${listId}/users`, {
      users: [
        { email: 'greta@mailtext.example', name: 'Greta German' },
        { email: 'paul@mailtext.example', name: 'Paul Plain' },
      ],
    });
    const directory = await t.inject({
      method: 'GET',
      url: '/api/v1/employees?limit=100',
      headers: bearer(key),
    });
    const greta = directory.json().data.find((e: { email: string }) => e.email === 'greta@mailtext.example');
    expect(greta.language).toBeNull();
    const patched = await t.inject({
      method: 'PATCH',
      url: `/api/v1/employees/${greta.id}`,
      headers: bearer(key),
      payload: { language: 'de' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().language).toBe('de');
    const refused = await t.inject({
      method: 'PATCH',
      url: `/api/v1/employees/${greta.id}`,
      headers: bearer(key),
      payload: { language: 'xx' },
    });
    expect(refused.statusCode).toBe(400);

    await call(admin, 'PUT', '', { defaultLanguage: 'es' });
    const started = await call(
      admin,
      'POST',
      '/automations',
      sendNowProgram('Sprachen', ['spot-the-phish'], [listId]),
    );
    expect(started.statusCode, started.body).toBe(200);
    const german = await htmlOf('greta@mailtext.example', 'training');
    expect(german.subject).toBe('Sprachen: neue Lektionen für Sie');
    expect(german.text).toContain('Hallo Greta German,');
    expect(german.text).toContain('Danke, dass Sie helfen, Mailtext Works sicher zu halten.');
    expect(german.html).toContain('<html lang="de">');
    const spanish = await htmlOf('paul@mailtext.example', 'training');
    expect(spanish.subject).toBe('Sprachen: nuevas lecciones para usted');
    expect(spanish.text).toContain('Hola Paul Plain:');
    // The learner app the mail opens speaks the same language.
    for (const [mail, language] of [
      [german, 'de'],
      [spanish, 'es'],
    ] as const) {
      const me = await t.inject({
        method: 'GET',
        url: '/api/learner/me',
        headers: bearer(learnerTokenFrom(mail.text)),
      });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json().language).toBe(language);
    }
    await call(admin, 'PUT', '', { defaultLanguage: 'en' });
  });

  it('escapes a name that reaches a text and drops script a stored text carries', async () => {
    await call(admin, 'PUT', '/email_settings', { texts: { trainingFooter: 'Bye {{employee_name}}.' } });
    await sendTrainingTo('Escape Program', [
      { email: 'mallory@mailtext.example', name: '<script>alert(1)</script>' },
    ]);
    const named = await htmlOf('mallory@mailtext.example', 'training');
    expect(named.html).not.toContain('<script>alert(1)</script>');
    expect(named.html).toContain('Bye &lt;script&gt;alert(1)&lt;/script&gt;.');

    // A text stored before validation existed (or written around it) is still sanitised when mailed.
    await mergeCompanySettings(t.ctx.db, companyId, {
      'ui.email.trainingFooter':
        'Stored <script>alert(2)</script><img src=x onerror="alert(3)"> [go](javascript:alert(4))',
    });
    await sendTrainingTo('Stored Program', [{ email: 'sam@mailtext.example', name: 'Sam Stored' }]);
    const stored = await htmlOf('sam@mailtext.example', 'training');
    expect(stored.html).not.toMatch(/<script|onerror|javascript:/i);
    expect(stored.html).toContain('Stored');
  });
});
