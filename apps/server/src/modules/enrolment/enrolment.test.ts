/**
 * The enrolment email (spec 1 §4, ui.sendEnrolment): employees added to a list of a running program
 * get one welcome mail per program, in the company's Brand; with the setting off, none.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, trainings } from '../../db/schema/index.ts';
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

describe.each(testDatabases())('enrolment email on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let companyId: string;
  let listA: string;
  let listB: string;
  let programId: string;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.inject({ method, url: `/api/companies/${companyId}${url}`, headers: bearer(admin), payload });
  const addTo = (listId: string, email: string, name: string) =>
    call('POST', `/lists/${listId}/users`, { users: [{ email, name }] });
  /** The welcome mails to `to` (a late joiner also gets the program's batch mail, another kind). */
  const welcomes = (to: string) =>
    t.ctx.db
      .select()
      .from(mails)
      .where(and(eq(mails.toAddress, to), eq(mails.kind, 'enrolment')));
  const waitForWelcome = async (to: string) => {
    for (let i = 0; i < 150; i++) {
      const [mail] = await welcomes(to);
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`No welcome to ${to}`);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const company = await createCompany(t.ctx.db, { name: 'Enrol Works' });
    companyId = company.id;
    const manager = await createManager(t.ctx.db);
    await addMember(t.ctx.db, companyId, manager.id, 1, true);
    admin = await signIn(t, manager.id);
    await call('PUT', '', { primaryColor: '#7048e8', sendEnrolment: true });
    listA = (await call('POST', '/lists', { name: 'Enrol A' })).json().id;
    listB = (await call('POST', '/lists', { name: 'Enrol B' })).json().id;
    await addTo(listA, 'first@enrol.example', 'First Member');
    const started = await call(
      'POST',
      '/automations',
      sendNowProgram('Phishing Basics', ['spot-the-phish'], [listA, listB]),
    );
    expect(started.statusCode, started.body).toBe(200);
    programId = started.json().automation.id;
    // Running: the program's first batch went out.
    await t.ctx.db.update(trainings).set({ status: 'active' }).where(eq(trainings.id, programId));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('welcomes an employee added to a list of a running program, in the Brand, with their learner link', async () => {
    expect((await addTo(listA, 'nina@enrol.example', 'Nina New')).statusCode).toBe(200);
    const mail = await waitForWelcome('nina@enrol.example');
    expect(mail.subject).toBe('You are enrolled in Phishing Basics');
    expect(mail.text).toContain('Hello Nina New,');
    expect(mail.text).toContain('Enrol Works has enrolled you');
    expect(learnerTokenFrom(mail.text)).toBeTruthy();
    expect(mail.html).toContain('#7048e8');
  });

  it('welcomes once per program, however many of its lists the employee joins', async () => {
    expect((await addTo(listB, 'nina@enrol.example', 'Nina New')).statusCode).toBe(200);
    // An import into the other list welcomes a newcomer and not Nina again.
    const imported = await call('POST', '/createUsersBatch', {
      listId: listB,
      records: ['nina@enrol.example,Nina New', 'ivan@enrol.example,Ivan Import'],
      preview: false,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await waitForWelcome('ivan@enrol.example');
    expect(await welcomes('nina@enrol.example')).toHaveLength(1);
  });

  it('sends nothing when the company has the enrolment email off', async () => {
    await call('PUT', '', { sendEnrolment: false });
    await addTo(listA, 'otto@enrol.example', 'Otto Off');
    await new Promise((r) => setTimeout(r, 2500));
    expect(await welcomes('otto@enrol.example')).toEqual([]);
  });

  it('sends nothing for a list of no running program', async () => {
    await call('PUT', '', { sendEnrolment: true });
    const idle = (await call('POST', '/lists', { name: 'Idle list' })).json().id;
    await addTo(idle, 'ida@enrol.example', 'Ida Idle');
    await new Promise((r) => setTimeout(r, 2500));
    expect(await welcomes('ida@enrol.example')).toEqual([]);
  });
});
