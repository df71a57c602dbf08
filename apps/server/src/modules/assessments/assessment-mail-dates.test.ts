import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_SETTINGS, durationMinutes, type LearnerAssessment } from '@vigil/shared';
import { mails } from '../../db/schema/index.ts';
import {
  addMember,
  assessmentSave,
  bearer,
  createCompany,
  createManager,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { dispatchAssessments, sendAssessmentMails } from './assessments.engine.ts';
import { questionsByIds } from './assessments.queries.ts';

const QUESTIONS = ['ph-shared-document-login', 'pw-late-night-mfa-prompts'];

/** Noon on 15 January next year in UTC: 13:00 in Berlin, in winter time. */
const due = () => new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 15, 12, 0));

/**
 * An assessment invitation writes its due date in the company's time zone, naming it, and its length
 * from the same source as the learner app.
 */
describe.each(testDatabases())('assessment mails in the company time zone on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A company with one employee invited to an assessment due at `due()`; the invitation mail sent. */
  async function invite(email: string, settings: Record<string, string>) {
    const db = t.ctx.db;
    const companyId = (await createCompany(db, { settings })).id;
    const manager = await createManager(db);
    await addMember(db, companyId, manager.id, 1);
    const token = await signIn(t, manager.id);
    const api = (path: string, payload: object) =>
      t.inject({
        method: 'POST',
        url: `/api/companies/${companyId}${path}`,
        headers: bearer(token),
        payload,
      });
    const listId = (await api('/lists', { name: 'Everyone' })).json<{ id: string }>().id;
    await api(`/lists/${listId}/users`, { users: [{ email, name: 'Ann' }] });
    const created = await api(
      '/assessments',
      assessmentSave(QUESTIONS, [listId], { due: due().toISOString(), personalizeEnabled: false }),
    );
    expect(created.statusCode, created.body).toBe(200);
    await dispatchAssessments(db);
    expect(await sendAssessmentMails(t.ctx)).toBe(1);
    const [mail] = await db.select().from(mails).where(eq(mails.toAddress, email));
    return mail!;
  }

  it('writes the due date in Europe/Berlin with its zone, and the length the learner app shows', async () => {
    const mail = await invite('ann@berlin.example', { [COMPANY_SETTINGS.timeZone]: 'Europe/Berlin' });
    const year = due().getUTCFullYear();
    expect(mail.text).toContain(`Please finish it by 15 January ${year} at 13:00 CET (Europe/Berlin).`);
    expect(mail.text).not.toContain('UTC');

    const match = mail.text.match(/#t=([A-Za-z0-9_%-]+)&go=assessments\/([0-9a-f-]{36})/)!;
    const taken = await t.inject({
      method: 'GET',
      url: `/api/learner/assessments/${match[2]}`,
      headers: bearer(decodeURIComponent(match[1]!)),
    });
    const assessment = taken.json<LearnerAssessment>();
    const stored = await questionsByIds(t.ctx.db, QUESTIONS);
    expect(assessment.duration).toBe(stored.reduce((sum, q) => sum + q.question.duration, 0));
    expect(mail.text).toContain(`2 questions, about ${durationMinutes(assessment.duration)} min`);
  });

  it('writes UTC, named, for a company that has not chosen a time zone', async () => {
    const mail = await invite('ann@utc.example', {});
    expect(mail.text).toContain(`Please finish it by 15 January ${due().getUTCFullYear()} at 12:00 UTC.`);
  });
});
