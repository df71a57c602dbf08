import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  assessments,
  trainingDeliveries,
  trainingEvents,
  trainingProgress,
  trainings,
} from '../../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { seedAssessment, type SeededAssessment } from '../../test/assessment-reports.fixture.ts';
import { OVERVIEW_CSV_HEADER } from './overview-report.service.ts';
import { hasPoppler, pageCount, pdfText } from '../../lib/pdf/pdf-test-utils.ts';

const day = (iso: string) => new Date(`${iso}T09:00:00Z`);

interface Progress {
  employee: string;
  subject: string;
  opened?: boolean;
  finished?: boolean;
  /** Quiz questions answered and answered right (the masks' bits). */
  answered?: number;
  correct?: number;
}

/** A program with its batches sent (or planned), its deliveries and its employees' progress. */
async function seedTraining(
  db: Db,
  companyId: string,
  values: {
    name: string;
    status: 'draft' | 'scheduled' | 'active' | 'completed';
    batches: { at: string; subjects: string[]; sent: boolean }[];
    deliveries?: { employee: string; bounced?: boolean }[];
    progress?: Progress[];
  },
) {
  const [training] = await db
    .insert(trainings)
    .values({
      companyId,
      name: values.name,
      status: values.status,
      subjectIds: values.batches.flatMap((b) => b.subjects),
    })
    .returning({ id: trainings.id });
  const trainingId = training!.id;
  for (const [position, batch] of values.batches.entries()) {
    const [event] = await db
      .insert(trainingEvents)
      .values({
        trainingId,
        companyId,
        type: 1,
        position,
        sendAt: day(batch.at),
        status: batch.sent ? 'sent' : 'scheduled',
        subjectIds: batch.subjects,
      })
      .returning({ id: trainingEvents.id });
    if (!batch.sent || !values.deliveries) continue;
    await db.insert(trainingDeliveries).values(
      values.deliveries.map((d) => ({
        eventId: event!.id,
        trainingId,
        companyId,
        employeeId: d.employee,
        channel: 1,
        status: d.bounced ? ('bounced' as const) : ('sent' as const),
      })),
    );
  }
  const bits = (n: number) => (1 << n) - 1;
  if (values.progress?.length)
    await db.insert(trainingProgress).values(
      values.progress.map((p) => ({
        trainingId,
        companyId,
        employeeId: p.employee,
        subjectId: p.subject,
        openedAt: p.opened === false ? null : day('2026-03-03'),
        finishedAt: p.finished ? day('2026-03-04') : null,
        answeredMask: bits(p.answered ?? 0),
        correctMask: bits(p.correct ?? 0),
      })),
    );
  return trainingId;
}

/** One CSV line's cells, text cells unquoted; the seeded texts hold no commas or quotes. */
const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(',').map((cell) => cell.replace(/^"(.*)"$/, '$1')));

describe.each(testDatabases())('general overview report (%s)', (kind) => {
  let t: TestApp;
  let companyId: string;
  let otherCompanyId: string;
  let bigCompanyId: string;
  let a: SeededAssessment;
  let adminToken: string;
  let viewerToken: string;
  let outsiderToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.ctx.db;
    const [company, other, big] = await Promise.all([
      createCompany(db, { name: 'Northwind Traders' }),
      createCompany(db),
      createCompany(db, { name: 'Big Co' }),
    ]);
    companyId = company.id;
    otherCompanyId = other.id;
    bigCompanyId = big.id;
    const [adminUser, viewerUser, outsiderUser] = await Promise.all([
      createManager(db),
      createManager(db),
      createManager(db),
    ]);
    await addMember(db, company.id, adminUser.id, 1);
    await addMember(db, big.id, adminUser.id, 1);
    await addMember(db, company.id, viewerUser.id, 2);
    await addMember(db, other.id, outsiderUser.id, 1);
    adminToken = await signIn(t, adminUser.id);
    viewerToken = await signIn(t, viewerUser.id);
    outsiderToken = await signIn(t, outsiderUser.id);

    // Five employees in two lists; three finished the assessment (resilience 56, Fair).
    a = await seedAssessment(db, companyId);
    const e = a.employees;
    await db.insert(assessments).values([
      {
        companyId,
        name: 'Year-end check',
        status: 'completed',
        questionIds: ['ph-report-or-delete'],
        deliveryAt: day('2025-11-03'),
        dueAt: day('2025-11-30'),
      },
      { companyId, name: 'Unsent draft', status: 'draft', questionIds: ['ph-report-or-delete'] },
    ]);
    // Reached 4 (one bounced), 3 × 2 lessons delivered, 3 finished, 3 opened; quiz 5 of 8 right.
    await seedTraining(db, companyId, {
      name: 'Phishing 101',
      status: 'active',
      batches: [{ at: '2026-03-02', subjects: ['spot-the-phish', 'fake-websites'], sent: true }],
      deliveries: [
        { employee: e.alice },
        { employee: e.bob },
        { employee: e.carol },
        { employee: e.dan, bounced: true },
      ],
      progress: [
        { employee: e.alice, subject: 'spot-the-phish', finished: true, answered: 3, correct: 2 },
        { employee: e.alice, subject: 'fake-websites', finished: true, answered: 2, correct: 2 },
        { employee: e.bob, subject: 'spot-the-phish', finished: true, answered: 3, correct: 1 },
        { employee: e.carol, subject: 'spot-the-phish' },
      ],
    });
    // Reached 2, 2 × 2 lessons delivered over two batches, 3 finished, both opened; quiz 2 of 2 right.
    await seedTraining(db, companyId, {
      name: 'Passwords',
      status: 'completed',
      batches: [
        { at: '2026-01-10', subjects: ['password-managers'], sent: true },
        { at: '2026-02-10', subjects: ['multi-factor-authentication'], sent: true },
      ],
      deliveries: [{ employee: e.alice }, { employee: e.bob }],
      progress: [
        { employee: e.alice, subject: 'password-managers', finished: true, answered: 2, correct: 2 },
        { employee: e.alice, subject: 'multi-factor-authentication', finished: true },
        { employee: e.bob, subject: 'password-managers', finished: true },
      ],
    });
    // A name a spreadsheet would run; planned, nothing sent yet.
    await seedTraining(db, companyId, {
      name: '=SUM(A1:A9)',
      status: 'scheduled',
      batches: [{ at: '2026-12-01', subjects: ['clean-desk'], sent: false }],
    });
    await seedTraining(db, companyId, {
      name: 'Draft program',
      status: 'draft',
      batches: [{ at: '2026-05-01', subjects: ['clean-desk'], sent: false }],
    });

    // Enough rows to run over several pages.
    await db.insert(trainings).values(
      Array.from({ length: 70 }, (_, i) => ({
        companyId: bigCompanyId,
        name: `Program ${String(i + 1).padStart(3, '0')}`,
        status: i % 3 === 0 ? ('completed' as const) : ('active' as const),
      })),
    );
    await db.insert(assessments).values(
      Array.from({ length: 40 }, (_, i) => ({
        companyId: bigCompanyId,
        name: `Check ${String(i + 1).padStart(3, '0')}`,
        status: 'active' as const,
        questionIds: ['ph-report-or-delete'],
        startedAt: day('2026-04-01'),
      })),
    );
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  const report = (id: string, query: string) =>
    t.inject({ method: 'GET', url: `/api/companies/${id}/overview/report?${query}` });

  it('quotes every text cell and neutralises a formula after a semicolon, where Excel splits in German', async () => {
    const db = t.ctx.db;
    const company = await createCompany(db);
    const manager = await createManager(db);
    await addMember(db, company.id, manager.id, 1);
    await db
      .insert(trainings)
      .values({ companyId: company.id, name: 'Ops;=HYPERLINK("http://evil")', status: 'active' });
    const res = await report(company.id, `token=${await signIn(t, manager.id)}&csv=1`);
    expect(res.statusCode).toBe(200);
    const [header, row] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toMatch(/^"Type","Name",/);
    expect(row).toMatch(/^"training","Ops;'=HYPERLINK\(""http:\/\/evil""\)","active",/);
  });

  it('sends the CSV with one row per training and assessment and hand-computed figures', async () => {
    const res = await report(companyId, `token=${viewerToken}&csv=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="general-overview.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = csvLines(res.body);
    expect(header).toEqual(OVERVIEW_CSV_HEADER);
    // Newest first; drafts left out; the formula-like name neutralised.
    expect(rows).toEqual([
      ['training', "'=SUM(A1:A9)", 'scheduled', '2026-12-01', '2026-12-01', '0', '', '', '', '', '', '', ''],
      // Attendance 3 / 4, completion 3 / 6, awareness 5 / 8 = 62.5 → 63.
      [
        'training',
        'Phishing 101',
        'active',
        '2026-03-02',
        '2026-03-02',
        '4',
        '',
        '',
        '75',
        '50',
        '63',
        '',
        '',
      ],
      // Attendance 2 / 2, completion 3 / 4, awareness 2 / 2.
      [
        'training',
        'Passwords',
        'completed',
        '2026-01-10',
        '2026-02-10',
        '2',
        '',
        '',
        '100',
        '75',
        '100',
        '',
        '',
      ],
      // 5 invited, 4 started (80 %), 3 finished (60 %), resilience 167.5 / 3 → 56.
      [
        'assessment',
        'Q2 risk check',
        'active',
        '2026-03-02',
        '2026-03-30',
        '5',
        '4',
        '3',
        '80',
        '60',
        '',
        '56',
        'Fair',
      ],
      [
        'assessment',
        'Year-end check',
        'completed',
        '2025-11-03',
        '2025-11-30',
        '0',
        '0',
        '0',
        '',
        '',
        '',
        '',
        '',
      ],
    ]);
  });

  it('sends the PDF in the company’s words and figures', async () => {
    const res = await report(companyId, `token=${adminToken}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="general-overview.pdf"');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(1);
    if (!hasPoppler) return;
    const text = pdfText(pdf);
    for (const expected of [
      'Northwind Traders',
      'General overview',
      'Training programs and risk assessments of Northwind Traders',
      // Employees 5; trainings 2 active (active + scheduled), 1 completed; quiz score 7 / 10.
      'EMPLOYEES 5',
      'ACTIVE TRAININGS 2',
      'COMPLETED TRAININGS 1',
      'QUIZ SCORE 70%',
      'ACTIVE ASSESSMENTS 1',
      'COMPLETED ASSESSMENTS 1',
      'LATEST RESILIENCE SCORE 56 Fair',
      'Q2 risk check · 3 finished',
      'REACHED ATTENDANCE COMPLETION QUIZ SCORE',
      'Phishing 101 Active Mar 2, 2026 4 75% 50% 63%',
      'Passwords Completed Jan 10 – Feb 10, 2026 2 100% 75% 100%',
      '=SUM(A1:A9) Scheduled Dec 1, 2026 0 N/A N/A N/A',
      'Q2 risk check Active Mar 2, 2026 Mar 30, 2026 5 3 56 Fair',
      'Year-end check Completed Nov 3, 2025 Nov 30, 2025 0 0 N/A',
      'Threat areas — Q2 risk check',
      '50 Fair',
      '62 Fair',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Draft program');
    expect(text).not.toContain('Unsent draft');
  });

  it('runs long tables over several pages, repeating their headers', async () => {
    const res = await report(bigCompanyId, `token=${adminToken}`);
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBeGreaterThanOrEqual(3);
    if (!hasPoppler) return;
    const text = pdfText(pdf);
    for (let i = 1; i <= 70; i++) expect(text).toContain(`Program ${String(i).padStart(3, '0')}`);
    for (let i = 1; i <= 40; i++) expect(text).toContain(`Check ${String(i).padStart(3, '0')}`);
    expect(text.split('NAME STATUS DELIVERIES REACHED ATTENDANCE').length - 1).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Page 1 of ${pageCount(pdf)}`);
    expect(text).toContain('General overview — Big Co');
    expect(text).toContain('No assessment has finished employees yet.');
  });

  it('takes the session from the bearer header or the token query, and refuses without one', async () => {
    const withHeader = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/overview/report?csv=1`,
      headers: bearer(viewerToken),
    });
    expect(withHeader.statusCode).toBe(200);
    expect((await report(companyId, 'csv=1')).statusCode).toBe(401);
    expect((await report(companyId, 'token=not-a-session&csv=1')).statusCode).toBe(401);
  });

  it('answers 404 for a company the user cannot see, whoever asks', async () => {
    const theirs = await report(otherCompanyId, `token=${adminToken}`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ error: 'Not Found' });
    expect((await report(companyId, `token=${outsiderToken}&csv=1`)).statusCode).toBe(404);
    expect((await report('00000000-0000-4000-8000-000000000000', `token=${adminToken}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses a malformed query', async () => {
    expect((await report(companyId, `token=${adminToken}&csv=yes`)).statusCode).toBe(400);
    expect((await report('not-a-uuid', `token=${adminToken}`)).statusCode).toBe(400);
  });
});
