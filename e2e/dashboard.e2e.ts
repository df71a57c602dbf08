import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  CalendarEvent,
  CompanyStatistics,
  DashboardAssessmentRow,
  DashboardTrainingRow,
  InfosecSummary,
} from '@vigil/shared';
import { api, mailTo, managerToken, renderPdf } from './api.ts';
import { checkAccessibility } from './axe.ts';
import { launchBrowser, screenshotDir, shoot } from './browser.ts';
import { takeAssessment, visible } from './learner.ts';
import { signInAs } from './session.ts';

const baseUrl = inject('baseUrl');
const ADMIN = 'alex.morgan@harbor-logistics.example';
const TIME_ZONE = 'Europe/Berlin';

/** The month and day of a date as the Berlin viewer sees them. */
const berlin = (iso: string) => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return { month: `${part('year')}-${part('month')}`, day: Number(part('day')) };
};

async function companyOf(token: string): Promise<string> {
  const companies = await api<Array<{ company_id: string; company_name: string }>>(
    baseUrl,
    token,
    'GET',
    '/companies/my_companies',
  );
  return companies.find((c) => c.company_name.startsWith('Harbor'))!.company_id;
}

/** The row of a table on the page whose first cell holds this name. */
const rowOf = (page: Page, name: string) =>
  page
    .getByRole('row')
    .filter({ hasText: name.slice(0, 30) })
    .first();

describe('dashboard journey', () => {
  let browser: Browser;
  let token: string;
  let companyId: string;
  beforeAll(async () => {
    browser = await launchBrowser();
    token = await managerToken(baseUrl, ADMIN);
    companyId = await companyOf(token);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the demo company's programs with their real numbers, a calendar day and both reports", async () => {
    const get = <T>(url: string) => api<T>(baseUrl, token, 'GET', `/companies/${companyId}${url}`);
    const stats = await get<CompanyStatistics>('/statistics/status');
    const { rows: trainings } = await get<{ rows: DashboardTrainingRow[] }>('/dashboard/trainings');
    const { rows: assessments } = await get<{ rows: DashboardAssessmentRow[] }>('/dashboard/assessments');
    expect(trainings.map((r) => r.name)).toContain('Data protection essentials');
    expect(assessments.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Baseline human-risk assessment', 'Phishing readiness check']),
    );
    expect(stats.trainings.active.value).toBeGreaterThan(0);
    expect(stats.assessments.completed.value).toBeGreaterThan(0);

    // The dashboard's figures are the ones the trainings list and the assessment overview show.
    for (const row of trainings) {
      const listed = await get<{ rows: Array<{ id: string; attendance: number | null }> }>(
        `/automations?q=${encodeURIComponent(row.name)}`,
      );
      expect(row.attendance).toBe(listed.rows.find((r) => r.id === row.id)!.attendance);
    }
    for (const row of assessments.filter((r) => r.status !== 'scheduled')) {
      const overview = await get<{ resilienceScore: number | null }>(`/assessments/${row.id}/overview`);
      expect(row.resilienceScore === null ? null : Math.round(row.resilienceScore)).toBe(
        overview.resilienceScore === null ? null : Math.round(overview.resilienceScore),
      );
    }

    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      timezoneId: TIME_ZONE,
    });
    const manager = await context.newPage();
    manager.on('pageerror', (err) => console.error('page error:', err.message));
    await signInAs(manager, baseUrl, ADMIN, '/');
    for (const row of [...trainings, ...assessments]) {
      await expect.poll(() => rowOf(manager, row.name).isVisible(), { timeout: 20_000 }).toBe(true);
      if (row.attendance !== null)
        expect(await rowOf(manager, row.name).textContent()).toContain(`${Math.round(row.attendance)}%`);
    }
    const baseline = assessments.find((r) => r.name === 'Baseline human-risk assessment')!;
    expect(await rowOf(manager, baseline.name).textContent()).toContain(
      `${Math.round(baseline.resilienceScore!)}%`,
    );
    await manager.waitForLoadState('networkidle');
    await shoot(manager, '80-dashboard');

    // A day of this month with something on it, picked in the calendar; its list names the program.
    const now = berlin(new Date().toISOString());
    const events = await get<CalendarEvent[]>(`/events?m=${now.month}&tz=${encodeURIComponent(TIME_ZONE)}`);
    expect(events.length).toBeGreaterThan(0);
    const event = events.find((e) => berlin(e.date).day !== now.day) ?? events[0]!;
    const day = berlin(event.date).day;
    const calendar = manager.getByTestId('dashboard-calendar');
    await calendar
      .locator('button:not([data-outside])')
      .filter({ hasText: new RegExp(`^${day}$`) })
      .first()
      .click();
    const onThatDay = events.filter((e) => berlin(e.date).day === day);
    await expect
      .poll(() => calendar.getByTestId('calendar-event').count(), { timeout: 10_000 })
      .toBe(onThatDay.length);
    expect(await calendar.getByTestId('calendar-event').first().textContent()).toContain(
      onThatDay[0]!.name.slice(0, 20),
    );
    await shoot(manager, '81-dashboard-calendar-day');
    await checkAccessibility(manager, 'the dashboard with a calendar day picked');

    // The same dashboard on a phone.
    const phone = await (
      await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        timezoneId: TIME_ZONE,
      })
    ).newPage();
    await signInAs(phone, baseUrl, ADMIN, '/');
    // The assessments' table is below the fold there: it renders as the reader scrolls down to it.
    await expect
      .poll(
        async () => {
          await phone.mouse.wheel(0, 400);
          return rowOf(phone, baseline.name).isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    await phone.waitForLoadState('networkidle');
    // Shot from the top: a full-page shot of a scrolled page draws the fixed header where it scrolled to.
    await phone.evaluate(() => window.scrollTo(0, 0));
    await shoot(phone, '82-dashboard-phone');
    await checkAccessibility(phone, 'the dashboard on a phone');
    await phone.context().close();

    // Reports: the General overview as PDF and CSV, through the page's own links.
    await manager.getByRole('link', { name: 'Reports', exact: true }).first().click();
    await expect.poll(() => visible(manager, 'General overview'), { timeout: 20_000 }).toBe(true);
    await shoot(manager, '83-reports');
    const href = async (format: 'pdf' | 'csv') =>
      new URL(
        (await manager.getByTestId(`overview-report-${format}`).getAttribute('href'))!,
        baseUrl,
      ).toString();
    const pdf = await fetch(await href('pdf'));
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    renderPdf(bytes, '84-overview-report');
    // A long report runs over more pages: the last one is looked at too.
    const pdfPath = path.join(screenshotDir, '84-overview-report.pdf');
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdfPath]).toString())![1]);
    if (pages > 1)
      execFileSync('pdftoppm', [
        ...['-png', '-r', '70', '-f', String(pages), '-l', String(pages), '-singlefile'],
        ...[pdfPath, path.join(screenshotDir, '85-overview-report-last-page')],
      ]);
    const text = execFileSync('pdftotext', [
      path.join(screenshotDir, '84-overview-report.pdf'),
      '-',
    ]).toString();
    for (const row of [...trainings, ...assessments]) expect(text).toContain(row.name.slice(0, 20));
    const csv = await fetch(await href('csv'));
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).replace(/^\uFEFF/, '');
    writeFileSync(path.join(screenshotDir, '86-overview-report.csv'), lines);
    for (const row of [...trainings, ...assessments]) expect(lines).toContain(row.name);
    await context.close();
  });

  it('on a return visit, the header and the welcome line are on screen before the app’s scripts run', async () => {
    const phone = await (
      await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
    ).newPage();
    await signInAs(phone, baseUrl, ADMIN, '/');
    // The admin's name as it is now (the foundation journey edits it in the profile).
    const welcomeLine = phone.getByText(/^Welcome, .+\. You are working in Harbor Logistics\.$/);
    await expect.poll(() => welcomeLine.first().isVisible(), { timeout: 20_000 }).toBe(true);
    const welcome = (await welcomeLine.first().textContent())!.trim();
    const name = welcome.replace(/^Welcome, /, '').replace(/\. You are working in .*$/, '');
    const nameInitials = name
      .split(/\s+/)
      .slice(0, 2)
      .map((word) => word[0]!.toUpperCase())
      .join('');
    // Without the app's scripts and styles, only the first screen's own script paints.
    await phone.route(/\/assets\/(?!first-screen-).*\.(js|css)$/, (route) => route.abort());
    await phone.reload();
    await expect.poll(() => phone.getByText(welcome).isVisible()).toBe(true);
    expect(await phone.locator('h1', { hasText: 'Dashboard' }).isVisible()).toBe(true);
    expect(await phone.getByText(nameInitials, { exact: true }).isVisible()).toBe(true);
    // Remembered for one company: in another, the plain boot mark waits for the app.
    await phone.evaluate(() => localStorage.setItem('companyId', 'another-company'));
    await phone.reload();
    await phone.waitForLoadState('load');
    expect(await phone.getByText(welcome).count()).toBe(0);
    await phone.evaluate((id) => localStorage.setItem('companyId', id), companyId);
    await phone.unrouteAll();
    // With its scripts, the app's render replaces it: one welcome line, the app's.
    await phone.reload();
    await expect.poll(() => phone.getByTestId('user-menu').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => phone.getByText(welcome).count()).toBe(1);
    await phone.context().close();
  });

  it('on a phone, nothing on the dashboard moves while its figures and tables load', async () => {
    const phone = await (
      await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
    ).newPage();
    await signInAs(phone, baseUrl, ADMIN, '/');
    await expect
      .poll(() => rowOf(phone, 'Data protection essentials').isVisible(), { timeout: 20_000 })
      .toBe(true);
    // Every layout shift of the next load, with what moved (Lighthouse's cumulative layout shift).
    await phone.addInitScript(() => {
      const shifts: Array<{ value: number; moved: string[] }> = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; sources: Array<{ node?: Node }> }
        >)
          shifts.push({
            value: entry.value,
            moved: entry.sources.map((s) => (s.node as Element | undefined)?.outerHTML.slice(0, 80) ?? ''),
          });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The figures and tables answer late, as on a slow connection: their placeholders show first.
    await phone.route(/\/api\/companies\/[^/]+\/(statistics|dashboard)\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await phone.reload();
    await expect
      .poll(() => rowOf(phone, 'Data protection essentials').isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(() => phone.getByTestId('dashboard-card-trainings').getByText(/^\d+$/).first().isVisible())
      .toBe(true);
    await phone.waitForLoadState('networkidle');
    const shifts = await phone.evaluate(
      () => (window as unknown as { shifts: Array<{ value: number; moved: string[] }> }).shifts,
    );
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    // Lighthouse counts up to 0.1 as good; the cards and tables moved by 0.13 when they filled in.
    expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.02);

    // The panels below the fold render as the reader scrolls down to them, with their data.
    expect(await phone.getByTestId('dashboard-calendar').count()).toBe(0);
    for (const panel of ['dashboard-assessments', 'dashboard-calendar', 'dashboard-latest-subjects']) {
      await phone.mouse.wheel(0, 600);
      await phone.getByTestId(panel).waitFor({ timeout: 10_000 });
    }
    await expect.poll(() => rowOf(phone, 'Baseline human-risk assessment').isVisible()).toBe(true);
    await expect.poll(() => phone.getByTestId('latest-subject').count()).toBeGreaterThan(0);
    await phone.evaluate(() => window.scrollTo(0, 0));
    await shoot(phone, '84-dashboard-phone-scrolled');
    await phone.context().close();
  });

  it('the infosec board adds a new assessment’s results live to the company’s standing', async () => {
    const people = [
      { email: `robin.vale.${Date.now().toString(36)}@harbor-logistics.example`, name: 'Robin Vale' },
      { email: `sasha.moor.${Date.now().toString(36)}@harbor-logistics.example`, name: 'Sasha Moor' },
    ];
    const list = await api<{ id: string }>(baseUrl, token, 'POST', `/companies/${companyId}/lists`, {
      name: `Board check ${Date.now().toString(36)}`,
    });
    await api(baseUrl, token, 'POST', `/companies/${companyId}/lists/${list.id}/users`, { users: people });
    const name = `Conference pulse ${Date.now().toString(36)}`;
    await api(baseUrl, token, 'POST', `/companies/${companyId}/assessments`, {
      name,
      status: 'scheduled',
      templateIds: [],
      // The quick pulse questions: always the first answer and always the last score differently.
      questions: [
        'ph-shared-document-login',
        'pw-late-night-mfa-prompts',
        'se-manager-new-number-message',
        'ir-where-to-report',
      ],
      userLists: [list.id],
      channel: 1,
      scheduleType: 1,
      date: null,
      due: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      reminders_enabled: false,
      reminders_settings: { channel: 1, steps: [] },
      personalizeEnabled: false,
      personalizeData: null,
      introMessage: '',
    });
    const summary = () =>
      fetch(`${baseUrl}/api/infosec/assessment/summary`, {
        headers: { authorization: `Bearer ${token}`, 'x-company-id': companyId },
      }).then((r) => r.json() as Promise<InfosecSummary>);

    const before = await summary();
    // The demo's baseline stands behind the board: a two-person assessment cannot replace it.
    expect(before.usersFinished).toBeGreaterThan(before.minResults);
    expect(before.resilienceScore).not.toBeNull();

    // The board on the conference screen, in its own browser.
    const screen = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const board = await screen.newPage();
    board.on('pageerror', (err) => console.error('board page error:', err.message));
    await signInAs(board, baseUrl, ADMIN, '/infosec');
    await expect.poll(() => board.getByTestId('infosec-board').isVisible(), { timeout: 20_000 }).toBe(true);
    await board.waitForLoadState('networkidle');
    await shoot(board, '87-infosec-before');
    // A reload would lose this mark: the board must change without one.
    await board.evaluate(() => ((window as unknown as { boardMark: number }).boardMark = 1));

    for (const [index, person] of people.entries()) {
      const mail = await mailTo(baseUrl, person.email, new RegExp(name));
      const phone = await (
        await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
      ).newPage();
      await phone.goto(mail.text.match(/https?:\/\/\S+#t=\S+/)![0]);
      await expect.poll(() => visible(phone, name), { timeout: 20_000 }).toBe(true);
      await takeAssessment(phone, index === 0 ? 'first' : 'last', `88-board-employee-${index + 1}`);
      await phone.context().close();

      // One more employee's latest result counts, and the board shows it without a reload.
      const finished = before.usersFinished + index + 1;
      await expect.poll(async () => (await summary()).usersFinished, { timeout: 20_000 }).toBe(finished);
      const now = await summary();
      expect(now.assessments).toBe(before.assessments + 1);
      expect(Math.abs(now.resilienceScore! - before.resilienceScore!)).toBeLessThanOrEqual(1);
      await expect
        .poll(
          async () =>
            (await board.getByTestId('infosec-board').textContent())?.includes(
              `${finished} employees finished`,
            ),
          { timeout: 20_000 },
        )
        .toBe(true);
      expect(await board.evaluate(() => (window as unknown as { boardMark?: number }).boardMark)).toBe(1);
      await shoot(board, `89-infosec-after-${index + 1}`);
    }
    await screen.close();
  });
});
