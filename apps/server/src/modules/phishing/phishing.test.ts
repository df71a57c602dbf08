import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PHISHING_MESSAGES,
  type EmployeePhishingRecord,
  type PhishingEmployeesPage,
  type PhishingResults,
  type PhishingSave,
  type PhishingTimeline,
  type PhishingView,
} from '@vigil/shared';
import { queryRows } from '../../db/client.ts';
import {
  companies,
  employees,
  mails,
  phishingCampaigns,
  phishingDeliveries,
  phishingInteractions,
  trainingDeliveries,
} from '../../db/schema/index.ts';
import { phishingDeliveryOf } from '../../lib/phishing-token.ts';
import { systemScope } from '../../lib/scope.ts';
import {
  addMember,
  bearer,
  createCompany,
  createManager,
  sendNowProgram,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { dispatch as dispatchTrainings } from '../trainings/trainings.delivery.ts';
import { dispatchPhishing, sendPhishingMails } from './phishing.engine.ts';
import { enrolAfterClick } from './phishing.service.ts';
import {
  deletePhishing,
  dropUnsent,
  figuresOf,
  listsOfPhishing,
  phishingRow,
  senderProfileOf,
  updatePhishing,
} from './phishing.queries.ts';
import { employeeOutcomes, resultFigures } from './phishing.results.queries.ts';
import { libraryTemplate, libraryTemplates } from './phishing.templates.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Monday 9:00 in Berlin, a week or more ahead: the window's days are weekdays. */
function nextMonday(from = new Date()): Date {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + 7, 8));
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

describe.each(testDatabases())('phishing simulations on %s', (kind) => {
  let t: TestApp;
  let companyId: string;
  let admin: string;
  let viewer: string;
  let listId: string;
  let salesId: string;
  let templates: string[];
  const people = Array.from({ length: 12 }, (_, i) => `p${i}@phish.example`);

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    const db = t.ctx.db;
    companyId = (await createCompany(db, { name: 'Phish Co' })).id;
    const manager = await createManager(db);
    await addMember(db, companyId, manager.id, 1);
    admin = await signIn(t, manager.id);
    const watcher = await createManager(db);
    await addMember(db, companyId, watcher.id, 2);
    viewer = await signIn(t, watcher.id);
    listId = await addList('Everyone', people);
    salesId = await addList('Sales', people.slice(0, 4));
    await db
      .update(employees)
      .set({ unit: 'Sales' })
      .where(and(eq(employees.companyId, companyId), inArray(employees.email, people.slice(0, 4))));
    templates = libraryTemplates()
      .slice(0, 3)
      .map((tpl) => tpl.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function addList(name: string, emails: string[], company = companyId, token = admin) {
    const res = await t.inject({
      method: 'POST',
      url: `/api/companies/${company}/lists`,
      headers: bearer(token),
      payload: { name },
    });
    const id = res.json<{ id: string }>().id;
    const added = await t.inject({
      method: 'POST',
      url: `/api/companies/${company}/lists/${id}/users`,
      headers: bearer(token),
      payload: { users: emails.map((email, i) => ({ email, name: `Person ${i} ${name}` })) },
    });
    expect(added.statusCode, added.body).toBe(200);
    return id;
  }

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object, token = admin) =>
    t.inject({ method, url: `/api/companies/${companyId}${path}`, headers: bearer(token), payload });

  const errorsOf = (res: { json: <T>() => T }) =>
    res.json<{ errors?: { message: string }[] }>().errors?.map((e) => e.message) ?? [];

  const save = (over: Partial<PhishingSave> = {}, start = nextMonday()): PhishingSave => ({
    name: 'Invoice season',
    status: 'scheduled',
    templateMode: 'selected',
    templateIds: templates,
    userLists: [listId, salesId],
    sendWindow: { start: start.toISOString(), days: 3, timeZone: 'Europe/Berlin' },
    ...over,
  });

  async function create(body: PhishingSave) {
    const res = await api('POST', '/phishing', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ phishing: { id: string; status: string } }>().phishing;
  }

  const deliveriesOf = (id: string) =>
    t.ctx.db
      .select()
      .from(phishingDeliveries)
      .where(eq(phishingDeliveries.campaignId, id))
      .orderBy(phishingDeliveries.id);

  it('saves a draft, starts it, spreads the mails over the window and sends each once', async () => {
    const draft = await create(save({ status: 'draft', name: '' }));
    expect(draft.status).toBe('draft');
    const start = nextMonday();
    const started = await api('PUT', `/phishing/${draft.id}`, save({ name: 'Invoice season' }, start));
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ phishing: { status: 'scheduled' } });

    // Nothing before the window; at its start every employee gets a mail planned inside it.
    expect(await dispatchPhishing(t.ctx.db, new Date(start.getTime() - HOUR))).toBe(0);
    expect(await dispatchPhishing(t.ctx.db, start)).toBe(1);
    const planned = await deliveriesOf(draft.id);
    expect(planned).toHaveLength(people.length);
    const end = start.getTime() + 2 * DAY + 8 * HOUR;
    const days = new Set(planned.map((d) => d.dueAt.toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThan(1);
    for (const d of planned) {
      expect(d.dueAt.getTime()).toBeGreaterThanOrEqual(start.getTime());
      expect(d.dueAt.getTime()).toBeLessThanOrEqual(end);
      expect(templates).toContain(d.templateId);
    }
    const sales = planned.filter((d) => d.listIds.includes(salesId));
    expect(sales.map((d) => d.department)).toEqual(Array(4).fill('Sales'));
    const view = (await api('GET', `/phishing/${draft.id}`)).json<PhishingView>();
    expect(view).toMatchObject({ status: 'active', hasStarted: true, canPause: true, canDelete: false });

    // A dispatch again writes nothing new; sending at the window's start sends only what is due.
    await dispatchPhishing(t.ctx.db, start);
    expect(await deliveriesOf(draft.id)).toHaveLength(people.length);
    const dueNow = planned.filter((d) => d.dueAt.getTime() <= start.getTime()).length;
    expect(await sendPhishingMails(t.ctx, () => start)).toBe(dueNow);
    const afterWindow = new Date(end + HOUR);
    expect(await sendPhishingMails(t.ctx, () => afterWindow)).toBe(people.length - dueNow);
    expect(await sendPhishingMails(t.ctx, () => afterWindow)).toBe(0);

    const sent = await t.ctx.db
      .select()
      .from(mails)
      .where(and(eq(mails.companyId, companyId), eq(mails.kind, 'phishing')));
    expect(sent).toHaveLength(people.length);
    expect(new Set(sent.map((m) => m.toAddress))).toEqual(new Set(people));
    const rows = await deliveriesOf(draft.id);
    for (const m of sent) {
      const token = /\/p\/([A-Za-z0-9_-]{27})/.exec(m.html)?.[1];
      expect(token, m.html.slice(0, 200)).toBeDefined();
      const deliveryId = phishingDeliveryOf(t.config.secretKey, token!);
      const row = rows.find((r) => r.id === deliveryId)!;
      expect(row.status).toBe('sent');
      const [employee] = await t.ctx.db.select().from(employees).where(eq(employees.id, row.employeeId));
      expect(employee!.email).toBe(m.toAddress);
      // The open pixel carries the same token; no {{key}} is left in the mail.
      expect(m.html).toContain(`/p/${token}/o.gif`);
      expect(m.html).not.toMatch(/\{\{/);
      // The plain-text part is personalised too and ends with the link.
      expect(m.text).not.toMatch(/\{\{/);
      expect(m.text.trimEnd().endsWith(`/p/${token}`)).toBe(true);
    }
    await dispatchPhishing(t.ctx.db, afterWindow);
    const status = await api('GET', `/phishing/${draft.id}/deliveries`);
    expect(status.json()).toMatchObject([{ type: 1, status: 'sent', counts: { sent: people.length } }]);

    // Completed once the tracking time after the window is over.
    await dispatchPhishing(t.ctx.db, new Date(end + 15 * DAY));
    expect((await api('GET', `/phishing/${draft.id}`)).json<PhishingView>().status).toBe('completed');
  });

  it('refuses a start without what it needs, in our words', async () => {
    const res = await api(
      'POST',
      '/phishing',
      save({
        name: '',
        templateIds: [],
        userLists: [],
        onClick: 'enrol',
        sendWindow: { start: new Date(Date.now() - DAY).toISOString(), days: 2, timeZone: 'UTC' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res)).toEqual(
      expect.arrayContaining([
        PHISHING_MESSAGES.needsName,
        PHISHING_MESSAGES.needsTemplates,
        PHISHING_MESSAGES.needsLists,
        PHISHING_MESSAGES.needsProgram,
        PHISHING_MESSAGES.windowInPast,
      ]),
    );
    const unknown = await api(
      'POST',
      '/phishing',
      save({ templateIds: ['no-such-template'], landingPageId: 'nope' }),
    );
    expect(errorsOf(unknown)).toEqual(
      expect.arrayContaining([PHISHING_MESSAGES.unknownTemplate, PHISHING_MESSAGES.unknownLandingPage]),
    );
    // A viewer may not save.
    expect((await api('POST', '/phishing', save(), viewer)).statusCode).toBe(403);
  });

  it('keeps a running simulation to its plan; pauses, starts again and stops it', async () => {
    const start = nextMonday();
    const { id } = await create(save({ templateMode: 'random', templateIds: [] }, start));
    await dispatchPhishing(t.ctx.db, start);
    const locked = await api('PUT', `/phishing/${id}`, save({ templateIds: templates.slice(0, 1) }, start));
    expect(errorsOf(locked)).toContain(PHISHING_MESSAGES.lockedWhenActive);
    const renamed = await api(
      'PUT',
      `/phishing/${id}`,
      save({ name: 'Renamed', templateMode: 'random', templateIds: [] }, start),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await api('DELETE', `/phishing/${id}`)).statusCode).toBe(409);

    // The random mix draws from the whole library and keeps each employee on theirs.
    const mix = new Set((await deliveriesOf(id)).map((d) => d.templateId));
    expect(mix.size).toBeGreaterThan(1);
    // …and the list counts the templates it draws from, not the none that were chosen.
    const listed = (await api('GET', '/phishing?tab=all')).json<{
      rows: { id: string; templatesCount: number }[];
    }>();
    expect(listed.rows.find((r) => r.id === id)?.templatesCount).toBe(libraryTemplates().length);

    const first = (await deliveriesOf(id)).filter((d) => d.dueAt.getTime() <= start.getTime() + DAY);
    await sendPhishingMails(t.ctx, () => new Date(start.getTime() + DAY));
    expect((await api('POST', `/phishing/${id}/pause`)).json()).toMatchObject({
      message: PHISHING_MESSAGES.paused,
    });
    const kept = await deliveriesOf(id);
    expect(kept.every((d) => d.status === 'sent')).toBe(true);
    expect(kept).toHaveLength(first.length);

    // Started again: only those not reached yet, inside the new window.
    const again = new Date(start.getTime() + 7 * DAY);
    const restarted = await api(
      'PUT',
      `/phishing/${id}`,
      save({ name: 'Renamed', templateMode: 'random', templateIds: [] }, again),
    );
    expect(restarted.statusCode, restarted.body).toBe(200);
    await dispatchPhishing(t.ctx.db, again);
    const all = await deliveriesOf(id);
    expect(all).toHaveLength(people.length);
    expect(new Set(all.map((d) => d.employeeId)).size).toBe(people.length);
    for (const d of all.filter((x) => x.status === 'pending'))
      expect(d.dueAt.getTime()).toBeGreaterThanOrEqual(again.getTime());

    expect((await api('POST', `/phishing/${id}/stop`)).statusCode).toBe(200);
    expect((await deliveriesOf(id)).some((d) => d.status === 'pending')).toBe(false);
    expect((await api('POST', `/phishing/${id}/pause`)).statusCode).toBe(409);
  });

  it('counts people, keeps scanners apart, and reads per list, department, template and difficulty', async () => {
    const start = nextMonday();
    const { id } = await create(save({ name: 'Results' }, start));
    await dispatchPhishing(t.ctx.db, start);
    await sendPhishingMails(t.ctx, () => new Date(start.getTime() + 3 * DAY));
    const rows = await deliveriesOf(id);
    const byEmail = new Map<string, (typeof rows)[number]>();
    for (const r of rows) {
      const [e] = await t.ctx.db.select().from(employees).where(eq(employees.id, r.employeeId));
      byEmail.set(e!.email, r);
    }
    const at = (h: number) => new Date(start.getTime() + 3 * DAY + h * HOUR);
    const interact = (email: string, kind: string, h: number, extra: object = {}) => {
      const d = byEmail.get(email)!;
      return {
        deliveryId: d.id,
        companyId,
        campaignId: id,
        employeeId: d.employeeId,
        kind: kind as 'clicked',
        at: at(h),
        ...extra,
      };
    };
    await t.ctx.db.insert(phishingInteractions).values([
      // p0 (Sales): a scanner first, then clicked twice and submitted.
      interact(people[0]!, 'scanner', 0, { scannerReason: 'user-agent' }),
      interact(people[0]!, 'clicked', 1),
      interact(people[0]!, 'clicked', 2),
      interact(people[0]!, 'submitted', 2),
      // p1 (Sales): only scanners: not a click.
      interact(people[1]!, 'scanner', 0, { scannerReason: 'head' }),
      interact(people[1]!, 'scanner', 0, { scannerReason: 'prefetch' }),
      // p5: clicked; p6: reported; p7 opened (unreliable).
      interact(people[5]!, 'clicked', 3),
      interact(people[6]!, 'reported', 4),
      interact(people[7]!, 'opened', 1),
    ] as never);

    const res = await api('GET', `/phishing/${id}/results`, undefined, viewer);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<PhishingResults>();
    expect(r.totals).toMatchObject({
      sent: 12,
      recipients: 12,
      clicked: 2,
      submitted: 1,
      reported: 1,
      opened: 1,
      scannerEvents: 3,
      scannedOnly: 1,
      phishPronePercent: 16.7,
      clickRate: 16.7,
      reportRate: 8.3,
    });
    const sales = r.byList.find((l) => l.label === 'Sales')!;
    expect(sales).toMatchObject({ recipients: 4, clicked: 1, phishPronePercent: 25 });
    expect(r.byList.find((l) => l.label === 'Everyone')).toMatchObject({ recipients: 12, clicked: 2 });
    expect(r.byDepartment.find((d) => d.label === 'Sales')).toMatchObject({ recipients: 4, clicked: 1 });
    expect(r.byTemplate.reduce((sum, x) => sum + x.recipients, 0)).toBe(12);
    expect(r.byDifficulty.reduce((sum, x) => sum + x.clicked, 0)).toBe(2);
    expect(r.overTime.reduce((sum, d) => sum + d.clicked, 0)).toBe(2);
    expect(r.timeToFirstReportSeconds).toBeGreaterThan(0);

    const list = await api('GET', '/phishing?tab=all');
    expect(
      list
        .json<{ rows: { id: string; clicked: number; scannerEvents: number }[] }>()
        .rows.find((x) => x.id === id),
    ).toMatchObject({ clicked: 2, scannerEvents: 3 });

    const page = (
      await api('GET', `/phishing/${id}/employees?outcome=clicked&order=email`)
    ).json<PhishingEmployeesPage>();
    expect(page.rows.map((x) => x.email)).toEqual([people[0], people[5]]);
    expect(page.rows[0]).toMatchObject({ department: 'Sales', scannerEvents: 1 });
    const scanned = (
      await api('GET', `/phishing/${id}/employees?outcome=scannedOnly`)
    ).json<PhishingEmployeesPage>();
    expect(scanned.rows.map((x) => x.email)).toEqual([people[1]]);

    const timeline = (
      await api('GET', `/phishing/${id}/employees/${byEmail.get(people[0]!)!.employeeId}/timeline`)
    ).json<PhishingTimeline>();
    expect(timeline.events.map((e) => e.type)).toEqual([
      'delivered',
      'scanner',
      'clicked',
      'clicked',
      'submitted',
    ]);
    expect(timeline.events[1]).toMatchObject({ reason: 'user-agent' });

    const csv = await api('GET', `/phishing/${id}/employees.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(13);
    const pdf = await api('GET', `/phishing/${id}/results.pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Anonymous tracking: figures stay, who they are goes.
    await t.ctx.db.update(companies).set({ anonymousTracking: 1 }).where(eq(companies.id, companyId));
    try {
      const anon = (await api('GET', `/phishing/${id}/results`)).json<PhishingResults>();
      expect(anon.totals.clicked).toBe(2);
      expect(anon.repeatClickers).toEqual([]);
      expect(JSON.stringify(anon)).not.toContain('@phish.example');
      const anonPage = await api('GET', `/phishing/${id}/employees?q=p0`);
      expect(anonPage.json<PhishingEmployeesPage>().total).toBe(12);
      expect(anonPage.body).not.toContain('@phish.example');
      expect(anonPage.body).not.toContain('Person');
      expect((await api('GET', `/phishing/${id}/employees.csv`)).statusCode).toBe(403);
      expect(
        (await api('GET', `/phishing/${id}/employees/${byEmail.get(people[0]!)!.employeeId}/timeline`))
          .statusCode,
      ).toBe(403);
      expect((await api('GET', `/phishing/${id}/results.csv`)).statusCode).toBe(200);
    } finally {
      await t.ctx.db.update(companies).set({ anonymousTracking: 0 }).where(eq(companies.id, companyId));
    }
  });

  it('gives known figures for a seeded simulation: rates, days in its time zone, pages sorted by the server', async () => {
    const db = t.ctx.db;
    const company = (await createCompany(db, { name: 'Known Co' })).id;
    const manager = await createManager(db);
    await addMember(db, company, manager.id, 1);
    const token = await signIn(t, manager.id);
    const q = Array.from({ length: 6 }, (_, i) => `q${i}@known.example`);
    const all = await addList('All', q, company, token);
    const ops = await addList('Ops', q.slice(0, 2), company, token);
    const byDifficulty = [1, 2, 3].map((d) => libraryTemplates().find((tpl) => tpl.difficulty === d)!);
    const [easy, medium, hard] = byDifficulty.map((tpl) => tpl.id) as [string, string, string];
    const call = (method: 'GET' | 'POST', path: string, payload?: object) =>
      t.inject({ method, url: `/api/companies/${company}${path}`, headers: bearer(token), payload });
    const start = nextMonday(new Date(Date.now() + 21 * DAY)); // Monday 08:00 UTC
    const simulate = async (name: string) => {
      const res = await call('POST', '/phishing', {
        ...save({ name, userLists: [all, ops] }, start),
        templateIds: [easy],
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ phishing: { id: string } }>().phishing.id;
    };
    const earlier = await simulate('Earlier');
    const id = await simulate('Known');
    await dispatchPhishing(db, start);
    await sendPhishingMails(t.ctx, () => new Date(start.getTime() + 3 * DAY));
    const mails = await db
      .select({
        id: phishingDeliveries.id,
        campaignId: phishingDeliveries.campaignId,
        email: employees.email,
      })
      .from(phishingDeliveries)
      .innerJoin(employees, eq(employees.id, phishingDeliveries.employeeId))
      .where(eq(phishingDeliveries.companyId, company));
    const mailOf = (campaign: string, email: string) =>
      mails.find((m) => m.campaignId === campaign && m.email === email)!.id;
    const at = (hours: number) => new Date(start.getTime() + hours * HOUR);
    // Monday 08:00 UTC is day one in Berlin; 23:15 UTC on Monday is already Tuesday there.
    const plan: [number, string, string, Date | null][] = [
      [0, easy, 'Ops', at(0)],
      [1, easy, 'Ops', at(1)],
      [2, medium, 'Sales', at(15.25)],
      [3, medium, '', at(26)],
      [4, hard, 'Sales', at(27)],
      [5, hard, 'Ops', null],
    ];
    for (const [i, templateId, department, sentAt] of plan)
      await db
        .update(phishingDeliveries)
        .set({ templateId, department, sentAt, status: sentAt ? 'sent' : 'failed' })
        .where(eq(phishingDeliveries.id, mailOf(id, q[i]!)));
    const employeeOf = new Map(
      (await db.select().from(employees).where(eq(employees.companyId, company))).map((e) => [e.email, e.id]),
    );
    const row = (campaign: string, i: number, kind: string, hours: number, extra: object = {}) => ({
      deliveryId: mailOf(campaign, q[i]!),
      companyId: company,
      campaignId: campaign,
      employeeId: employeeOf.get(q[i]!)!,
      kind: kind as 'clicked',
      at: at(hours),
      ...extra,
    });
    await db
      .insert(phishingInteractions)
      .values([
        row(earlier, 0, 'clicked', 2),
        row(id, 0, 'scanner', 0.02, { scannerReason: 'user-agent' }),
        row(id, 0, 'clicked', 0.08, { confirmedAt: at(0.1) }),
        row(id, 0, 'clicked', 1),
        row(id, 0, 'submitted', 0.12),
        row(id, 1, 'opened', 1.5),
        row(id, 1, 'reported', 2),
        row(id, 2, 'scanner', 15.5, { scannerReason: 'head' }),
        row(id, 2, 'scanner', 22, { scannerReason: 'prefetch' }),
        row(id, 3, 'clicked', 26.33),
        row(id, 3, 'reported', 26.5),
        row(id, 4, 'submitted', 28),
      ] as never);

    const r = (await call('GET', `/phishing/${id}/results`)).json<PhishingResults>();
    expect(r.totals).toEqual({
      recipients: 5,
      sent: 5,
      delivered: 5,
      clicked: 2,
      submitted: 2,
      reported: 2,
      opened: 1,
      scannerEvents: 3,
      scannedOnly: 1,
      phishPronePercent: 60,
      clickRate: 40,
      submitRate: 40,
      reportRate: 40,
    });
    expect(r.timeToFirstReportSeconds).toBe(7200);
    expect(r.medianTimeToReportSeconds).toBe(2700);
    const rates = (rows: PhishingResults['byList']) =>
      rows.map((x) => [x.label, x.recipients, x.clicked, x.submitted, x.reported, x.phishPronePercent]);
    expect(rates(r.byList)).toEqual([
      ['All', 5, 2, 2, 2, 60],
      ['Ops', 2, 1, 1, 1, 50],
    ]);
    expect(rates(r.byDepartment)).toEqual([
      ['—', 1, 1, 0, 1, 100],
      ['Ops', 2, 1, 1, 1, 50],
      ['Sales', 2, 0, 1, 0, 50],
    ]);
    expect(rates(r.byTemplate).sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual(
      [
        [byDifficulty[0]!.name.en, 2, 1, 1, 1, 50],
        [byDifficulty[1]!.name.en, 2, 1, 0, 1, 50],
        [byDifficulty[2]!.name.en, 1, 0, 1, 0, 100],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(rates(r.byDifficulty)).toEqual([
      ['Easy', 2, 1, 1, 1, 50],
      ['Hard', 1, 0, 1, 0, 100],
      ['Medium', 2, 1, 0, 1, 50],
    ]);
    const berlinDay = (hours: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(at(hours));
    expect(r.overTime).toEqual([
      { date: berlinDay(0), sent: 2, opened: 1, clicked: 1, submitted: 1, reported: 1, scanner: 1 },
      { date: berlinDay(24), sent: 3, opened: 0, clicked: 1, submitted: 1, reported: 1, scanner: 2 },
    ]);
    expect(r.repeatClickers).toEqual([
      { employeeId: employeeOf.get(q[0]!), name: expect.any(String), email: q[0], clicks: 2 },
    ]);

    const emails = async (query: string) => {
      const page = (await call('GET', `/phishing/${id}/employees?${query}`)).json<PhishingEmployeesPage>();
      return { total: page.total, emails: page.rows.map((x) => x.email) };
    };
    expect(await emails('order=sent&n=2')).toEqual({ total: 6, emails: [q[5], q[0]] });
    expect(await emails('order=sent&n=2&p=2')).toEqual({ total: 6, emails: [q[1], q[2]] });
    expect(await emails('order=sent&d=desc&n=2')).toEqual({ total: 6, emails: [q[4], q[3]] });
    expect(await emails('order=clicked&d=desc')).toEqual({
      total: 6,
      emails: [q[3], q[0], q[1], q[2], q[4], q[5]],
    });
    expect(await emails('order=email&d=desc&n=3')).toEqual({ total: 6, emails: [q[5], q[4], q[3]] });
    expect(await emails('outcome=scannedOnly')).toEqual({ total: 1, emails: [q[2]] });
    expect(await emails('outcome=notSent')).toEqual({ total: 1, emails: [q[5]] });
    expect(await emails('outcome=reported&order=reported')).toEqual({ total: 2, emails: [q[1], q[3]] });
    expect(await emails(`listId=${ops}&order=email`)).toEqual({ total: 2, emails: [q[0], q[1]] });
    expect(await emails('q=Q3%40KNOWN')).toEqual({ total: 1, emails: [q[3]] });
    expect(await emails('q=%25')).toEqual({ total: 0, emails: [] });
    expect(await emails('n=2&p=9')).toEqual({ total: 6, emails: [] });
    const first = (
      await call('GET', `/phishing/${id}/employees?order=email&n=1`)
    ).json<PhishingEmployeesPage>();
    expect(first.rows[0]).toMatchObject({
      department: 'Ops',
      listName: 'All, Ops',
      templateId: easy,
      difficulty: 1,
      deliveryStatus: 'sent',
      sentAt: at(0).toISOString(),
      clickedAt: at(0.1).toISOString(),
      submittedAt: at(0.12).toISOString(),
      openedAt: null,
      reportedAt: null,
      scannerEvents: 1,
    });

    const record = (
      await call('GET', `/phishing/employees/${employeeOf.get(q[0]!)}`)
    ).json<EmployeePhishingRecord>();
    expect(record).toMatchObject({ simulations: 2, opened: 0, clicked: 2, submitted: 1, reported: 0 });
    expect(record.rows.find((x) => x.campaignId === id)).toEqual({
      campaignId: id,
      name: 'Known',
      sentAt: at(0).toISOString(),
      openedAt: null,
      clickedAt: at(0.1).toISOString(),
      submittedAt: at(0.12).toISOString(),
      reportedAt: null,
      outcome: 'submitted',
    });
  });

  it("never shows or changes another company's simulations, templates or senders", async () => {
    const start = nextMonday();
    const { id } = await create(save({ name: 'Ours' }, start));
    const other = await createCompany(t.ctx.db, { name: 'Other Co' });
    const stranger = await createManager(t.ctx.db);
    await addMember(t.ctx.db, other.id, stranger.id, 1);
    const theirs = await signIn(t, stranger.id);
    const as = (method: 'GET' | 'POST' | 'DELETE', path: string) =>
      t.inject({ method, url: `/api/companies/${other.id}${path}`, headers: bearer(theirs) });
    for (const path of [`/phishing/${id}`, `/phishing/${id}/results`, `/phishing/${id}/employees`])
      expect((await as('GET', path)).statusCode, path).toBe(404);
    expect((await as('POST', `/phishing/${id}/stop`)).statusCode).toBe(404);
    expect((await as('DELETE', `/phishing/${id}`)).statusCode).toBe(404);
    // Their own company's address: ours is not theirs to read.
    const ours = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/phishing/${id}`,
      headers: bearer(theirs),
    });
    expect(ours.statusCode).toBe(404);
    const profile = (
      await api('POST', '/phishing-senders', { name: 'IT', domain: 'it-helpdesk.example' })
    ).json<{ id: string }>();
    expect((await as('DELETE', `/phishing-senders/${profile.id}`)).statusCode).toBe(404);
    // The queries themselves: their scope, our ids, nothing found or changed.
    const theirScope = systemScope(other.id, 'tenant check');
    const db = t.ctx.db;
    expect(await phishingRow(db, theirScope, id)).toBeUndefined();
    expect((await figuresOf(db, theirScope, [id])).get(id)).toMatchObject({ recipients: 0, clicked: 0 });
    const theirFigures = await resultFigures(db, theirScope, id, 'UTC');
    expect(theirFigures.groups.filter((g) => g.dim !== 'total')).toEqual([]);
    expect(theirFigures.groups.find((g) => g.dim === 'total')).toMatchObject({ recipients: 0, prone: 0 });
    expect(theirFigures.days).toEqual([]);
    expect(
      await employeeOutcomes(db, theirScope, id, {
        outcome: 'all',
        order: 'name',
        direction: 'asc',
        pseudonymous: false,
      }),
    ).toEqual({ rows: [], total: 0 });
    expect(await senderProfileOf(db, theirScope, profile.id)).toBeUndefined();
    expect(await listsOfPhishing(db, theirScope, id)).toEqual([]);
    await updatePhishing(db, theirScope, id, { name: 'Taken' });
    await dropUnsent(db, theirScope, id);
    await deletePhishing(db, theirScope, id);
    expect((await phishingRow(db, systemScope(companyId, 'tenant check'), id))?.name).toBe('Ours');
    const [stillThere] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from phishing_sender_profiles where id = ${profile.id}`,
    );
    expect(stillThere!.n).toBe(1);
  });

  it('sends from the sender profile, sanitises custom templates and test-sends one', async () => {
    const profile = (
      await api('POST', '/phishing-senders', {
        name: 'Billing',
        domain: 'Billing-Portal.example',
        displayName: null,
      })
    ).json<{ id: string; domain: string }>();
    expect(profile.domain).toBe('billing-portal.example');
    expect((await api('POST', '/phishing-senders', { name: 'x', domain: 'not a domain' })).statusCode).toBe(
      400,
    );
    const landing = libraryTemplates()[0]!.landingPage;
    const custom = await api('POST', '/phishing-templates/custom', {
      name: 'Our own',
      language: 'en',
      lureKind: 'invoice',
      difficulty: 2,
      senderName: 'Accounts',
      senderLocalPart: 'accounts',
      subject: 'Invoice for {{company.name}}',
      html: '<p>Hi {{employee.firstName}}, <a href="{{link}}" data-flag="link" onclick="steal()">open</a></p><script>alert(1)</script>',
      landingPageId: landing,
      redFlags: [{ id: 'link', title: 'Odd link', explanation: 'It leads elsewhere.', location: 'link' }],
    });
    expect(custom.statusCode, custom.body).toBe(200);
    const saved = custom.json<{ id: string; ref: string; html: string }>();
    expect(saved.html).not.toContain('script');
    expect(saved.html).not.toContain('onclick');
    expect(saved.html).toContain('href="{{link}}"');
    const bad = await api('POST', '/phishing-templates/custom', {
      ...custom.json<object>(),
      html: '<p>{{employee.salary}}</p>',
      redFlags: [{ id: 'gone', title: 'x', explanation: 'y', location: 'body' }],
    });
    expect(bad.statusCode).toBe(400);

    const templatesList = (await api('GET', '/phishing-templates')).json<{ id: string; source: string }[]>();
    expect(templatesList.some((x) => x.id === saved.ref && x.source === 'custom')).toBe(true);
    expect(templatesList.filter((x) => x.source === 'library').length).toBe(libraryTemplates().length);
    // A manager reading in French sees every template: the library's in French, the English one as written.
    const inFrench = (await api('GET', '/phishing-templates?language=fr')).json<
      { id: string; name: string; subject: string }[]
    >();
    expect(inFrench.length).toBe(templatesList.length);
    const parcel = libraryTemplate('parcel-customs-fee')!;
    expect(inFrench.find((x) => x.id === parcel.id)).toMatchObject({
      name: parcel.name.fr,
      subject: parcel.mail.fr!.subject,
    });
    expect(inFrench.find((x) => x.id === saved.ref)).toMatchObject({ name: 'Our own' });
    const inSpanish = (await api('GET', `/phishing-templates/${parcel.id}/preview?lang=es`)).json<{
      language: string;
      subject: string;
      redFlags: { title: string }[];
    }>();
    expect(inSpanish.language).toBe('es');
    expect(inSpanish.subject).toBe(parcel.mail.es!.subject);
    expect(inSpanish.redFlags.map((f) => f.title)).toEqual(parcel.redFlags.map((f) => f.title.es));
    const preview = await api('GET', `/phishing-templates/${encodeURIComponent(saved.ref)}/preview?lang=en`);
    expect(preview.json<{ fromAddress: string }>().fromAddress).toMatch(/^accounts@/);

    const start = nextMonday();
    const { id } = await create(
      save({ name: 'Custom', templateIds: [saved.ref], senderProfileId: profile.id }, start),
    );
    expect((await api('DELETE', `/phishing-templates/custom/${saved.id}`)).statusCode).toBe(409);
    await dispatchPhishing(t.ctx.db, start);
    await sendPhishingMails(t.ctx, () => new Date(start.getTime() + 3 * DAY));
    const [mail] = await t.ctx.db
      .select()
      .from(mails)
      .where(and(eq(mails.kind, 'phishing'), eq(mails.subject, 'Invoice for Phish Co')));
    expect(mail!.fromAddress).toBe('Accounts <accounts@billing-portal.example>');
    expect(mail!.html).not.toContain('data-flag');
    void id;

    const test = await api('POST', '/phishing/test-send', {
      email: 'it@phish.example',
      templateId: saved.ref,
    });
    expect(test.json()).toMatchObject({ message: PHISHING_MESSAGES.testSent });
    const [testMail] = await t.ctx.db.select().from(mails).where(eq(mails.kind, 'phishing-test'));
    expect(testMail!.toAddress).toBe('it@phish.example');
  });

  it('plans the next run of a recurring simulation once, when it starts', async () => {
    const start = nextMonday();
    const { id } = await create(save({ name: 'Monthly', recurrence: 'monthly' }, start));
    await dispatchPhishing(t.ctx.db, start);
    await dispatchPhishing(t.ctx.db, start);
    const next = await t.ctx.db
      .select()
      .from(phishingCampaigns)
      .where(eq(phishingCampaigns.recurrenceOf, id));
    expect(next).toHaveLength(1);
    expect(next[0]).toMatchObject({ status: 'scheduled', name: 'Monthly', recurrence: 'monthly' });
    expect(next[0]!.windowStart!.getUTCMonth()).toBe((start.getUTCMonth() + 1) % 12);
    const view = (await api('GET', `/phishing/${next[0]!.id}`)).json<PhishingView>();
    expect(view.selectedUserListsIds.sort()).toEqual([listId, salesId].sort());
  });

  it('enrols a clicker in the training program the simulation names', async () => {
    const programList = await addList('Program', [people[0]!]);
    const program = await api(
      'POST',
      '/automations',
      sendNowProgram('Follow-up', ['spot-the-phish'], [programList]),
    );
    expect(program.statusCode, program.body).toBe(200);
    const programId = program.json<{ automation: { id: string } }>().automation.id;
    await dispatchTrainings(t.ctx.db, new Date());
    const start = nextMonday();
    const refused = await api('POST', '/phishing', save({ name: 'Enrol', onClick: 'enrol' }, start));
    expect(errorsOf(refused)).toContain(PHISHING_MESSAGES.needsProgram);
    const { id } = await create(save({ name: 'Enrol', onClick: 'enrol', enrolProgramId: programId }, start));
    expect((await api('GET', `/phishing/${id}`)).json<PhishingView>()).toMatchObject({
      onClick: 'enrol',
      enrolProgramName: 'Follow-up',
    });
    await dispatchPhishing(t.ctx.db, start);
    const [member] = await t.ctx.db.select().from(employees).where(eq(employees.email, people[0]!));
    const clicker = (await deliveriesOf(id)).find((d) => d.employeeId !== member!.id)!;
    const scope = systemScope(companyId, 'phishing click');
    expect(await enrolAfterClick(t.ctx, scope, clicker.id)).toBe(true);
    expect(await enrolAfterClick(t.ctx, scope, clicker.id)).toBe(false);
    const joined = await t.ctx.db
      .select()
      .from(trainingDeliveries)
      .where(
        and(
          eq(trainingDeliveries.trainingId, programId),
          eq(trainingDeliveries.employeeId, clicker.employeeId),
        ),
      );
    expect(joined).toHaveLength(1);
  });
});
