/**
 * The package runtime (runtime/launch.js, the file every package ships) run in Node against our real
 * server: under scorm-again as the SCORM 1.2 and 2004 LMS, and under a small cmi5 LMS with an LRS
 * (node http) that launches the AU by the cmi5 rules and records its statements.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as scorm12 from 'scorm-again/scorm12';
import * as scorm2004 from 'scorm-again/scorm2004';
import { answerOrder, EVENT_CODES, type TrainingSave } from '@vigil/shared';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { launchConfig, readZip } from './test/zip.ts';

/** launch.js as a browser runs it: a classic script that sets `self.VigilPackage`. */
const sandbox: Record<string, unknown> = { crypto: globalThis.crypto, URLSearchParams };
sandbox.self = sandbox;
vm.runInNewContext(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'runtime', 'launch.js'), 'utf8'),
  sandbox,
);
const runtime = sandbox.VigilPackage as {
  runDispatch: (config: Record<string, unknown>, env: Record<string, unknown>) => Promise<Controller>;
};
interface Controller {
  poll(): Promise<void>;
  finish(): Promise<void>;
  session: { contentUrl: string };
}

// scorm-again's ES build exports the classes by name (its types say default).
const { Scorm12API } = scorm12 as unknown as { Scorm12API: typeof scorm12.default };
const { Scorm2004API } = scorm2004 as unknown as { Scorm2004API: typeof scorm2004.default };

const SUBJECT = 'spot-the-phish';

/** An xAPI statement as the LRS received it (the fields the cmi5 rules name). */
interface Statement {
  id: string;
  actor: unknown;
  verb: { id: string };
  object: unknown;
  timestamp: string;
  result?: { completion?: boolean; success?: boolean; duration?: string; score?: { scaled: number } };
  context: {
    registration: string;
    extensions: unknown;
    contextActivities: { grouping: unknown; category: unknown[] };
  };
}

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe.each(testDatabases())('the package runtime on %s', (kind) => {
  let t: TestApp;
  let company: string;
  let admin: string;
  let trainingId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    company = (await createCompany(t.ctx.db, { settings: { 'ui.cmi5.enabled': '1' } })).id;
    const manager = await createManager(t.ctx.db);
    await addMember(t.ctx.db, company, manager.id, 1);
    admin = await signIn(t, manager.id);
    const program: TrainingSave = {
      name: 'Runtime package',
      status: 'scheduled',
      isScorm: true,
      templateId: null,
      subjects: [SUBJECT],
      userLists: [],
      scheduleType: 2,
      sendOptions: { channel: 1 },
      reminders_enabled: false,
      reminders_settings: { channel: 1, steps: [] },
      introMessageEnabled: false,
      introductoryData: { message: '' },
    };
    const res = await t.inject({
      method: 'POST',
      url: `/api/companies/${company}/automations`,
      headers: bearer(admin),
      payload: program,
    });
    trainingId = res.json<{ automation: { id: string } }>().automation.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function configOf(format: string) {
    const res = await t.inject({
      method: 'GET',
      url: `/api/companies/${company}/automations/${trainingId}/package?format=${format}`,
      headers: bearer(admin),
    });
    return launchConfig((await readZip(res.rawPayload)).text('index.html'));
  }

  /** fetch as the launch page has it: our server's calls go to the app, anything else to the network. */
  function fetchVia(server: string): typeof fetch {
    return (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      if (!url.startsWith(server)) return fetch(url, init);
      const res = await t.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: url.slice(server.length),
        headers: init?.headers as Record<string, string>,
        ...(init?.body ? { payload: String(init.body) } : {}),
      });
      return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers: res.headers as Record<string, string>,
      });
    }) as typeof fetch;
  }

  /** Plays the whole program as the learner the session framed: video watched, every answer right. */
  async function finishAsLearner(contentUrl: string) {
    const token = decodeURIComponent(contentUrl.split('#t=')[1]!);
    const learner = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.inject({ method, url: `/api/learner${url}`, headers: bearer(token), payload });
    const subject = await learner('GET', `/trainings/${trainingId}/subjects/${SUBJECT}`);
    for (const code of [
      EVENT_CODES.SUBJECT_OPEN,
      EVENT_CODES.VIDEO_START,
      EVENT_CODES.VIDEO_95,
      EVENT_CODES.VIDEO_100,
    ])
      await learner('POST', '/events', { trainingId, subjectId: SUBJECT, code });
    const questions = subject.json<{ questions: unknown[] }>().questions;
    for (let i = 0; i < questions.length; i++)
      await learner('POST', '/answers', {
        trainingId,
        subjectId: SUBJECT,
        question: i,
        answer: answerOrder(SUBJECT, i).indexOf(0),
      });
  }

  it('relays status, score and suspend data to a SCORM 1.2 LMS (scorm-again), and resumes', async () => {
    const config = await configOf('scorm12');
    const api = new Scorm12API({ autocommit: false, logLevel: 5 });
    api.loadFromJSON({ core: { student_id: 'moodle-7', student_name: 'Doe, Jane' } }, '');
    const set: Record<string, string> = {};
    api.on('LMSSetValue.cmi.*', (element: string, value: string) => (set[element] = value));
    const shown: string[] = [];
    const env = {
      window: { API: api },
      fetch: fetchVia(String(config.server)),
      params: {},
      show: (u: string) => shown.push(u),
    };
    const run = await runtime.runDispatch(config, env);
    expect(api.cmi.core.lesson_status).toBe('incomplete');
    expect(shown[0]).toBe(run.session.contentUrl);
    await finishAsLearner(run.session.contentUrl);
    await run.finish();
    expect(api.cmi.core.lesson_status).toBe('passed');
    expect(api.cmi.core.score.raw).toBe('100');
    expect(api.cmi.core.score.max).toBe('100');
    expect(set['cmi.core.session_time']).toMatch(/^\d{4}:\d{2}:\d{2}$/);
    expect(api.isTerminated()).toBe(true);

    // A relaunch by the same LMS learner is the same Vigil learner: already passed.
    const again = new Scorm12API({ autocommit: false, logLevel: 5 });
    again.loadFromJSON({ core: { student_id: 'moodle-7', student_name: 'Doe, Jane' } }, '');
    const rerun = await runtime.runDispatch(config, { ...env, window: { API: again } });
    expect(again.cmi.core.lesson_status).toBe('passed');
    await rerun.finish();
  });

  it('relays completion, success and the scaled score to a SCORM 2004 LMS (scorm-again)', async () => {
    const config = await configOf('scorm2004');
    const api = new Scorm2004API({ autocommit: false, logLevel: 5 });
    api.loadFromJSON(
      { learner_id: 'cornerstone-9', learner_name: 'Roe, Rick', suspend_data: 'kept-by-lms' },
      '',
    );
    const set: Record<string, string> = {};
    api.on('SetValue.cmi.*', (element: string, value: string) => (set[element] = value));
    const env = {
      window: { API_1484_11: api },
      fetch: fetchVia(String(config.server)),
      params: {},
      show: () => undefined,
    };
    const run = await runtime.runDispatch(config, env);
    expect(api.cmi.completion_status).toBe('incomplete');
    expect(api.cmi.success_status).toBe('unknown');
    expect(api.cmi.suspend_data).toBe('kept-by-lms');
    await finishAsLearner(run.session.contentUrl);
    await run.finish();
    expect(api.cmi.completion_status).toBe('completed');
    expect(api.cmi.success_status).toBe('passed');
    expect(api.cmi.score.scaled).toBe('1');
    expect(set['cmi.exit']).toBe('normal');
    expect(set['cmi.session_time']).toMatch(/^PT/);
  });

  describe('under a cmi5 LMS with its LRS', () => {
    let lms: Server;
    let base: string;
    const recorded: Recorded[] = [];
    const registration = '6f0e8d3a-3c1b-4a8e-9f5e-2d7c1b0a9e11';
    const activityId = 'https://lms.example/activities/launch/42';
    const actor = {
      objectType: 'Agent',
      name: 'Ada Learner',
      account: { homePage: 'https://lms.example', name: 'ada-1' },
    };
    const contextTemplate = {
      contextActivities: { grouping: [{ id: 'urn:vigil:training:course' }] },
      extensions: { 'https://w3id.org/xapi/cmi5/context/extensions/sessionid': 'session-1' },
    };
    const token = 'single-use-token-1';
    let fetched = 0;

    beforeAll(async () => {
      lms = createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          recorded.push({ method: req.method!, url: req.url!, headers: req.headers, body });
          const url = new URL(req.url!, base);
          const send = (status: number, value?: unknown) => {
            res.writeHead(status, { 'content-type': 'application/json' });
            res.end(value === undefined ? '' : JSON.stringify(value));
          };
          if (url.pathname === '/fetch' && req.method === 'POST') {
            // The fetch URL answers once (cmi5 §8.2.3); a second call is an error.
            fetched++;
            return fetched === 1 ? send(200, { 'auth-token': token }) : send(400, { 'error-code': '1' });
          }
          if (req.headers.authorization !== `Basic ${token}`) return send(401, {});
          if (
            url.pathname === '/lrs/activities/state' &&
            url.searchParams.get('stateId') === 'LMS.LaunchData'
          )
            return send(200, {
              contextTemplate,
              launchMode: 'Normal',
              moveOn: 'Completed',
              returnURL: 'https://lms.example/return',
            });
          if (url.pathname === '/lrs/agents/profile') return send(404, {});
          if (url.pathname === '/lrs/statements' && req.method === 'POST')
            return send(200, [JSON.parse(body).id]);
          send(404, {});
        });
      });
      await new Promise<void>((resolve) => lms.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(lms.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => lms.close(() => resolve())));

    it('launches by the cmi5 rules and sends initialized, completed, passed, terminated', async () => {
      const config = await configOf('cmi5');
      const params = {
        endpoint: `${base}/lrs`,
        fetch: `${base}/fetch`,
        actor: JSON.stringify(actor),
        registration,
        activityId,
      };
      const run = await runtime.runDispatch(config, {
        window: {},
        fetch: fetchVia(String(config.server)),
        params,
        show: () => undefined,
      });
      await finishAsLearner(run.session.contentUrl);
      await run.poll();
      await run.poll(); // nothing twice
      await run.finish();

      expect(fetched).toBe(1);
      const calls = recorded.filter((r) => r.url !== '/fetch');
      for (const call of calls) {
        expect(call.headers.authorization).toBe(`Basic ${token}`);
        expect(call.headers['x-experience-api-version']).toBe('1.0.3');
      }
      const statements = calls
        .filter((r) => r.url === '/lrs/statements')
        .map((r) => JSON.parse(r.body) as Statement);
      expect(statements.map((s) => s.verb.id)).toEqual([
        'http://adlnet.gov/expapi/verbs/initialized',
        'http://adlnet.gov/expapi/verbs/completed',
        'http://adlnet.gov/expapi/verbs/passed',
        'http://adlnet.gov/expapi/verbs/terminated',
      ]);
      const cmi5 = { id: 'https://w3id.org/xapi/cmi5/context/categories/cmi5', objectType: 'Activity' };
      const moveon = { id: 'https://w3id.org/xapi/cmi5/context/categories/moveon', objectType: 'Activity' };
      for (const s of statements) {
        expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(s.actor).toEqual(actor);
        expect(s.object).toEqual({ id: activityId, objectType: 'Activity' });
        expect(s.context.registration).toBe(registration);
        expect(s.context.extensions).toEqual(contextTemplate.extensions);
        expect(s.context.contextActivities.grouping).toEqual(contextTemplate.contextActivities.grouping);
        expect(s.context.contextActivities.category).toContainEqual(cmi5);
        expect(Date.parse(s.timestamp)).not.toBeNaN();
      }
      const [initialized, completed, passed, terminated] = statements;
      expect(initialized!.result).toBeUndefined();
      expect(initialized!.context.contextActivities.category).not.toContainEqual(moveon);
      expect(completed!.result).toMatchObject({ completion: true, duration: expect.stringMatching(/^PT/) });
      expect(completed!.result?.score).toBeUndefined();
      expect(completed!.context.contextActivities.category).toContainEqual(moveon);
      expect(passed!.result).toMatchObject({
        success: true,
        score: { scaled: 1 },
        duration: expect.stringMatching(/^PT/),
      });
      expect(passed!.context.contextActivities.category).toContainEqual(moveon);
      expect(terminated!.context.contextActivities.category).not.toContainEqual(moveon);
      expect(terminated!.result).toMatchObject({ duration: expect.stringMatching(/^PT/) });
      // LaunchData was read before the first statement; the learner preferences were asked for.
      const order = calls.map((c) => c.url.split('?')[0]);
      expect(order.indexOf('/lrs/activities/state')).toBeLessThan(order.indexOf('/lrs/statements'));
      expect(order).toContain('/lrs/agents/profile');
    });
  });
});
