/* global window */
// Where the dashboard's main-thread time goes on a load: loads the manager app's dashboard (/) signed in,
// with a cold HTTP cache and Chromium's 4× CPU slowdown (as Lighthouse's mobile preset assumes), and
// prints, per load, the requests in order, every React commit (what rendered again, what mounted, and the
// top-most components of each) and the long tasks the page observed. With --save DIR it keeps each load's
// Chrome trace (open it in DevTools' Performance panel) and CPU profile (.cpuprofile) there.
// The server must be running (e.g. `PORT=3701 DATA_DIR=/tmp/x npm start`); --signin is the one-time link
// it printed. The session is kept in --state, so later calls need no new link.
// Usage: node bench/dashboard-trace.mjs --url http://localhost:3701/ [--signin URL] [--runs 2]
//   [--state FILE] [--save DIR] [--slowdown 4] [--no-commits]
// For the blocking time the mobile preset would count, read the tasks unthrottled and unobserved:
// --slowdown 1 --no-commits (see mainThreadTasks).
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:3701/' },
    signin: { type: 'string' },
    runs: { type: 'string', default: '2' },
    state: { type: 'string', default: path.join(process.env.TMPDIR ?? '/tmp', 'vigil-dashboard-trace.json') },
    save: { type: 'string' },
    /** Chromium's CPU slowdown during the traced loads. */
    slowdown: { type: 'string', default: '4' },
    /** Reads every React commit through the developer tools' hook (--no-commits: not, so the tasks are the page's own). */
    commits: { type: 'boolean', default: true },
  },
  allowNegative: true,
});
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
const context = await browser.newContext({
  viewport: { width: 412, height: 823 },
  ...(existsSync(args.state) ? { storageState: args.state } : {}),
});
const page = await context.newPage();
if (!existsSync(args.state)) {
  if (!args.signin) throw new Error('--signin is needed the first time (the link the server printed)');
  await page.goto(args.signin);
  await page.waitForURL((u) => !u.pathname.startsWith('/auth/'), { timeout: 60_000 });
}
// Once on screen, the app has remembered the first screen the next loads paint before their scripts.
await page.goto(args.url);
await page
  .getByText(/^Welcome, /)
  .first()
  .waitFor({ timeout: 60_000 });
await page.waitForTimeout(3000);
await context.storageState({ path: args.state });

await context.addInitScript((withCommits) => {
  // React DOM reports every commit to the developer tools' hook, in production builds too.
  const commits = [];
  let previous = new WeakSet();
  const nameOf = (fiber) => {
    const type = fiber.type;
    if (typeof type === 'function') return type.displayName || type.name || 'anonymous';
    if (type && typeof type === 'object')
      return type.displayName || type.render?.name || type.type?.name || 'object';
    return null;
  };
  window.__commits = commits;
  if (withCommits)
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      onCommitFiberRoot(_id, root) {
        // A fiber object not in the previous commit's tree was rendered in this one (React keeps the old
        // object where it skipped a subtree); PerformedWork (flag 1) tells a render from a bail-out.
        const seen = new WeakSet();
        const commit = { at: Math.round(performance.now()), rendered: 0, mounted: 0, tops: {} };
        const walk = (first, parentRendered) => {
          for (let fiber = first; fiber; fiber = fiber.sibling) {
            const name = nameOf(fiber);
            let rendered = parentRendered;
            if (name) {
              seen.add(fiber);
              const fresh = !previous.has(fiber);
              const how = !fresh
                ? null
                : fiber.alternate === null
                  ? 'mount'
                  : fiber.flags & 1
                    ? 'render'
                    : null;
              if (how === 'mount') commit.mounted++;
              if (how === 'render') commit.rendered++;
              if (how && !parentRendered) {
                const key = how === 'mount' ? `${name}+` : name;
                commit.tops[key] = (commit.tops[key] ?? 0) + 1;
              }
              rendered = Boolean(how);
            }
            walk(fiber.child, rendered);
          }
        };
        walk(root.current.child, false);
        previous = seen;
        commits.push(commit);
      },
    };
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longTasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
  }).observe({ type: 'longtask', buffered: true });
}, args.commits);

/**
 * The main thread's busy time in a CPU profile (every sample but the idle ones), split by where the
 * samples' own time went: the script they ran in, V8's garbage collector, or "(program)" — the
 * browser's own work on that thread (parsing, style, layout, paint). A steadier figure than the
 * long tasks when other processes share the CPU.
 */
function cpuTotals(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parts = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id).callFrame;
    if (frame.functionName === '(idle)') return;
    const us = profile.timeDeltas[i + 1] ?? 0;
    const where = frame.url
      ? frame.url.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '')
      : frame.functionName || '(anonymous)';
    parts.set(where, (parts.get(where) ?? 0) + us);
    total += us;
  });
  const ms = (us) => Math.round(us / 1000);
  return {
    total: ms(total),
    parts: [...parts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([where, us]) => [where, ms(us)]),
  };
}

/**
 * The renderer's main-thread tasks during the load, each by its thread time (`tdur`: the CPU it got, not
 * the time it waited for a core, so the figures hold when other processes load the machine). Chromium's
 * slowdown spins on the thread, so with --slowdown 4 a task's thread time is already about four times its
 * work; with --slowdown 1 it is the work itself, as Lighthouse's simulated mobile preset observes it before
 * multiplying by four. Returns their sum and the blocking time that preset would count from them,
 * Σ max(0, 4 × work − 50 ms) (with --slowdown 1; the thread time itself stands for 4 × work with
 * --slowdown 4), with the longest tasks.
 */
function mainThreadTasks(traceBuffer, slowdown) {
  const { traceEvents } = JSON.parse(traceBuffer.toString());
  const mains = new Set(
    traceEvents
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = traceEvents
    .filter((e) => e.ph === 'X' && e.name === 'RunTask' && mains.has(`${e.pid}:${e.tid}`))
    .map((e) => (e.tdur ?? 0) / 1000);
  const ms = (value) => Math.round(value);
  return {
    cpu: ms(tasks.reduce((sum, t) => sum + t, 0)),
    weightedBlocking: ms(tasks.reduce((sum, t) => sum + Math.max(0, (4 / slowdown) * t - 50), 0)),
    longest: tasks
      .sort((a, b) => b - a)
      .slice(0, 5)
      .map(ms),
  };
}

for (let run = 1; run <= Number(args.runs); run++) {
  // From a blank page, as Lighthouse loads: the previous dashboard's teardown is not part of this load.
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(args.slowdown) });
  await browser.startTracing(page, {
    categories: [
      'toplevel',
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'blink.user_timing',
      'loading',
    ],
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  const requests = [];
  const started = Date.now();
  const onRequest = (request) =>
    requests.push(`${Date.now() - started} ms ${request.method()} ${request.url().replace(args.url, '/')}`);
  page.on('request', onRequest);
  await page.goto(args.url);
  await page
    .getByText(/^Welcome, /)
    .first()
    .waitFor();
  await page.waitForTimeout(8000);
  page.off('request', onRequest);
  // The trace first: stopping the profiler is a task of the page's main thread.
  const trace = await browser.stopTracing();
  const { profile } = await cdp.send('Profiler.stop');
  if (args.save) {
    writeFileSync(path.join(args.save, `dashboard-trace-${run}.json`), trace);
    writeFileSync(path.join(args.save, `dashboard-trace-${run}.cpuprofile`), JSON.stringify(profile));
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const commits = await page.evaluate(() => window.__commits);
  const longTasks = await page.evaluate(() => window.__longTasks);
  console.log(`run ${run}: requests (since navigation)`);
  for (const line of requests.filter((r) => !r.includes(' GET /assets/'))) console.log(`  ${line}`);
  console.log(
    `run ${run}: ${commits.length} React commits (ms since navigation, ${args.slowdown}× slowdown)`,
  );
  for (const c of commits) {
    const tops = Object.entries(c.tops)
      .slice(0, 8)
      .map(([name, n]) => (n > 1 ? `${name}×${n}` : name))
      .join(' ');
    console.log(`  ${c.at} ms: rendered ${c.rendered}, mounted ${c.mounted}; from ${tops}`);
  }
  const blocking = longTasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
  console.log(
    `run ${run}: ${longTasks.length} long tasks, ${blocking} ms over 50 ms: ` +
      longTasks.map(([at, d]) => `${d}@${at}`).join(' '),
  );
  const cpu = cpuTotals(profile);
  const tasks = mainThreadTasks(trace, Number(args.slowdown));
  console.log(
    `run ${run}: thread time ${tasks.cpu} ms, Σ max(0, 4 × work − 50 ms) ${tasks.weightedBlocking} ms, ` +
      `longest tasks ${tasks.longest.join(', ')} ms`,
  );
  console.log(
    `run ${run}: main-thread CPU ${tasks.cpu} ms of thread time; ` +
      `profile ${cpu.total} ms (${args.slowdown}× slowdown), of which ` +
      cpu.parts.map(([name, ms]) => `${name} ${ms}`).join(', '),
  );
}
await browser.close();
