/**
 * What a company may do by its subscription, through the real routes: seats of the billing month
 * ('Employees limit reached.' or overage billed from that day), an ended trial or subscription
 * (read-only: no starts, no employees added, nothing sent), and the entitlement guard.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITLEMENT_MESSAGES, TRAINING_MESSAGES } from '@vigil/shared';
import {
  companies,
  companySubscriptions,
  mails,
  seatOverages,
  trainingDeliveries,
} from '../../db/schema/index.ts';
import {
  addMember,
  bearer,
  createCompany,
  createManager,
  sendNowProgram,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { makePng, multipartFile } from '../../test/png.ts';
import { SUBSCRIPTION_ENDED } from '../delivery/delivery.send.ts';
import { dispatch, sendDue } from '../trainings/trainings.delivery.ts';

const DAY = 86_400_000;

describe.each(testDatabases())('subscription access on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function companyWithAdmin(values: Parameters<typeof createCompany>[1]) {
    const company = await createCompany(t.ctx.db, values);
    const manager = await createManager(t.ctx.db);
    await addMember(t.ctx.db, company.id, manager.id, 1);
    const token = await signIn(t, manager.id);
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.inject({ method, url: `/api/companies/${company.id}${url}`, headers: bearer(token), payload });
    const list = (await call('POST', '/lists', { name: 'Everyone' })).json<{ id: string }>().id;
    const add = (emails: string[]) =>
      call('POST', `/lists/${list}/users`, { users: emails.map((email) => ({ email, name: '' })) });
    return { company, token, call, list, add };
  }
  const people = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => `${prefix}${i}@seats.example`);

  it('refuses employees beyond the seats with "Employees limit reached.", whatever the path', async () => {
    const c = await companyWithAdmin({ subscription: { seats: 3 } });
    expect((await c.add(people('a', 3))).statusCode).toBe(200);
    const one = await c.add(['d@seats.example']);
    expect(one.statusCode).toBe(409);
    expect(one.json()).toEqual({ error: 'limit_reached', description: ENTITLEMENT_MESSAGES.limitReached });
    const imported = await c.call('POST', '/createUsersBatch', {
      listName: 'Imported',
      records: ['e@seats.example'],
      preview: false,
    });
    expect(imported.statusCode).toBe(409);
    // Someone already holding a seat may join another list.
    expect(
      (
        await c.call('POST', '/createUsersBatch', {
          listName: 'Again',
          records: ['a0@seats.example'],
          preview: false,
        })
      ).statusCode,
    ).toBe(200);
    const me = (await c.call('GET', '')).json();
    expect(me).toMatchObject({ users_total: 3, users_available: 3, usersLeft: 0, canAddUsers: false });
  });

  it('keeps the seat of someone removed during the month, so removing and adding cannot dodge the limit', async () => {
    const c = await companyWithAdmin({ subscription: { seats: 2 } });
    await c.add(['x@seats.example', 'y@seats.example']);
    expect((await c.call('DELETE', `/lists/${c.list}/users/x@seats.example`)).statusCode).toBe(204);
    expect((await c.add(['z@seats.example'])).statusCode).toBe(409);
    // x comes back: they hold this month's seat already.
    expect((await c.add(['x@seats.example'])).statusCode).toBe(200);
    expect((await c.call('GET', '')).json().users_total).toBe(2);
  });

  it('lets a plan with overage add beyond the seats, records the day, and shows the banner figures', async () => {
    const c = await companyWithAdmin({ subscription: { seats: 2, definition: { overage: true } } });
    expect((await c.add(people('o', 4))).statusCode).toBe(200);
    const me = (await c.call('GET', '')).json();
    expect(me).toMatchObject({ users_total: 4, users_available: 2, canAddUsers: true });
    const days = await t.ctx.db.select().from(seatOverages).where(eq(seatOverages.companyId, c.company.id));
    expect(days).toEqual([
      { companyId: c.company.id, day: new Date().toISOString().slice(0, 10), seats: 2, used: 4 },
    ]);
  });

  it('makes an ended company read-only: no start, no employees, nothing sent; results still readable', async () => {
    const c = await companyWithAdmin({ subscription: { seats: 50 } });
    await c.add(['r0@ended.example', 'r1@ended.example']);
    const started = await c.call(
      'POST',
      '/automations',
      sendNowProgram('Before the end', ['spot-the-phish'], [c.list]),
    );
    expect(started.statusCode, started.body).toBe(200);
    await dispatch(t.ctx.db);
    // The subscription ends before the send loop gets to the deliveries.
    await t.ctx.db
      .update(companySubscriptions)
      .set({ validTo: new Date(Date.now() - DAY) })
      .where(eq(companySubscriptions.companyId, c.company.id));
    expect(await sendDue(t.ctx)).toBe(0);
    const deliveries = await t.ctx.db
      .select({ status: trainingDeliveries.status, error: trainingDeliveries.error })
      .from(trainingDeliveries)
      .where(eq(trainingDeliveries.companyId, c.company.id));
    expect(deliveries.length).toBeGreaterThan(0);
    for (const d of deliveries) expect(d).toEqual({ status: 'failed', error: SUBSCRIPTION_ENDED });
    expect(await t.ctx.db.select().from(mails).where(eq(mails.toAddress, 'r0@ended.example'))).toEqual([]);

    const again = await c.call(
      'POST',
      '/automations',
      sendNowProgram('After the end', ['spot-the-phish'], [c.list]),
    );
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ error: 'subscription_expired', description: TRAINING_MESSAGES.noLicense });
    const preview = await c.call('POST', '/automations/preview', {
      targetEmail: 'me@ended.example',
      type: 1,
      name: 'x',
      previewSubjects: [{ index: 0, subjectIds: ['spot-the-phish'] }],
    });
    expect(preview.statusCode).toBe(403);
    expect(preview.json().error).toBe('subscription_expired');
    const add = await c.add(['late@ended.example']);
    expect(add.statusCode).toBe(403);
    expect(add.json()).toEqual({ error: 'subscription_expired', description: ENTITLEMENT_MESSAGES.expired });
    const me = (await c.call('GET', '')).json();
    expect(me).toMatchObject({
      canCreateTraining: false,
      canAddUsers: false,
      subscription: { package_valid: 0 },
    });
    expect((await c.call('GET', '/automations')).statusCode).toBe(200);
    expect((await c.call('GET', `/lists/${c.list}/users`)).json().total).toBe(2);
  });

  it('makes an ended trial read-only too', async () => {
    const c = await companyWithAdmin({
      trialEnds: new Date(Date.now() + DAY),
      subscription: { trial: true, seats: 50, validTo: new Date(Date.now() + DAY) },
    });
    expect((await c.add(['t0@trial.example'])).statusCode).toBe(200);
    await t.ctx.db
      .update(companies)
      .set({ trialEnds: new Date(Date.now() - 1000) })
      .where(eq(companies.id, c.company.id));
    expect((await c.add(['t1@trial.example'])).statusCode).toBe(403);
    expect((await c.call('GET', '')).json().canCreateTraining).toBe(false);
  });

  it('refuses what the plan does not include with not_in_plan (API keys, the public API, the logo)', async () => {
    const c = await companyWithAdmin({ subscription: { definition: { api: true, branding: false } } });
    const key = (await c.call('POST', '/apikeys', { name: 'CI' })).json<{ value: string }>().value;
    expect(key).toMatch(/^vigil_/);
    const v1 = () => t.inject({ method: 'GET', url: '/api/v1/lists', headers: bearer(key) });
    expect((await v1()).statusCode).toBe(200);

    await t.ctx.db
      .update(companySubscriptions)
      .set({ definition: { api: false, branding: false } })
      .where(eq(companySubscriptions.companyId, c.company.id));
    const refused = await c.call('POST', '/apikeys', { name: 'Another' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'not_in_plan',
      description: ENTITLEMENT_MESSAGES.notInPlan('api'),
    });
    expect((await c.call('GET', '/apikeys')).statusCode).toBe(200);
    const api = await v1();
    expect(api.statusCode).toBe(403);
    expect(api.json().error).toBe('not_in_plan');

    const upload = multipartFile({ bytes: makePng(), filename: 'logo.png', type: 'image/png' });
    const logo = await t.inject({
      method: 'PUT',
      url: `/api/companies/${c.company.id}/logo`,
      headers: { ...bearer(c.token), ...upload.headers },
      payload: upload.payload,
    });
    expect(logo.statusCode).toBe(403);
    expect(logo.json()).toEqual({
      error: 'not_in_plan',
      description: ENTITLEMENT_MESSAGES.notInPlan('branding'),
    });
  });
});
