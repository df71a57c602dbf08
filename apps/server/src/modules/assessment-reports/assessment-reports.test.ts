import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INFOSEC_MIN_RESULTS,
  type AssessmentEmployeesPage,
  type AssessmentOverview,
  type EmployeeListRow,
  type InfosecSummary,
  type KeyBehaviourRow,
  type QuestionReportRow,
  type RecommendedTraining,
  type ThreatAreaDetail,
  type ThreatAreaRow,
} from '@vigil/shared';
import type { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import { companySubscriptions } from '../../db/schema/index.ts';
import {
  addMember,
  bearer,
  companyWithRoles,
  createCompany,
  createManager,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { seedAssessment, type SeededAssessment } from '../../test/assessment-reports.fixture.ts';
import { notifyInfosecSummary, rebuildAssessmentStats } from '../../lib/assessment-stats.ts';

const PH = 'email-phishing';
const PW = 'passwords-and-access';
const bins = (values: number[], percents: number[]) =>
  ['Very risky', 'Risky', 'Fair', 'Very good', 'Excellent'].map((title, i) => ({
    title,
    value: values[i],
    employeePercent: percents[i],
  }));
/** One CSV line's cells (quotes as csv-stringify writes them). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  return [...cells, cell];
}
const withoutColours = (d: { title: string; value: number; employeePercent: number }[]) =>
  d.map(({ title, value, employeePercent }) => ({ title, value, employeePercent }));

describe.each(testDatabases())('assessment reports (%s)', (kind) => {
  let t: TestApp;
  let a: SeededAssessment;
  let companyId: string;
  let otherCompanyId: string;
  let otherAssessment: SeededAssessment;
  let admin: Record<string, string>;
  let viewer: Record<string, string>;
  let outsider: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.ctx.db;
    ({ companyId, otherId: otherCompanyId, admin, viewer, outsider } = await companyWithRoles(t));
    a = await seedAssessment(db, companyId);
    otherAssessment = await seedAssessment(db, otherCompanyId, 'Theirs');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const get = async <T>(path: string, headers = viewer) => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/assessments/${a.id}${path}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  it('keeps the aggregates as employees finish, the same as a rebuild from the stored scores', async () => {
    const read = () =>
      queryRows<{ list_id: string; kind: number; key: string; sum: number; count: number; at_risk: number }>(
        t.ctx.db,
        sql`select list_id, kind, key, sum, count, at_risk from assessment_stats
            where assessment_id = ${a.id} order by list_id, kind, key`,
      );
    const kept = await read();
    // Everyone and two lists; resilience, 2 areas, 5 behaviours, 4 questions, 3 histogram keys and
    // 3 + 3 keys of the areas' histograms.
    const everyone = kept.filter((r) => r.list_id === '00000000-0000-0000-0000-000000000000');
    expect(everyone).toHaveLength(1 + 2 + 5 + 4 + 3 + 6);
    expect(
      everyone.filter((r) => Number(r.kind) === 6 && r.key.startsWith(`${PH}:`)).map((r) => r.key),
    ).toEqual([`${PH}:100`, `${PH}:23`, `${PH}:27`]);
    const resilience = everyone.find((r) => Number(r.kind) === 1)!;
    expect(Number(resilience.sum)).toBeCloseTo(100 + 44.1667 + 23.3333, 3);
    expect([Number(resilience.count), Number(resilience.at_risk)]).toEqual([3, 2]);
    expect(everyone.filter((r) => Number(r.kind) === 5).map((r) => r.key)).toEqual(['100', '23', '44']);

    await rebuildAssessmentStats(t.ctx.db, a.id);
    const rebuilt = await read();
    expect(
      rebuilt.map((r) => [r.list_id, Number(r.kind), r.key, Number(r.count), Number(r.at_risk)]),
    ).toEqual(kept.map((r) => [r.list_id, Number(r.kind), r.key, Number(r.count), Number(r.at_risk)]));
    rebuilt.forEach((r, i) => expect(Number(r.sum)).toBeCloseTo(Number(kept[i]!.sum), 9));
  });

  it('answers the overview with hand-computed figures', async () => {
    const o = await get<z.infer<typeof AssessmentOverview>>('/overview');
    // Resilience: Alice 100, Bob (23.33 + 65) / 2 = 44.17, Carol (26.67 + 20) / 2 = 23.33 → 167.5 / 3.
    expect(o.resilienceScore).toBe(56);
    expect(o.band).toEqual({ title: 'Fair', color: 'yellow' });
    expect([o.usersTotal, o.usersStarted, o.usersFinished, o.completion]).toEqual([5, 4, 3, 60]);
    expect(withoutColours(o.distribution)).toEqual(bins([1, 1, 0, 0, 1], [33, 33, 0, 0, 33]));
    expect(
      o.insights.map((i) => [i.type, i.context.id, i.context.averageScore, i.context.employeesPercentage]),
    ).toEqual([
      ['THREAT_AREA', PH, 50, 67],
      ['KEY_BEHAVIOUR', 'PH-1', 33, 67],
      ['EMPLOYEE_LIST', a.lists.ops, 34, 100],
      ['QUESTIONS', 'ph-invoice-from-new-supplier', 42, 67],
    ]);
    expect(o.threatAreas.find((r) => r.id === PH)).toMatchObject({
      questionsCount: 2,
      averageScore: 50,
      weakestKeyBehaviour: { code: 'PH-1', score: 33 },
    });
    expect(o.threatAreas.find((r) => r.id === PW)).toMatchObject({
      questionsCount: 2,
      averageScore: 62,
      weakestKeyBehaviour: { code: 'PW-1', score: 50 },
    });
    expect(
      o.keyBehaviours.map((k) => [k.keyBehaviourCode, k.coverage, k.averageScore, k.usersAtRiskPercentage]),
    ).toEqual(
      expect.arrayContaining([
        ['PH-1', 33, 33, 67],
        ['PH-2', 33, 50, 33],
        ['PH-4', 50, 67, 33],
        ['PW-1', 33, 50, 33],
        ['PW-2', 50, 73, 33],
      ]),
    );
    expect(o.keyBehaviours).toHaveLength(5);
    expect(o.keyBehaviours[0]!.keyBehaviourName).not.toBe(o.keyBehaviours[0]!.keyBehaviourCode);
    // Two lists, so the list × area grid: (65 + 20) / 2 = 42.5 rounds half up to 43.
    const grid = Object.fromEntries(
      o.listScores.map((l) => [
        l.listName,
        [l.usersCount, l.started, ...l.areas.map((x) => [x.areaId, x.averageScore])],
      ]),
    );
    expect(grid.Sales).toEqual([
      3,
      2,
      ...[
        [PH, 62],
        [PW, 83],
      ].sort(byAreaOrder(o)),
    ]);
    expect(grid.Ops).toEqual([
      3,
      3,
      ...[
        [PH, 25],
        [PW, 43],
      ].sort(byAreaOrder(o)),
    ]);
    expect(o.reminders.map((r) => [r.status, r.sendTo, r.alreadySet])).toEqual([
      [1, 2, true],
      [0, 0, false],
    ]);
  });

  const byAreaOrder =
    (o: { threatAreas: { id: string }[] }) => (x: (string | number)[], y: (string | number)[]) =>
      o.threatAreas.findIndex((r) => r.id === x[0]) - o.threatAreas.findIndex((r) => r.id === y[0]);

  it('answers risk insights, threat areas per list and the threat-area detail', async () => {
    const insights = await get<{ type: string }[]>('/risk-insights');
    expect(insights.map((i) => i.type)).toEqual([
      'THREAT_AREA',
      'KEY_BEHAVIOUR',
      'EMPLOYEE_LIST',
      'QUESTIONS',
    ]);

    const sales = await get<ThreatAreaRow[]>(`/threat-areas?listId=${a.lists.sales}`);
    expect(sales.find((r) => r.id === PH)).toMatchObject({
      averageScore: 62,
      weakestKeyBehaviour: { code: 'PH-1', score: 50 },
    });
    expect(sales.find((r) => r.id === PW)).toMatchObject({
      averageScore: 83,
      weakestKeyBehaviour: { code: 'PW-1', score: 75 },
    });

    const detail = await get<ThreatAreaDetail>(`/threat-areas/${PH}`);
    expect(detail).toMatchObject({
      id: PH,
      assessmentKeyBehavioursCount: 3,
      totalKeyBehavioursCount: 5,
      questionsCount: 2,
      averageScore: 50,
    });
    expect(detail.name).toMatch(/phishing/i);
    // Area scores: Alice 100, Bob 23.33, Carol 26.67.
    expect(withoutColours(detail.distribution)).toEqual(bins([1, 1, 0, 0, 1], [33, 33, 0, 0, 33]));
    expect(detail.keyBehaviours.map((k) => k.keyBehaviourCode)).toEqual(['PH-1', 'PH-2', 'PH-4']);
    expect(detail.questions.map((q) => [q.number, q.average_score_percentage])).toEqual([
      [1, 42],
      [2, 67],
    ]);
    expect(detail.lists.map((l) => [l.listName, l.resilienceScore])).toEqual([
      ['Ops', 25],
      ['Sales', 62],
    ]);

    const ops = await get<ThreatAreaDetail>(`/threat-areas/${PH}?listId=${a.lists.ops}`);
    expect(ops.averageScore).toBe(25);
    expect(withoutColours(ops.distribution)).toEqual(bins([1, 1, 0, 0, 0], [50, 50, 0, 0, 0]));
    expect(ops.questions.map((q) => q.average_score_percentage)).toEqual([13, 50]);

    const missing = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/assessments/${a.id}/threat-areas/remote-work`,
      headers: viewer,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("reads a threat area named by the spec's code (its English name, underscores for spaces)", async () => {
    const byId = await get<ThreatAreaDetail>(`/threat-areas/${PH}`);
    for (const code of ['Email_phishing', 'email_phishing', encodeURIComponent('Email phishing')])
      expect(await get<ThreatAreaDetail>(`/threat-areas/${code}`)).toEqual(byId);

    // The filters of the area page's tables take the code too, and give what the id gives.
    type Page = z.infer<typeof AssessmentEmployeesPage>;
    const pw = 'Passwords_and_access';
    expect(await get<Page>(`/users?threatArea=${pw}&order=score`)).toEqual(
      await get<Page>(`/users?threatArea=${PW}&order=score`),
    );
    expect(await get<EmployeeListRow[]>(`/lists?threatArea=${pw}`)).toEqual(
      await get<EmployeeListRow[]>(`/lists?threatArea=${PW}`),
    );
    expect(await get<KeyBehaviourRow[]>(`/key-behaviours?threatArea=${pw}`)).toEqual(
      await get<KeyBehaviourRow[]>(`/key-behaviours?threatArea=${PW}`),
    );
    const unknown = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/assessments/${a.id}/threat-areas/Email_phishing_now`,
      headers: viewer,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers key behaviours, list scores, lists and questions with their filters', async () => {
    const kb = await get<KeyBehaviourRow[]>(`/key-behaviours?threatArea=${PW}&listId=${a.lists.sales}`);
    expect(kb.map((k) => [k.keyBehaviourCode, k.averageScore, k.usersAtRiskPercentage])).toEqual([
      ['PW-1', 75, 0],
      ['PW-2', 90, 0],
    ]);
    const grid = await get<{ listName: string }[]>('/list-scores');
    expect(grid.map((l) => l.listName)).toEqual(['Ops', 'Sales']);

    const lists = await get<EmployeeListRow[]>('/lists');
    expect(
      lists.map((l) => [l.listName, l.employeesCount, l.started, l.completionRate, l.resilienceScore]),
    ).toEqual([
      ['Ops', 3, 3, 67, 34],
      ['Sales', 3, 2, 67, 72],
    ]);
    const byArea = await get<EmployeeListRow[]>(`/lists?threatArea=${PW}`);
    expect(byArea.map((l) => l.resilienceScore)).toEqual([43, 83]);

    const questions = await get<QuestionReportRow[]>('/questions');
    expect(questions.map((q) => [q.id, q.number, q.answered, q.average_score_percentage])).toEqual([
      ['ph-invoice-from-new-supplier', 1, 3, 42],
      ['ph-report-or-delete', 2, 3, 67],
      ['pw-choose-new-password', 3, 3, 50],
      ['pw-passwords-on-sticky-notes', 4, 3, 73],
    ]);
    const salesPw = await get<QuestionReportRow[]>(`/questions?threatArea=${PW}&listId=${a.lists.sales}`);
    expect(salesPw.map((q) => q.average_score_percentage)).toEqual([75, 90]);

    const badList = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/assessments/${a.id}/questions?listId=${otherAssessment.lists.ops}`,
      headers: viewer,
    });
    expect(badList.statusCode).toBe(404);
  });

  it('pages, filters and orders the employees on the server', async () => {
    type Page = z.infer<typeof AssessmentEmployeesPage>;
    const all = await get<Page>('/users?order=email');
    expect(all.total).toBe(5);
    expect(
      all.rows.map((r) => [r.email.split('@')[0], r.listName, r.started, r.scorePercent, r.bounced]),
    ).toEqual([
      ['alice', 'Sales', true, 100, false],
      ['bob', 'Ops, Sales', true, 44, false],
      ['carol', 'Ops', true, 23, false],
      ['dan', 'Ops', true, null, false],
      ['eve', 'Sales', false, null, true],
    ]);
    expect(all.rows[0]!.completedDate).not.toBeNull();
    expect(all.rows.every((r) => r.access_link === null)).toBe(true);

    const emails = (p: Page) => p.rows.map((r) => r.email.split('@')[0]);
    expect(emails(await get<Page>('/users?order=email&n=2&p=2'))).toEqual(['carol', 'dan']);
    expect((await get<Page>('/users?order=email&n=2&p=2')).total).toBe(5);
    expect(emails(await get<Page>('/users?order=score&d=desc'))).toEqual([
      'alice',
      'bob',
      'carol',
      'eve',
      'dan',
    ]);
    expect(emails(await get<Page>('/users?minScore=40&maxScore=60'))).toEqual(['bob']);
    // Bob's passwords score is 65, Carol's 20.
    const pw = await get<Page>(`/users?threatArea=${PW}&minScore=60&order=score`);
    expect(pw.rows.map((r) => [r.email.split('@')[0], r.scorePercent])).toEqual([
      ['bob', 65],
      ['alice', 100],
    ]);
    expect(emails(await get<Page>('/users?filter=BAK'))).toEqual(['bob']);
    expect(emails(await get<Page>('/users?filter=dan%40staff'))).toEqual(['dan']);
    expect(emails(await get<Page>(`/users?listId=${a.lists.sales}&order=email`))).toEqual([
      'alice',
      'bob',
      'eve',
    ]);
    expect(emails(await get<Page>('/users?status=finished&order=email'))).toEqual(['alice', 'bob', 'carol']);
    expect(emails(await get<Page>('/users?status=started'))).toEqual(['dan']);
    expect(emails(await get<Page>('/users?status=notStarted'))).toEqual(['eve']);
    expect(emails(await get<Page>('/users?status=bounced'))).toEqual(['eve']);

    const bad = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/assessments/${a.id}/users?minScore=60&maxScore=40`,
      headers: viewer,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Max value must be higher than min value.');
  });

  const download = async (path: string) => {
    const token = viewer.authorization!.split(' ')[1]!;
    const res = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/assessments/${a.id}${path}${path.includes('?') ? '&' : '?'}token=${token}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    return res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
  };

  it('recommends the subjects that train the weakest key behaviours, within the plan', async () => {
    const r = await get<RecommendedTraining>('/recommended-training');
    // Below 75, weakest first, at most three: PH-1 33, then PH-2 and PW-1 at 50 (PH-4 67 and PW-2 73 are left).
    expect(r.behaviours.map((b) => [b.code, b.averageScore])).toEqual([
      ['PH-1', 33],
      ['PH-2', 50],
      ['PW-1', 50],
    ]);
    expect(r.behaviours[0]!.name).not.toBe('PH-1');
    expect(r.behaviours[0]!.threatArea).not.toBe('');
    // Those training two of them first, then those training the weakest (PH-1), then PW-1's.
    expect(r.subjects.map((s) => [s.id, s.trains])).toEqual([
      ['interactive-invoice-inbox', ['PH-1', 'PH-2']],
      ['interactive-shared-document-lure', ['PH-1', 'PH-2']],
      ['interactive-cfo-display-name', ['PH-1']],
      ['interactive-mfa-fatigue', ['PW-1']],
      ['interactive-one-password', ['PW-1']],
    ]);
    expect(r.subjects.every((s) => s.type === 5 && s.title !== '' && !s.disabled)).toBe(true);

    // A plan with one of them offers only that one; another company's assessment stays hidden.
    await t.ctx.db
      .update(companySubscriptions)
      .set({ definition: { trainingSubjects: ['interactive-mfa-fatigue', 'spot-the-phish'] } })
      .where(eq(companySubscriptions.companyId, otherCompanyId));
    const theirs = await t.inject({
      method: 'GET',
      url: `/api/companies/${otherCompanyId}/assessments/${otherAssessment.id}/recommended-training`,
      headers: outsider,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json<RecommendedTraining>().subjects.map((s) => s.id)).toEqual(['interactive-mfa-fatigue']);
    const hidden = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/assessments/${otherAssessment.id}/recommended-training`,
      headers: viewer,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('downloads users.csv and lists.csv with the token in the query, formulas neutralised', async () => {
    const users = await download('/users?csv=1&order=email');
    expect(users[0]).toBe('"Name","Email","Lists","Status","Completed date","Resilience score","Bounced"');
    expect(users).toHaveLength(6);
    expect(users[2]).toMatch(/^"Bob Baker","bob@staff\.example","Ops, Sales","Finished","2026-.*",44,"No"$/);
    expect(users[3]).toMatch(/^"'=cmd","carol@staff\.example","Ops","Finished",/);
    expect(users[5]).toBe('"Eve Evans","eve@staff.example","Sales","Not started","","N/A","Yes"');

    const lists = await download('/lists?csv=1');
    expect(lists).toEqual([
      '"List","Employees","Started","Completion %","Resilience score"',
      '"Ops",3,3,67,34',
      '"Sales",3,2,67,72',
    ]);
  });

  it('streams answers.csv: one row per answer with the answer in words and the points per behaviour', async () => {
    const lines = (await download('/answers?csv=1')).map(cellsOf);
    const header = lines[0]!;
    expect(header.slice(0, 8)).toEqual([
      'Email',
      'Name',
      'Lists',
      'Question number',
      'Question',
      'Threat area',
      'Action',
      'Answer',
    ]);
    expect(
      header
        .slice(8)
        .map((h) => h.split(' ')[0])
        .sort(),
    ).toEqual(['PH-1', 'PH-2', 'PH-4', 'PW-1', 'PW-2']);
    // Alice, Bob and Carol answered 5 actions each, Dan one.
    expect(lines).toHaveLength(1 + 16);
    expect(lines.filter((l) => l[1] === "'=cmd")).toHaveLength(5);
    const col = (code: string) => header.findIndex((h) => h.startsWith(`${code} `));
    const bobs = lines.filter((l) => l[0] === 'bob@staff.example');
    expect(bobs.map((l) => l[3]).sort()).toEqual(['1', '2', '2', '3', '4']);
    expect(bobs.every((l) => l[2] === 'Ops, Sales')).toBe(true);
    // The yes/no list of question 2: Yes, No, No earns PH-4 one point; the question does not score PH-1.
    const list = bobs.find((l) => l[3] === '2' && l[7]!.includes(': Yes;'))!;
    expect(list[7]).toMatch(/^[^;]+: Yes; [^;]+: No; [^;]+: No$/);
    expect([list[col('PH-4')], list[col('PH-1')]]).toEqual(['1', '']);
    // Question 1, option "1": PH-1 nothing, PH-2 one point.
    const invoice = bobs.find((l) => l[3] === '1')!;
    expect([invoice[col('PH-1')], invoice[col('PH-2')], invoice[col('PW-1')]]).toEqual(['0', '1', '']);
    expect(invoice[5]).toMatch(/phishing/i);
    expect(invoice[7]).not.toBe('');
  });

  it('answers the infosec summary with too few results to show a score', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/infosec/assessment/summary',
      headers: { ...viewer, 'x-company-id': companyId },
    });
    expect(res.statusCode).toBe(200);
    // Three finished employees: below the board's minimum, so no figure rests on them.
    expect(res.json<z.infer<typeof InfosecSummary>>()).toEqual({
      resilienceScore: null,
      areas: [],
      bestBehaviour: null,
      worstBehaviour: null,
      usersFinished: 3,
      assessments: 1,
      minResults: INFOSEC_MIN_RESULTS,
      updated: a.lastFinishedAt.toISOString(),
    });

    const empty = await createCompany(t.ctx.db);
    const manager = await createManager(t.ctx.db);
    await addMember(t.ctx.db, empty.id, manager.id, 2);
    const none = await t.inject({
      method: 'GET',
      url: '/api/infosec/assessment/summary',
      headers: { ...bearer(await signIn(t, manager.id)), 'x-company-id': empty.id },
    });
    expect(none.json()).toMatchObject({
      resilienceScore: null,
      usersFinished: 0,
      assessments: 0,
      areas: [],
      updated: null,
    });
  });

  it('lets viewers and admins read and hides another company’s assessment', async () => {
    expect((await get<unknown>('/overview', admin)) !== null).toBe(true);
    const theirs = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/assessments/${otherAssessment.id}/overview`,
      headers: admin,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().description).toBe('Assessment not found :(');
    const notMine = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/assessments/${a.id}/overview`,
      headers: outsider,
    });
    expect(notMine.statusCode).toBe(404);
    const viaTheirCompany = await t.inject({
      method: 'GET',
      url: `/api/companies/${otherCompanyId}/assessments/${a.id}/answers?csv=1`,
      headers: outsider,
    });
    expect(viaTheirCompany.statusCode).toBe(404);
    const anonymous = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/assessments/${a.id}/overview`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('emits infosec:update_summary to the company room', async () => {
    await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}`;
    const socket = connect(url, {
      path: '/socket.io',
      query: { token: viewer.authorization!.split(' ')[1]! },
      transports: ['websocket'],
    });
    try {
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      const joined = await new Promise<boolean>((resolve) => socket.emit('company:join', companyId, resolve));
      expect(joined).toBe(true);
      const received = new Promise<{ companyId: string }>((resolve) =>
        socket.on('infosec:update_summary', resolve),
      );
      notifyInfosecSummary(t.ctx, companyId);
      expect(await received).toEqual({ companyId });
    } finally {
      socket.close();
    }
  });
});
