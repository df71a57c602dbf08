// Lighthouse 12 (performance only), with a cold HTTP cache, on the manager app's dashboard signed in
// (--page dashboard) or on the learner app's first screen opened from an employee's personal link
// (--page learner: the demo's running program, its first employee), or on an interactive subject opened
// from such a link (--page interactive: a program sending interactive-invoice-inbox now to one new
// employee, the link opening that subject). Starts the built server on a fresh
// data directory (or uses --url with --signin, a one-time sign-in URL), signs the manager in in Debian's
// Chromium so the session lands in localStorage, then runs Lighthouse in that same browser. Lighthouse
// is fetched by npx and is not a dependency of the project.
// Usage: node bench/lighthouse.mjs [--page dashboard|learner|interactive] [--runs 3] [--preset mobile|desktop]
//   [--url URL --signin URL] [--save DIR]
import { spawn, execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { root } from '../scripts/apps.mjs';

const { values: args } = parseArgs({
  options: {
    page: { type: 'string', default: 'dashboard' },
    url: { type: 'string' },
    signin: { type: 'string' },
    runs: { type: 'string', default: '1' },
    preset: { type: 'string', default: 'mobile' },
    port: { type: 'string', default: '3958' },
    'debug-port': { type: 'string', default: '9333' },
    /** Keeps each run's full Lighthouse report (JSON) in this directory. */
    save: { type: 'string' },
  },
});
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const work = mkdtempSync(path.join(tmpdir(), 'vigil-lighthouse-'));
const cleanups = [];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const progress = (message) => console.error(`[lighthouse] ${message}`);

/** `npm start` on a fresh data directory; resolves with its address and the printed sign-in URL. */
async function startServer() {
  const port = Number(args.port);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(() => child.kill('SIGTERM'));
  let out = '';
  let exited = false;
  child.stdout.on('data', (chunk) => (out += chunk));
  child.once('exit', () => (exited = true));
  const started = Date.now();
  for (;;) {
    if (exited) throw new Error('the server stopped while starting');
    if (Date.now() - started > 180_000) throw new Error('the server did not start within 180 s');
    const signin = out.match(/https?:\/\/\S+\/auth\/email\/signin\/\S+/)?.[0];
    const ok = await fetch(`http://localhost:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && signin) return { url: `http://localhost:${port}/`, signin };
    await sleep(200);
  }
}

async function startChromium() {
  const port = Number(args['debug-port']);
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${path.join(work, 'profile')}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  cleanups.push(() => child.kill('SIGTERM'));
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return port;
    await sleep(100);
  }
  throw new Error('Chromium did not open its debugging port');
}

/**
 * Signs in through the one-time link, so the session token lands in the profile's localStorage;
 * returns the token.
 */
async function signIn(port, signin) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(signin);
  await page.waitForURL((u) => !u.pathname.startsWith('/auth/'), { timeout: 30_000 });
  // Signed in, the manager lands on the dashboard: once it is on screen the app has remembered its first
  // screen, which the next loads paint before their scripts arrive (apps/web/src/lib/first-screen.ts),
  // as they do for a manager who has opened the dashboard before.
  await page.getByText(/^Welcome, /).waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => localStorage.getItem('firstScreen')?.includes('"page"'));
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('sign-in left no session');
  await page.close();
  await browser.close();
  return token;
}

/**
 * An employee's personal learner link, as a training mail carries it: the first employee of the
 * demo's running program (the link the manager's detail page hands out).
 */
async function learnerLink(base, token) {
  const call = async (method, url) => {
    const res = await fetch(new URL(`/api${url}`, base), {
      method,
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status}`);
    return res.json();
  };
  const companies = await call('GET', '/companies/my_companies');
  // The demo admin's own company (they are a viewer elsewhere): only an admin may hand out a link.
  const company = companies.find((c) => c.role === 1);
  const programs = await call('GET', `/companies/${company.company_id}/automations?tab=active&n=100`);
  const running = programs.rows.find((p) => p.status === 'active');
  if (!running) throw new Error('no running program to take a link from');
  const people = await call(
    'GET',
    `/companies/${company.company_id}/automations/${running.id}/employees?n=1`,
  );
  const email = encodeURIComponent(people.rows[0].email);
  const { link } = await call(
    'POST',
    `/companies/${company.company_id}/automations/${running.id}/users/${email}/link`,
  );
  return link;
}

/** The interactive subject --page interactive opens. */
const INTERACTIVE_SUBJECT = 'interactive-invoice-inbox';

/**
 * An employee's personal link that opens an interactive subject: a program sending it now to a list of
 * one new employee, in the demo admin's own company, and the link with `&go=` to the subject's page.
 */
async function interactiveLink(base, token) {
  const call = async (method, url, body) => {
    const res = await fetch(new URL(`/api${url}`, base), {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const companies = await call('GET', '/companies/my_companies');
  const company = companies.find((c) => c.role === 1).company_id;
  const email = `lighthouse.${Date.now().toString(36)}@bench.example`;
  const list = await call('POST', `/companies/${company}/lists`, { name: `Lighthouse ${email}` });
  await call('POST', `/companies/${company}/lists/${list.id}/users`, {
    users: [{ email, name: 'Lee Lighthouse' }],
  });
  const saved = await call('POST', `/companies/${company}/automations`, {
    name: `Lighthouse ${INTERACTIVE_SUBJECT}`,
    status: 'scheduled',
    templateId: null,
    templateCustomized: true,
    subjects: [INTERACTIVE_SUBJECT],
    userLists: [list.id],
    scheduleType: 1,
    date: null,
    frequency: 'W',
    subjectsPerInterval: 3,
    sendOptions: { channel: 1 },
    reminders_enabled: false,
    reminders_settings: { channel: 1, steps: [{ delay: 1, delayType: 3 }] },
    introMessageEnabled: false,
    introductoryData: { message: '' },
  });
  const trainingId = saved.automation.id;
  // The program starts (and its employee is enrolled) on the next dispatch: ask until the link is given.
  for (let i = 0; i < 120; i++) {
    const res = await fetch(
      new URL(
        `/api/companies/${company}/automations/${trainingId}/users/${encodeURIComponent(email)}/link`,
        base,
      ),
      { method: 'POST', headers: { authorization: `Bearer ${token}` } },
    );
    if (res.ok) {
      const { link } = await res.json();
      return `${link}&go=${encodeURIComponent(`trainings/${trainingId}/subjects/${INTERACTIVE_SUBJECT}`)}`;
    }
    await sleep(1000);
  }
  throw new Error('the interactive program gave no link within 120 s');
}

/**
 * Empties the HTTP cache so each run loads cold (--disable-storage-reset keeps the cache too), then
 * lets go of the browser: a second debugging client would hold the pages Lighthouse opens.
 */
async function clearCache(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const page = await browser.contexts()[0].newPage();
  await (await page.context().newCDPSession(page)).send('Network.clearBrowserCache');
  await page.close();
  await browser.close();
}

function lighthouse(url, port, run) {
  const output = path.join(work, `report-${run}.json`);
  const flags = [
    '-y',
    'lighthouse@12',
    url,
    `--port=${port}`,
    '--disable-storage-reset',
    '--only-categories=performance',
    '--output=json',
    `--output-path=${output}`,
  ];
  if (args.preset === 'desktop') flags.push('--preset=desktop');
  execFileSync('npx', flags, {
    stdio: ['ignore', 'ignore', process.env.LIGHTHOUSE_LOG ? 'inherit' : 'ignore'],
  });
  if (args.save)
    copyFileSync(output, path.join(args.save, `lighthouse-${args.page}-${args.preset}-${run + 1}.json`));
  const report = JSON.parse(readFileSync(output, 'utf8'));
  const ms = (id) => Math.round(report.audits[id].numericValue);
  const savings = Object.values(report.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.details.overallSavingsMs ?? 0) > 0)
    .map((a) => ({ id: a.id, savingsMs: Math.round(a.details.overallSavingsMs) }));
  return {
    performance: Math.round(report.categories.performance.score * 100),
    FCP: ms('first-contentful-paint'),
    LCP: ms('largest-contentful-paint'),
    TBT: ms('total-blocking-time'),
    CLS: Math.round(report.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
    SI: ms('speed-index'),
    // Lighthouse's CPU yardstick for this run (a normal desktop scores 1 000–2 000): on a shared machine
    // a low figure says the run measured the machine, not the code.
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
    opportunities: savings,
  };
}

try {
  progress(args.url ? `using ${args.url}` : 'starting the server on a fresh data directory');
  const target = args.url ? { url: args.url, signin: args.signin } : await startServer();
  if (!target.signin) throw new Error('--url needs --signin, a one-time sign-in URL');
  const port = await startChromium();
  progress('signing in');
  const token = await signIn(port, target.signin);
  const page =
    args.page === 'learner'
      ? await learnerLink(target.url, token)
      : args.page === 'interactive'
        ? await interactiveLink(target.url, token)
        : target.url;
  const runs = [];
  for (let run = 0; run < Number(args.runs); run++) {
    await clearCache(port);
    progress(`run ${run + 1}`);
    runs.push(lighthouse(page, port, run));
  }
  const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
  console.log(
    JSON.stringify(
      {
        bench: 'lighthouse',
        page: args.page,
        preset: args.preset,
        url: args.page === 'dashboard' ? target.url : new URL('/learn/', target.url).href,
        median,
        runs,
        load: execFileSync('uptime').toString().trim(),
      },
      null,
      2,
    ),
  );
} finally {
  for (const cleanup of cleanups.reverse()) cleanup();
  await sleep(500);
  rmSync(work, { recursive: true, force: true });
}
