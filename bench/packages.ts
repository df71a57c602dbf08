// SCORM packages (issue 23): a dispatch package's download time, and a self-contained package of a
// 10-subject program streamed while the server's memory stays flat.
// Usage: node --expose-gc --import tsx bench/packages.ts [--db postgres|pglite] [--downloads 20] [--rounds 3]
//        TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --expose-gc --import tsx bench/packages.ts --db postgres
// Makes two started SCORM trainings (through the API, as the wizard saves them): one subject for the
// dispatch package, ten video subjects for the self-contained one. Over real HTTP: `--downloads` timed
// downloads of the dispatch SCORM 2004 zip (after three warm-up ones), each read to its end; then
// `--rounds` downloads of the self-contained SCORM 2004 zip, read to the end and thrown away chunk by
// chunk, while the process's RSS (server and client are this one process) is sampled every 10 ms.
// Targets: dispatch download ≤ 200 ms; the self-contained zip streamed (RSS growth far below its size).
// Also (issue 25) the self-contained package of one interactive subject: its zip's size (the built
// player script inside, which must exist: `npm run build`), and its download's wall and CPU time.
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createTestApp } from '../apps/server/src/test/harness.ts';
import { addMember, createCompany, createManager, signIn } from '../apps/server/src/test/factories.ts';
import { percentile, rssMb } from './measure.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    downloads: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
  },
});
const kind = values.db === 'postgres' ? 'postgres' : 'pglite';
const downloads = Number(values.downloads);
const rounds = Number(values.rounds);
/** Ten subjects of the content pack with an English video and captions. */
const VIDEO_SUBJECTS = [
  'ai-powered-phishing',
  'backups-and-recovery',
  'browser-updates-and-extensions',
  'classifying-data',
  'clean-desk',
  'deepfake-voice-and-video',
  'fake-websites',
  'first-minutes-of-an-attack',
  'how-ransomware-spreads',
  'link-and-attachment-traps',
];
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

const t = await createTestApp(kind, {}, { onDisk: true });
try {
  const db = t.ctx.db;
  const company = await createCompany(db, { name: 'Bench Packages', settings: { 'ui.cmi5.enabled': '1' } });
  const admin = await createManager(db);
  await addMember(db, company.id, admin.id, 1);
  const token = await signIn(t, admin.id);
  await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.server.address() as AddressInfo).port}/api/companies/${company.id}`;
  const headers = { authorization: `Bearer ${token}` };

  async function scormTraining(name: string, subjects: string[]) {
    const res = await fetch(`${base}/automations`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        name,
        status: 'scheduled',
        isScorm: true,
        templateId: null,
        subjects,
        userLists: [],
        scheduleType: 2,
        sendOptions: { channel: 1 },
        reminders_enabled: false,
        reminders_settings: { channel: 1, steps: [] },
        introMessageEnabled: false,
        introductoryData: { message: '' },
      }),
    });
    if (!res.ok) throw new Error(`save: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { automation: { id: string } }).automation.id;
  }

  /** Downloads a package to its end, discarding it; its size in bytes and the time taken. */
  async function download(path: string) {
    const start = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    if (!res.ok || !res.body) throw new Error(`download: ${res.status} ${await res.text()}`);
    let bytes = 0;
    for await (const chunk of res.body) bytes += (chunk as Uint8Array).byteLength;
    return { bytes, ms: performance.now() - start };
  }

  const dispatchId = await scormTraining('Dispatch bench', [VIDEO_SUBJECTS[0]!]);
  const dispatchPath = `/automations/${dispatchId}/package?format=scorm2004`;
  for (let i = 0; i < 3; i++) await download(dispatchPath);
  const times: number[] = [];
  let dispatchBytes = 0;
  for (let i = 0; i < downloads; i++) {
    const d = await download(dispatchPath);
    times.push(d.ms);
    dispatchBytes = d.bytes;
  }

  // One interactive subject, self-contained: the player's build, its scenes, the illustration.
  const interactiveId = await scormTraining('Interactive bench', ['interactive-invoice-inbox']);
  const interactive: Record<string, { zipBytes: number; wallMs: number[]; cpuMs: number[] }> = {};
  for (const format of ['scorm12', 'scorm2004'] as const) {
    const path = `/automations/${interactiveId}/package?format=${format}&variant=self-contained`;
    await download(path);
    const row = { zipBytes: 0, wallMs: [] as number[], cpuMs: [] as number[] };
    for (let i = 0; i < 10; i++) {
      const cpu = process.cpuUsage();
      const d = await download(path);
      const used = process.cpuUsage(cpu);
      row.zipBytes = d.bytes;
      row.wallMs.push(Math.round(d.ms * 10) / 10);
      row.cpuMs.push(Math.round((used.user + used.system) / 100) / 10);
    }
    interactive[format] = row;
  }

  const localId = await scormTraining('Self-contained bench', VIDEO_SUBJECTS);
  const localPath = `/automations/${localId}/package?format=scorm2004&variant=self-contained`;
  const selfContained: {
    zipMb: number;
    seconds: number;
    rssBeforeMb: number;
    rssPeakMb: number;
  }[] = [];
  for (let round = 0; round < rounds; round++) {
    gc();
    const before = rssMb();
    let peak = before;
    const sample = () => (peak = Math.max(peak, rssMb()));
    const timer = setInterval(sample, 10);
    const d = await download(localPath);
    clearInterval(timer);
    sample();
    selfContained.push({
      zipMb: Math.round(d.bytes / 10_485.76) / 100,
      seconds: Math.round(d.ms / 10) / 100,
      rssBeforeMb: before,
      rssPeakMb: peak,
    });
  }

  console.log(
    JSON.stringify(
      {
        db: kind,
        loadAverage: loadavg().map((l) => Math.round(l * 10) / 10),
        dispatch: {
          downloads,
          zipBytes: dispatchBytes,
          p50Ms: percentile(times, 50),
          p95Ms: percentile(times, 95),
          maxMs: percentile(times, 100),
          targetMs: 200,
        },
        selfContained: {
          subjects: VIDEO_SUBJECTS.length,
          rounds: selfContained.map((r) => ({ ...r, rssGrowthMb: r.rssPeakMb - r.rssBeforeMb })),
          maxRssGrowthMb: Math.max(...selfContained.map((r) => r.rssPeakMb - r.rssBeforeMb)),
        },
        interactiveSelfContained: Object.fromEntries(
          Object.entries(interactive).map(([format, r]) => [
            format,
            {
              zipBytes: r.zipBytes,
              p50WallMs: percentile(r.wallMs, 50),
              p50CpuMs: percentile(r.cpuMs, 50),
            },
          ]),
        ),
      },
      null,
      2,
    ),
  );
} finally {
  await t.close();
}
