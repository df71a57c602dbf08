import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { strFromU8, unzipSync } from 'fflate';

/**
 * A test LMS for the journeys: what Moodle or Cornerstone do with a SCORM package, built on
 * `scorm-again` (an independent SCORM run-time), so that our packages are run by code that is not ours.
 *
 * It unzips a downloaded package, reads its imsmanifest.xml (version and launch page), and serves a
 * plain HTML page that exposes `window.API` (SCORM 1.2) or `window.API_1484_11` (SCORM 2004) and opens
 * the launch page in a same-origin frame. Every call the package makes is recorded, and each commit
 * and finish hands the run-time's data model back here: the next launch of the same learner starts
 * from it (entry "resume", the suspend data kept), as an LMS resumes an attempt.
 */

export type ScormVersion = '1.2' | '2004';

/** One call the package made to the run-time: its name, arguments and what it answered. */
export interface ApiCall {
  fn: string;
  args: string[];
  result: string;
}

/** What the LMS received in one launch. */
export interface LmsLaunch {
  calls: ApiCall[];
  /** The data model after the last commit or finish (1.2: `core`, `suspend_data`…; 2004: `completion_status`…). */
  cmi: Record<string, unknown> | null;
  finished: boolean;
}

export interface TestLms {
  url: string;
  version: ScormVersion;
  /** The launch page named by the manifest, relative to the package root. */
  launchHref: string;
  /** The page that launches the package for this learner (a new attempt or a resumed one). */
  launchUrl: (learner: { id: string; name: string }) => string;
  launches: LmsLaunch[];
  close: () => Promise<void>;
}

const require = createRequire(import.meta.url);
const runtimes: Record<ScormVersion, { file: string; global: string; api: string }> = {
  '1.2': { file: require.resolve('scorm-again/scorm12'), global: 'Scorm12API', api: 'API' },
  '2004': { file: require.resolve('scorm-again/scorm2004'), global: 'Scorm2004API', api: 'API_1484_11' },
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.xsd': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.vtt': 'text/vtt',
  '.woff2': 'font/woff2',
};

/** The manifest's SCORM version and the href of the resource its default organization launches first. */
export function readManifest(xml: string): { version: ScormVersion; launchHref: string } {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const all = (name: string) => Array.from(doc.getElementsByTagNameNS('*', name));
  const schemaVersion = all('schemaversion')[0]?.textContent?.trim() ?? '';
  const version: ScormVersion = schemaVersion === '1.2' ? '1.2' : '2004';
  const organizations = all('organizations')[0];
  const chosen = organizations?.getAttribute('default');
  const organization =
    all('organization').find((o) => o.getAttribute('identifier') === chosen) ?? all('organization')[0];
  const item = organization
    ? Array.from(organization.getElementsByTagNameNS('*', 'item')).find((i) =>
        i.getAttribute('identifierref'),
      )
    : undefined;
  const resource = all('resource').find(
    (r) => r.getAttribute('identifier') === item?.getAttribute('identifierref'),
  );
  const href = resource?.getAttribute('href');
  if (!href) throw new Error('the manifest names no launch page');
  return { version, launchHref: href };
}

/** The LMS page: the run-time, the learner's saved data model, the recording, and the package's frame. */
function lmsPage(version: ScormVersion, launchHref: string, saved: object, attempt: number): string {
  const runtime = runtimes[version];
  const methods =
    version === '1.2'
      ? ['LMSInitialize', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSFinish']
      : ['Initialize', 'GetValue', 'SetValue', 'Commit', 'Terminate'];
  const json = JSON.stringify(saved).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Test LMS</title>
<style>body{font-family:sans-serif;margin:16px;color:#1a1a1a}iframe{border:1px solid #888;width:100%;height:760px}</style>
<script src="/scorm-again.js"></script>
</head>
<body>
<main>
<h1>Test LMS (SCORM ${version})</h1>
<p id="lms-status">Attempt ${attempt}</p>
<div id="course"></div>
</main>
<script>
(function () {
  var api = new window.${runtime.global}({ autocommit: false, logLevel: 5 });
  api.loadFromJSON(${json});
  var attempt = ${attempt};
  function send(kind, extra) {
    var body = Object.assign({ attempt: attempt, kind: kind }, extra || {});
    fetch('/record', { method: 'POST', body: JSON.stringify(body), keepalive: true });
  }
  ${JSON.stringify(methods)}.forEach(function (fn, index) {
    var original = api[fn].bind(api);
    api[fn] = function () {
      var args = Array.prototype.slice.call(arguments).map(String);
      var result = String(original.apply(null, arguments));
      send('call', { call: { fn: fn, args: args, result: result } });
      if (index >= 3) {
        send(index === 4 ? 'finish' : 'commit', { cmi: api.renderCMIToJSONObject().cmi });
        document.getElementById('lms-status').textContent = 'Attempt ' + attempt + ': ' + fn;
      }
      return result;
    };
  });
  window.${runtime.api} = api;
  var frame = document.createElement('iframe');
  frame.title = 'Course';
  frame.src = ${JSON.stringify(`/package/${launchHref}`)};
  document.getElementById('course').appendChild(frame);
})();
</script>
</body>
</html>`;
}

/**
 * What a resumed attempt starts from: the learner's ids and the data model the last attempt left; entry
 * is "resume" when the package exited by suspending, else "" (SCORM 1.2 RTE 3.4.4, 2004 RTE 4.2.9).
 */
function startingData(
  version: ScormVersion,
  learner: { id: string; name: string },
  last: Record<string, unknown> | null,
): object {
  if (version === '1.2') {
    const core = (last?.core ?? {}) as Record<string, unknown>;
    return {
      core: {
        student_id: learner.id,
        student_name: learner.name,
        entry: last ? (core.exit === 'suspend' ? 'resume' : '') : 'ab-initio',
        lesson_status: core.lesson_status || 'not attempted',
        lesson_location: core.lesson_location ?? '',
      },
      suspend_data: last?.suspend_data ?? '',
    };
  }
  return {
    learner_id: learner.id,
    learner_name: learner.name,
    entry: last ? (last.exit === 'suspend' ? 'resume' : '') : 'ab-initio',
    location: last?.location ?? '',
    suspend_data: last?.suspend_data ?? '',
    completion_status: last?.completion_status || 'unknown',
    success_status: last?.success_status || 'unknown',
  };
}

/** Starts the test LMS on a free port with this package (the zip's bytes). */
export async function startTestLms(zip: Uint8Array): Promise<TestLms> {
  const files = unzipSync(zip);
  const manifest = files['imsmanifest.xml'];
  if (!manifest) throw new Error('the package has no imsmanifest.xml at its root');
  const { version, launchHref } = readManifest(strFromU8(manifest));
  const runtimeScript = readFileSync(runtimes[version].file);
  const launches: LmsLaunch[] = [];
  const lastByLearner = new Map<string, Record<string, unknown>>();
  const learnerOfAttempt: string[] = [];

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://lms');
    if (req.method === 'POST' && url.pathname === '/record') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const record = JSON.parse(body) as {
          attempt: number;
          kind: 'call' | 'commit' | 'finish';
          call?: ApiCall;
          cmi?: Record<string, unknown>;
        };
        const launch = launches[record.attempt];
        if (launch) {
          if (record.call) launch.calls.push(record.call);
          if (record.cmi) {
            launch.cmi = record.cmi;
            lastByLearner.set(learnerOfAttempt[record.attempt]!, record.cmi);
          }
          if (record.kind === 'finish') launch.finished = true;
        }
        res.writeHead(204).end();
      });
      return;
    }
    if (url.pathname === '/launch') {
      const learner = {
        id: url.searchParams.get('learner') ?? 'learner',
        name: url.searchParams.get('name') ?? '',
      };
      const attempt = launches.length;
      launches.push({ calls: [], cmi: null, finished: false });
      learnerOfAttempt.push(learner.id);
      const saved = startingData(version, learner, lastByLearner.get(learner.id) ?? null);
      res.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-store' });
      res.end(lmsPage(version, launchHref, saved, attempt));
      return;
    }
    if (url.pathname === '/scorm-again.js') {
      res.writeHead(200, { 'content-type': TYPES['.js'] }).end(runtimeScript);
      return;
    }
    if (url.pathname.startsWith('/package/')) {
      const name = decodeURIComponent(url.pathname.slice('/package/'.length));
      const file = files[name];
      if (file && !name.endsWith('/')) {
        const type = TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
        res.writeHead(200, { 'content-type': type }).end(file);
        return;
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    version,
    launchHref,
    launchUrl: (learner) =>
      `${url}/launch?learner=${encodeURIComponent(learner.id)}&name=${encodeURIComponent(learner.name)}`,
    launches,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
