import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNELS } from '@vigil/shared';
import { queryRows, type Db } from '../../db/client.ts';
import { mails, trainingDeliveries, trainingEvents, trainings } from '../../db/schema/index.ts';
import {
  addMember,
  bearer,
  createCompany,
  createManager,
  sendNowProgram,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { DELIVERY, dispatch, sendDue } from '../trainings/trainings.delivery.ts';
import { registerChannelSender } from './delivery.channels.ts';
import { claimDue } from './delivery.send.queries.ts';

/** A program sent now to `emails` over the channels of `mask`, its deliveries fanned out. */
async function programFor(t: TestApp, emails: string[], mask: number) {
  const db = t.ctx.db;
  const company = await createCompany(db, { name: 'Channel Co' });
  const manager = await createManager(db);
  await addMember(db, company.id, manager.id, 1);
  const token = await signIn(t, manager.id);
  const api = (url: string, payload: object) =>
    t.inject({ method: 'POST', url: `/api/companies/${company.id}${url}`, headers: bearer(token), payload });
  const listId = (await api('/lists', { name: 'All' })).json<{ id: string }>().id;
  await api(`/lists/${listId}/users`, { users: emails.map((email) => ({ email, name: '' })) });
  const res = await api('/automations', sendNowProgram('Channel program', ['spot-the-phish'], [listId]));
  expect(res.statusCode, res.body).toBe(200);
  // The wizard only offers connected channels; the program's mask is set as a connected one would be.
  await db.update(trainings).set({ channel: mask });
  await dispatch(db, new Date());
  return company.id;
}

const byChannel = (db: Db, companyId: string) =>
  queryRows<{ channel: number; status: string; n: number; employees: number }>(
    db,
    sql`select channel, status, count(*)::int as n, count(distinct employee_id)::int as employees
        from ${trainingDeliveries} where company_id = ${companyId}
        group by channel, status order by channel, status`,
  );

describe.each(testDatabases())('delivery channels on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
  }, 120_000);
  afterAll(() => t?.close());

  it('sends each (event, employee, channel) exactly once over email and a second channel, through a failure and a dead sender', async () => {
    const db = t.ctx.db;
    const people = ['a@chan.example', 'b@chan.example', 'c@chan.example'];
    const chat: { to: string; messageId: string; subject: string }[] = [];
    let failures = 1;
    const unregister = registerChannelSender({
      channel: CHANNELS.slack,
      async send(_ctx, message) {
        if (failures-- > 0) throw new Error('chat service busy');
        chat.push({ to: message.to, messageId: message.messageId, subject: message.subject });
        return {};
      },
      isPermanent: () => false,
    });
    try {
      const companyId = await programFor(t, people, CHANNELS.email | CHANNELS.slack);
      const now = new Date();
      // A sender claims every delivery of both channels and dies: its lease has to run out first.
      const tables = { deliveries: trainingDeliveries, events: trainingEvents };
      expect(await claimDue(db, tables, now, DELIVERY.leaseMs, 100)).toHaveLength(6);
      expect(await sendDue(t.ctx, () => now)).toBe(0);

      // Once the lease has run out the rows are taken over; the chat service refuses one message once.
      const later = new Date(now.getTime() + DELIVERY.leaseMs + 1_000);
      expect(await sendDue(t.ctx, () => later)).toBe(5);
      expect(await byChannel(db, companyId)).toEqual([
        { channel: CHANNELS.email, status: 'sent', n: 3, employees: 3 },
        { channel: CHANNELS.slack, status: 'pending', n: 1, employees: 1 },
        { channel: CHANNELS.slack, status: 'sent', n: 2, employees: 2 },
      ]);
      // Not before its back-off; then once, and never again.
      expect(await sendDue(t.ctx, () => later)).toBe(0);
      const retry = new Date(later.getTime() + 10 * 60_000);
      expect(await sendDue(t.ctx, () => retry)).toBe(1);
      expect(await sendDue(t.ctx, () => new Date(retry.getTime() + 86_400_000))).toBe(0);

      expect(await byChannel(db, companyId)).toEqual([
        { channel: CHANNELS.email, status: 'sent', n: 3, employees: 3 },
        { channel: CHANNELS.slack, status: 'sent', n: 3, employees: 3 },
      ]);
      expect(chat.map((m) => m.to).sort()).toEqual(people);
      expect(new Set(chat.map((m) => m.messageId)).size).toBe(3);
      expect(chat[0]!.subject).toBeTruthy();
      // Email keeps its log; the chat channel keeps none.
      const logged = await db
        .select({ to: mails.toAddress })
        .from(mails)
        .where(sql`kind = 'training' and company_id = ${companyId}`);
      expect(logged.map((m) => m.to).sort()).toEqual(people);
    } finally {
      unregister();
    }
  }, 60_000);

  it('fails the deliveries of a channel with no sender as not connected, and still sends the email', async () => {
    const companyId = await programFor(t, ['solo@chan.example'], CHANNELS.email | CHANNELS.teams);
    const now = new Date();
    expect(await sendDue(t.ctx, () => now)).toBe(1);
    const rows = await t.ctx.db
      .select({
        channel: trainingDeliveries.channel,
        status: trainingDeliveries.status,
        error: trainingDeliveries.error,
      })
      .from(trainingDeliveries)
      .where(sql`company_id = ${companyId}`)
      .orderBy(trainingDeliveries.channel);
    expect(rows).toEqual([
      { channel: CHANNELS.email, status: 'sent', error: null },
      { channel: CHANNELS.teams, status: 'failed', error: 'This channel is not connected' },
    ]);
  }, 60_000);
});
