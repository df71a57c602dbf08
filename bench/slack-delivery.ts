// Slack delivery figures: one "send now" program on Slack to N employees, sent through the fake Slack
// at Slack's documented rate limits, with no message lost or doubled.
// Usage: [TEST_DATABASE_URL=postgres://…] node --import tsx bench/slack-delivery.ts [--db postgres|pglite]
//          [--employees 10000] [--senders 2] [--minute-ms 1000]
// The fake applies Slack's tiers per workspace and method — users.lookupByEmail and conversations.open
// Tier 3 (50 a minute), chat.postMessage one a second per channel — and answers 429 with Retry-After
// past them. `--minute-ms` compresses Slack's minute (1000: 60 times faster; a real minute would make
// 10,000 first messages take 200 minutes, bound by the two Tier 3 lookups per person); Retry-After is in
// whole seconds as Slack sends it. `--senders` send loops run at once (as that many workers would), each
// as the send job does (sendWhileClaimed). Prints one JSON line.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { CHANNELS } from '@vigil/shared';
import { queryRows } from '../apps/server/src/db/client.ts';
import { chatConnections, trainingDeliveries } from '../apps/server/src/db/schema/index.ts';
import { seal } from '../apps/server/src/lib/secret-box.ts';
import { sendWhileClaimed } from '../apps/server/src/modules/delivery/delivery.send.ts';
import { dispatch, sendDue } from '../apps/server/src/modules/trainings/trainings.delivery.ts';
import { sendNowProgram } from '../apps/server/src/test/factories.ts';
import { startFakeSlack } from '../apps/server/src/test/fake-slack.ts';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { benchCompany, seedEmployees } from './seed.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    employees: { type: 'string', default: '10000' },
    senders: { type: 'string', default: '2' },
    'minute-ms': { type: 'string', default: '1000' },
  },
});
const count = Number(values.employees);
const minuteMs = Number(values['minute-ms']);
const kind = values.db === 'postgres' ? 'postgres' : 'pglite';

const slack = await startFakeSlack({
  minuteMs,
  limits: { 'users.lookupByEmail': 50, 'conversations.open': 50, 'oauth.v2.access': 100 },
  perChannelMs: 1_000,
});
const t = await createTestApp(kind, { JOBS: '0', SLACK_API_URL: slack.apiUrl });
try {
  const db = t.ctx.db;
  const { company, token } = await benchCompany(t, count);
  const call = async (url: string, payload: object) => {
    const res = await t.inject({
      method: 'POST',
      url: `/api/companies/${company.id}${url}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ id: string }>();
  };
  // The workspace connected as 'Add to Slack' leaves it: the bot token sealed.
  await db.insert(chatConnections).values({
    companyId: company.id,
    product: 'slack',
    fields: { welcomeMessage: '1', teamName: 'Fake Workspace' },
    credentials: seal(t.config.secretKey, 'chat', slack.issueToken()),
    enabled: true,
  });
  const list = await call('/lists', { name: 'Everyone' });
  await seedEmployees(db, company.id, list.id, count);
  const emails = (
    await queryRows<{ email: string }>(db, sql`select email from employees where company_id = ${company.id}`)
  ).map((r) => r.email);
  slack.seed(emails);
  await call('/automations', {
    ...sendNowProgram('Slack bench', ['spot-the-phish'], [list.id]),
    sendOptions: { channel: CHANNELS.slack },
  });
  await dispatch(db, new Date());

  const load = loadavg()[0];
  const started = Date.now();
  const senders = Number(values.senders);
  const sent = await Promise.all(
    Array.from({ length: senders }, () => sendWhileClaimed(db, trainingDeliveries, () => sendDue(t.ctx))),
  );
  // What a sender left due later than its wait (a Retry-After beyond it) is taken by the next tick.
  let ticks = 0;
  while (
    (
      await queryRows(
        db,
        sql`select 1 from ${trainingDeliveries} where status in ('pending', 'sending') limit 1`,
      )
    ).length > 0
  ) {
    ticks++;
    await new Promise((r) => setTimeout(r, 500));
    await sendWhileClaimed(db, trainingDeliveries, () => sendDue(t.ctx));
  }
  const seconds = (Date.now() - started) / 1000;
  const statuses = await queryRows<{ status: string; n: number; attempts: number }>(
    db,
    sql`select status, count(*)::int as n, max(attempts)::int as attempts from ${trainingDeliveries}
        group by status order by status`,
  );
  const perEmail = new Map<string, number>();
  for (const m of slack.messages) perEmail.set(m.email, (perEmail.get(m.email) ?? 0) + 1);
  const doubled = [...perEmail.values()].filter((n) => n > 1).length;
  const lost = emails.filter((e) => !perEmail.has(e)).length;
  const calls = new Map<string, number>();
  for (const c of slack.calls) calls.set(c.method, (calls.get(c.method) ?? 0) + 1);
  process.stdout.write(
    `${JSON.stringify({
      db: kind,
      employees: count,
      senders,
      minuteMs,
      seconds: Math.round(seconds * 10) / 10,
      messagesPerSecond: Math.round((slack.messages.length / seconds) * 10) / 10,
      slackMinutesEquivalent: Math.round(((seconds * 1000) / minuteMs) * 10) / 10,
      messages: slack.messages.length,
      distinctRecipients: perEmail.size,
      lost,
      doubled,
      rateLimited429: slack.rateLimited,
      calls: Object.fromEntries(calls),
      statuses,
      sentBySenders: sent,
      extraTicks: ticks,
      loadAtStart: Math.round(load! * 100) / 100,
      loadAtEnd: Math.round(loadavg()[0]! * 100) / 100,
    })}\n`,
  );
} finally {
  await t.close();
  await slack.close();
}
