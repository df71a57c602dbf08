import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, CHANNELS, CHAT_MESSAGES, chatPath, type SlackSettings } from '@vigil/shared';
import { queryRows } from '../../db/client.ts';
import { auditLog, chatConnections, trainingDeliveries, trainings } from '../../db/schema/index.ts';
import {
  addMember,
  assessmentSave,
  bearer,
  createCompany,
  createManager,
  sendNowProgram,
  signIn,
} from '../../test/factories.ts';
import { startFakeSlack, type FakeSlack } from '../../test/fake-slack.ts';
import { startFakeTeams, type FakeTeams } from '../../test/fake-teams.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { dispatch, sendDue } from '../trainings/trainings.delivery.ts';
import { dispatchAssessments, sendAssessmentMails } from '../assessments/assessments.engine.ts';

describe.each(testDatabases())('Slack and Teams on %s', (kind) => {
  let t: TestApp;
  let slack: FakeSlack;
  let teams: FakeTeams;
  beforeAll(async () => {
    slack = await startFakeSlack({ limits: {}, perChannelMs: 0 });
    teams = await startFakeTeams();
    t = await createTestApp(kind, {
      JOBS: '0',
      SLACK_API_URL: slack.apiUrl,
      SLACK_CLIENT_ID: slack.clientId,
      SLACK_CLIENT_SECRET: slack.clientSecret,
      TEAMS_APP_ID: teams.appId,
      TEAMS_APP_PASSWORD: teams.appPassword,
      TEAMS_TOKEN_URL: teams.botTokenUrl,
      TEAMS_SERVICE_URL: teams.serviceUrl,
      MICROSOFT_LOGIN_URL: teams.url,
      MICROSOFT_GRAPH_URL: teams.url,
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await slack?.close();
    await teams?.close();
  });

  /** A company with an admin signed in, and a list of `emails`. */
  async function companyWith(emails: string[]) {
    const db = t.ctx.db;
    const company = await createCompany(db, { name: `Chat Co ${Math.random().toString(36).slice(2, 7)}` });
    const manager = await createManager(db);
    await addMember(db, company.id, manager.id, 1);
    const token = await signIn(t, manager.id);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload && { payload }) });
    const listId = (await call('POST', `/companies/${company.id}/lists`, { name: 'All' })).json<{
      id: string;
    }>().id;
    await call('POST', `/companies/${company.id}/lists/${listId}/users`, {
      users: emails.map((email, i) => ({ email, name: `Person ${i}` })),
    });
    return { id: company.id, token, call, listId };
  }
  type Company = Awaited<ReturnType<typeof companyWith>>;

  /** 'Add to Slack' as the browser does it: the settings' link, Slack's redirect, the callback. */
  async function connectSlack(c: Company) {
    const settings = (await c.call('GET', chatPath('slack', c.id))).json<SlackSettings>();
    expect(settings.connectUrl).toContain('/oauth/v2/authorize?');
    const redirect = await fetch(settings.connectUrl!, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const back = new URL(redirect.headers.get('location')!);
    expect(back.pathname).toBe('/settings/integrations/slack');
    return c.call('POST', chatPath('slackCallback', c.id), {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    });
  }

  /** Starts a send-now program over `mask` and fans it out. */
  async function startProgram(c: Company, mask: number) {
    const res = await c.call('POST', `/companies/${c.id}/automations`, {
      ...sendNowProgram('Chat program', ['spot-the-phish'], [c.listId]),
      sendOptions: { channel: mask },
    });
    expect(res.statusCode, res.body).toBe(200);
    await dispatch(t.ctx.db, new Date());
    return res.json<{ automation: { id: string } }>().automation.id;
  }

  const deliveries = (companyId: string) =>
    queryRows<{ email: string; channel: number; status: string; error: string | null; attempts: number }>(
      t.ctx.db,
      sql`select emp.email, d.channel, d.status, d.error, d.attempts from ${trainingDeliveries} d
          join employees emp on emp.id = d.employee_id
          where d.company_id = ${companyId} order by d.channel, emp.email`,
    );

  it('connects Slack through OAuth v2 with a state tied to the session, seals the token and audits it', async () => {
    const c = await companyWith([]);
    const res = await connectSlack(c);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ connected: true, team: 'Fake Workspace', welcomeMessage: '1' });
    const [row] = await t.ctx.db.select().from(chatConnections).where(eq(chatConnections.companyId, c.id));
    expect(row!.credentials).toBeTruthy();
    expect(row!.credentials).not.toContain('xoxb-');
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, c.id), sql`action like '%slack/callback'`));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ connected: true });
    expect(JSON.stringify(audit[0])).not.toContain('xoxb-');

    // The welcome message toggles, audited with before and after.
    const off = await c.call('PUT', chatPath('slack', c.id), { welcomeMessage: '0' });
    expect(off.json()).toMatchObject({ welcomeMessage: '0', connected: true });
    const [toggle] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, c.id), sql`action = 'PUT /api/companies/:id/integrations/slack'`));
    expect(toggle!.before).toMatchObject({ welcomeMessage: '1' });
    expect(toggle!.after).toMatchObject({ welcomeMessage: '0' });

    // The overview card and the wizards' channels say connected.
    const overview = (await c.call('GET', `/companies/${c.id}/integrations`)).json<{
      rows: { id: string; connected: boolean }[];
    }>();
    expect(overview.rows.find((r) => r.id === 'slack')?.connected).toBe(true);
    expect((await c.call('GET', chatPath('channels', c.id))).json()).toMatchObject({
      slack: { available: true, connected: true },
      teams: { available: true, connected: false },
    });

    // Unlinked: the token is gone.
    expect((await c.call('POST', chatPath('slackUnlink', c.id))).statusCode).toBe(204);
    expect(await t.ctx.db.select().from(chatConnections).where(eq(chatConnections.companyId, c.id))).toEqual(
      [],
    );
  }, 60_000);

  it("refuses a state from another session, a forged or expired one, and Slack's {ok:false}", async () => {
    const c = await companyWith([]);
    const settings = (await c.call('GET', chatPath('slack', c.id))).json<SlackSettings>();
    const back = new URL(
      (await fetch(settings.connectUrl!, { redirect: 'manual' })).headers.get('location')!,
    );
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    // The same admin in another session: refused.
    const manager = await createManager(t.ctx.db);
    await addMember(t.ctx.db, c.id, manager.id, 1);
    const other = await signIn(t, manager.id);
    const elsewhere = await t.inject({
      method: 'POST',
      url: `/api${chatPath('slackCallback', c.id)}`,
      headers: bearer(other),
      payload: { code, state },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.body).toContain(CHAT_MESSAGES.stateInvalid);
    const forged = await c.call('POST', chatPath('slackCallback', c.id), { code, state: `${state}x` });
    expect(forged.statusCode).toBe(400);
    const [nonce, , mac] = state.split('.');
    const expired = await c.call('POST', chatPath('slackCallback', c.id), {
      code,
      state: `${nonce}.1.${mac}`,
    });
    expect(expired.statusCode).toBe(400);
    // A good state with a code Slack does not know: Slack's error is said.
    const wrong = await c.call('POST', chatPath('slackCallback', c.id), { code: 'code-unknown', state });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.body).toContain('invalid_code');
    expect((await c.call('GET', chatPath('slack', c.id))).json()).toMatchObject({ connected: false });
  }, 60_000);

  it('offers Slack to the wizards only once connected', async () => {
    const c = await companyWith(['w@chat.example']);
    const refused = await c.call('POST', `/companies/${c.id}/automations`, {
      ...sendNowProgram('Too soon', ['spot-the-phish'], [c.listId]),
      sendOptions: { channel: CHANNELS.email | CHANNELS.slack },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Please configure Slack under Settings/Integrations.');
    expect((await connectSlack(c)).statusCode).toBe(200);
    await startProgram(c, CHANNELS.email | CHANNELS.slack);
    // w@ has no Slack account: the mail goes, the Slack message is reported.
    expect(await sendDue(t.ctx)).toBe(1);
  }, 60_000);

  it('finds each employee by email, sends blocks built from the markdown texts with a button, reports who is not on Slack and mails everyone', async () => {
    const people = ['ann@chat.example', 'bob@chat.example', 'nobody@chat.example'];
    const c = await companyWith(people);
    slack.addUser('ann@chat.example', 'Ann');
    slack.addUser('BOB@chat.example', 'Bob');
    expect((await connectSlack(c)).statusCode).toBe(200);
    await c.call('PUT', `/companies/${c.id}/email_settings`, {
      markdown: { trainingHeader: '*Hi {{employee_name}}*, a lesson from {{company}} <3' },
    });
    await startProgram(c, CHANNELS.email | CHANNELS.slack);
    const before = slack.messages.length;
    expect(await sendDue(t.ctx)).toBe(5);

    const sent = slack.messages.slice(before);
    expect(sent.map((m) => m.email).sort()).toEqual(['ann@chat.example', 'bob@chat.example']);
    const blocks = JSON.stringify(sent[0]!.blocks);
    expect(blocks).toContain('*Hi Person ');
    expect(blocks).toContain('a lesson from Chat Co');
    expect(blocks).toContain('"type":"button"');
    expect(blocks).toMatch(/"url":"http:\/\/localhost:3000\/learn[^"]*"/);
    // The welcome line is on by default, on a program's first message.
    expect(blocks).toContain('sends your security-awareness lessons');

    expect(await deliveries(c.id)).toEqual([
      { email: 'ann@chat.example', channel: 1, status: 'sent', error: null, attempts: 1 },
      { email: 'bob@chat.example', channel: 1, status: 'sent', error: null, attempts: 1 },
      { email: 'nobody@chat.example', channel: 1, status: 'sent', error: null, attempts: 1 },
      { email: 'ann@chat.example', channel: 2, status: 'sent', error: null, attempts: 1 },
      { email: 'bob@chat.example', channel: 2, status: 'sent', error: null, attempts: 1 },
      {
        email: 'nobody@chat.example',
        channel: 2,
        status: 'failed',
        error: CHAT_MESSAGES.notFoundOnSlack,
        attempts: 1,
      },
    ]);
    // The delivery status lists each channel of each employee.
    const [training] = await t.ctx.db.select().from(trainings).where(eq(trainings.companyId, c.id));
    const events = (await c.call('GET', `/companies/${c.id}/automations/${training!.id}/deliveries`)).json<
      { id: string }[]
    >();
    const status = (
      await c.call('GET', `/companies/${c.id}/automations/${training!.id}/deliveries/${events[0]!.id}/users`)
    ).json<{ rows: { email: string; channel: number; status: string; error: string | null }[] }>();
    expect(status.rows.filter((r) => r.email === 'nobody@chat.example')).toEqual([
      expect.objectContaining({ channel: CHANNELS.email, status: 'sent' }),
      expect.objectContaining({
        channel: CHANNELS.slack,
        status: 'failed',
        error: CHAT_MESSAGES.notFoundOnSlack,
      }),
    ]);
  }, 60_000);

  it("shows an assessment's delivery status per employee and channel, with who is not on Slack, paged and only to the company", async () => {
    const people = ['amy@quiz.example', 'ben@quiz.example', 'zed@quiz.example'];
    const c = await companyWith(people);
    slack.seed(['amy@quiz.example', 'ben@quiz.example']);
    expect((await connectSlack(c)).statusCode).toBe(200);
    const started = await c.call(
      'POST',
      `/companies/${c.id}/assessments`,
      assessmentSave(['ph-shared-document-login'], [c.listId], { channel: CHANNELS.email | CHANNELS.slack }),
    );
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json<{ assessment: { id: string } }>().assessment.id;
    await dispatchAssessments(t.ctx.db, new Date());
    await sendAssessmentMails(t.ctx);

    const base = `/companies/${c.id}/assessments/${id}/deliveries`;
    const events = (await c.call('GET', base)).json<
      { id: string; type: number; subjects: string[]; counts: Record<string, number> }[]
    >();
    expect(events).toEqual([
      expect.objectContaining({
        type: 1,
        subjects: [],
        counts: { pending: 0, sent: 5, bounced: 0, failed: 1 },
      }),
    ]);
    const users = (query: string) =>
      c.call('GET', `${base}/${events[0]!.id}/users?${query}`).then((r) =>
        r.json<{
          total: number;
          rows: { email: string; channel: number; status: string; error: string | null }[];
        }>(),
      );
    const failed = await users('status=failed');
    expect(failed).toEqual({
      total: 1,
      rows: [
        expect.objectContaining({
          email: 'zed@quiz.example',
          channel: CHANNELS.slack,
          status: 'failed',
          error: CHAT_MESSAGES.notFoundOnSlack,
        }),
      ],
    });
    const page = await users('p=2&n=4');
    expect([page.total, page.rows.length]).toEqual([6, 2]);
    expect((await users('q=ben')).rows.map((r) => r.channel)).toEqual([CHANNELS.email, CHANNELS.slack]);

    // Another company's manager sees neither the status nor an event of it.
    const other = await companyWith(['x@other.example']);
    const foreign = await other.call('GET', `/companies/${c.id}/assessments/${id}/deliveries`);
    expect(foreign.statusCode).toBe(404);
    const wrongEvent = await c.call('GET', `${base}/${other.listId}/users`);
    expect(wrongEvent.statusCode).toBe(404);
  }, 60_000);

  it("honours a 429's Retry-After without spending an attempt, sending each message exactly once", async () => {
    const people = ['r1@chat.example', 'r2@chat.example'];
    const c = await companyWith(people);
    slack.seed(people);
    expect((await connectSlack(c)).statusCode).toBe(200);
    await startProgram(c, CHANNELS.slack);
    const before = slack.messages.length;
    slack.throttle('chat.postMessage', 1, 1);
    const now = new Date();
    expect(await sendDue(t.ctx, () => now)).toBe(1);
    const waiting = (await deliveries(c.id)).find((d) => d.status === 'pending');
    expect(waiting).toMatchObject({ attempts: 0, error: 'Rate limited: retry after 1 s' });
    // Not before Retry-After (the sender also holds back its own calls that long); then once.
    expect(await sendDue(t.ctx, () => new Date(now.getTime() + 500))).toBe(0);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await sendDue(t.ctx, () => new Date(now.getTime() + 1_500))).toBe(1);
    expect(await sendDue(t.ctx, () => new Date(now.getTime() + 86_400_000))).toBe(0);
    const sent = slack.messages.slice(before).map((m) => m.email);
    expect(sent.sort()).toEqual(people);
    expect((await deliveries(c.id)).map((d) => [d.status, d.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
  }, 60_000);

  it("retries Slack's {ok:false} errors, fails for good on a revoked token, and fails an unconnected company's deliveries", async () => {
    const c = await companyWith(['e1@chat.example']);
    slack.seed(['e1@chat.example']);
    expect((await connectSlack(c)).statusCode).toBe(200);
    await startProgram(c, CHANNELS.slack);
    slack.failNext('chat.postMessage', 1, 'internal_error');
    const now = new Date();
    expect(await sendDue(t.ctx, () => now)).toBe(0);
    expect(await deliveries(c.id)).toEqual([
      expect.objectContaining({ status: 'pending', error: 'Slack answered internal_error', attempts: 1 }),
    ]);
    expect(await sendDue(t.ctx, () => new Date(now.getTime() + 10 * 60_000))).toBe(1);

    // A revoked token: the delivery fails with Slack's word, and is not retried.
    const d = await companyWith(['e2@chat.example']);
    slack.seed(['e2@chat.example']);
    expect((await connectSlack(d)).statusCode).toBe(200);
    await startProgram(d, CHANNELS.slack);
    slack.revokeTokens();
    expect(await sendDue(t.ctx)).toBe(0);
    expect(await deliveries(d.id)).toEqual([
      expect.objectContaining({
        status: 'failed',
        error: "Slack refused the workspace's token: token_revoked",
      }),
    ]);

    // A program on Slack and mail whose company unlinked Slack: its waiting Slack deliveries fail at
    // once saying so, mail goes on; a new one on Slack is refused.
    const e = await companyWith(['e3@chat.example']);
    expect((await connectSlack(e)).statusCode).toBe(200);
    await startProgram(e, CHANNELS.email | CHANNELS.slack);
    expect((await e.call('POST', chatPath('slackUnlink', e.id))).statusCode).toBe(204);
    expect(await deliveries(e.id)).toEqual([
      expect.objectContaining({ channel: CHANNELS.email, status: 'pending' }),
      expect.objectContaining({
        channel: CHANNELS.slack,
        status: 'failed',
        error: CHAT_MESSAGES.disconnected('Slack'),
        attempts: 0,
      }),
    ]);
    expect(await sendDue(t.ctx)).toBe(1);
    expect((await deliveries(e.id)).map((d) => d.status)).toEqual(['sent', 'failed']);
    const refused = await e.call('POST', `/companies/${e.id}/automations`, {
      ...sendNowProgram('Still on Slack', ['spot-the-phish'], [e.listId]),
      sendOptions: { channel: CHANNELS.email | CHANNELS.slack },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(CAMPAIGN_MESSAGES.integrationConfigure('Slack'));
  }, 60_000);

  it('sends Teams messages as Adaptive Cards through the Bot Connector once the tenant is set', async () => {
    const people = ['tina@teams.example', 'tom@teams.example', 'none@teams.example'];
    const c = await companyWith(people);
    teams.addUser('tina@teams.example', { installed: true });
    teams.addUser('tom@teams.example', { installed: false });
    const saved = await c.call('PUT', chatPath('teams', c.id), { tenant: teams.tenant, enabled: '1' });
    expect(saved.json()).toMatchObject({
      tenant: teams.tenant,
      enabled: '1',
      connected: true,
      botConfigured: true,
    });
    const bad = await c.call('PUT', chatPath('teams', c.id), { tenant: '', enabled: '1' });
    expect(bad.statusCode).toBe(400);
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, c.id), sql`action = 'PUT /api/companies/:id/integrations/teams'`));
    expect(audit!.after).toMatchObject({ tenant: teams.tenant, enabled: '1' });

    expect(saved.json()).toMatchObject({ welcomeMessage: '1' });

    await startProgram(c, CHANNELS.teams);
    teams.throttleNext(1, 2);
    const posts = teams.activityPosts();
    const now = new Date();
    expect(await sendDue(t.ctx, () => now)).toBe(0);
    expect(teams.activityPosts()).toBe(posts + 1);
    // Within Retry-After the sender holds the tenant's messages back itself: the message, due again by
    // the queue's clock, goes back without asking the Bot Connector; once it has passed, it goes once.
    expect(await sendDue(t.ctx, () => new Date(now.getTime() + 2_500))).toBe(0);
    expect(teams.activityPosts()).toBe(posts + 1);
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await sendDue(t.ctx, () => new Date(now.getTime() + 5_000))).toBe(1);
    expect(teams.activityPosts()).toBe(posts + 2);
    expect(teams.activities.map((a) => a.email)).toEqual(['tina@teams.example']);
    type Card = {
      attachments: {
        contentType: string;
        content: { body: { text: string; weight?: string }[]; actions: { url: string }[] };
      }[];
    };
    const card = teams.activities[0]!.activity as Card;
    expect(card.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.attachments[0]!.content.actions[0]!.url).toContain('/learn');
    // The welcome line is on by default, at the top of a program's first message.
    expect(card.attachments[0]!.content.body[0]!.text).toMatch(/sends your security-awareness lessons/);
    const rows = await deliveries(c.id);
    expect(rows.map((d) => [d.email, d.status, d.error, d.attempts])).toEqual([
      ['none@teams.example', 'failed', CHAT_MESSAGES.notFoundOnTeams, 1],
      ['tina@teams.example', 'sent', null, 1],
      ['tom@teams.example', 'failed', CHAT_MESSAGES.notFoundOnTeams, 1],
    ]);

    // The toggle off: the next program's first message has no welcome line.
    const off = await c.call('PUT', chatPath('teams', c.id), {
      tenant: teams.tenant,
      enabled: '1',
      welcomeMessage: '0',
    });
    expect(off.json()).toMatchObject({ welcomeMessage: '0', connected: true });
    await startProgram(c, CHANNELS.teams);
    expect(await sendDue(t.ctx)).toBe(1);
    const plain = teams.activities.at(-1)!.activity as Card;
    expect(JSON.stringify(plain)).not.toContain('sends your security-awareness lessons');
    expect(plain.attachments[0]!.content.body[0]).toMatchObject({ weight: 'Bolder' });

    // Teams turned off: the waiting Teams deliveries fail saying so; mail goes on; a start is refused.
    await startProgram(c, CHANNELS.email | CHANNELS.teams);
    const before = (await deliveries(c.id)).length;
    expect(
      (await c.call('PUT', chatPath('teams', c.id), { tenant: teams.tenant, enabled: '0' })).json(),
    ).toMatchObject({ connected: false });
    const latest = (await deliveries(c.id)).filter((d) => d.status === 'pending' || d.attempts === 0);
    expect(latest.map((d) => [d.channel, d.status, d.error]).sort()).toEqual([
      [CHANNELS.email, 'pending', null],
      [CHANNELS.email, 'pending', null],
      [CHANNELS.email, 'pending', null],
      [CHANNELS.teams, 'failed', CHAT_MESSAGES.disconnected('Teams')],
      [CHANNELS.teams, 'failed', CHAT_MESSAGES.disconnected('Teams')],
      [CHANNELS.teams, 'failed', CHAT_MESSAGES.disconnected('Teams')],
    ]);
    expect((await deliveries(c.id)).length).toBe(before);
    const refused = await c.call('POST', `/companies/${c.id}/automations`, {
      ...sendNowProgram('Still on Teams', ['spot-the-phish'], [c.listId]),
      sendOptions: { channel: CHANNELS.teams },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(CAMPAIGN_MESSAGES.integrationConfigure('Teams'));
  }, 60_000);
});
