import type Scorm12Api from 'scorm-again/scorm12';
import type Scorm2004Api from 'scorm-again/scorm2004';

/**
 * The SCORM run-time a package looks for in its parent frames: `window.API` (SCORM 1.2) or
 * `window.API_1484_11` (SCORM 2004), served by scorm-again. Its error codes are the standard ones
 * spec 3 §8 lists (0, 101, 201, 202, 203, 301, 401, 402, 403, 404, 405). The library is loaded only
 * when a SCORM subject is opened, so it weighs nothing on the player's first load.
 */
export type ScormVersion = '1.2' | '2004';

/** The spec's SCORM error codes (spec 3 §8), as the run-time answers them from GetLastError. */
export const SCORM_ERROR_CODES = {
  noError: 0,
  generalException: 101,
  invalidArgument: 201,
  elementCannotHaveChildren: 202,
  elementNotAnArray: 203,
  notInitialized: 301,
  notImplemented: 401,
  invalidSetValue: 402,
  elementIsReadOnly: 403,
  elementIsWriteOnly: 404,
  incorrectDataType: 405,
} as const;

/** The package's data model as it committed it: `{ core: {...}, suspend_data, ... }` under `cmi`. */
export type ScormData = Record<string, unknown>;

export interface ScormCommit {
  version: ScormVersion;
  /** The whole data model, to resume a later attempt from (`resume` of createScormRuntime). */
  data: ScormData;
  /** The package reports itself passed or completed. */
  finished: boolean;
  /** The package ended the attempt (LMSFinish / Terminate) rather than saving along the way. */
  terminated: boolean;
}

export interface ScormRuntimeOptions {
  version: ScormVersion;
  learner: { id: string; name: string };
  /** The data of an earlier attempt, as a commit gave it; the package resumes from it. */
  resume?: ScormData | null;
  onCommit?: (commit: ScormCommit) => void;
  /** The first time the package reports itself passed or completed. */
  onFinish?: () => void;
}

export interface ScormRuntime {
  /** The API object the package calls. */
  readonly api: Scorm12Api | Scorm2004Api;
  /** Puts the API where the package looks for it (`window.API` or `window.API_1484_11`). */
  install(host: Window): () => void;
}

const GLOBAL_NAME: Record<ScormVersion, 'API' | 'API_1484_11'> = { '1.2': 'API', '2004': 'API_1484_11' };

/** Settings shared by both versions: nothing is sent anywhere, the host gets every commit. */
const SETTINGS = {
  lmsCommitUrl: false,
  autocommit: false,
  // 5 is "none": a package's mistakes are answered with error codes, not written to the console.
  logLevel: 5,
} as const;

/** Elements the package writes for one session only, or that the run-time sets itself at start. */
const SESSION_ONLY = ['exit', 'session_time', 'entry'];

function withoutSessionOnly(data: ScormData, version: ScormVersion): ScormData {
  const copy = structuredClone(data);
  const holder = (version === '1.2' ? copy.core : copy) as Record<string, unknown> | undefined;
  for (const name of SESSION_ONLY) delete holder?.[name];
  return copy;
}

function previousExit(data: ScormData | null | undefined, version: ScormVersion): unknown {
  if (!data) return undefined;
  return version === '1.2' ? (data.core as Record<string, unknown> | undefined)?.exit : data.exit;
}

/**
 * The score a commit holds, scaled 0–1, or null when the package set none: `cmi.score.scaled` (2004),
 * else the raw score within its min and max (0–100 when they are unset, as SCORM 1.2 packages assume).
 */
export function committedScore(commit: Pick<ScormCommit, 'version' | 'data'>): number | null {
  const score = (
    commit.version === '1.2'
      ? (commit.data.core as Record<string, unknown> | undefined)?.score
      : commit.data.score
  ) as Record<string, unknown> | undefined;
  const num = (v: unknown) => (v === '' || v === null || v === undefined ? NaN : Number(v));
  const scaled = num(score?.scaled);
  if (Number.isFinite(scaled)) return Math.min(1, Math.max(0, scaled));
  const raw = num(score?.raw);
  if (!Number.isFinite(raw)) return null;
  const min = Number.isFinite(num(score?.min)) ? num(score?.min) : 0;
  const max = Number.isFinite(num(score?.max)) ? num(score?.max) : 100;
  if (max <= min) return null;
  return Math.min(1, Math.max(0, (raw - min) / (max - min)));
}

export async function createScormRuntime(options: ScormRuntimeOptions): Promise<ScormRuntime> {
  const { version, learner, resume, onCommit, onFinish } = options;
  const entry = !resume ? 'ab-initio' : previousExit(resume, version) === 'suspend' ? 'resume' : '';
  let finished = false;

  if (version === '1.2') {
    const Scorm12API = exported<typeof Scorm12Api>(await import('scorm-again/scorm12/min'), 'Scorm12API');
    const api = new Scorm12API(SETTINGS);
    if (resume) api.loadFromJSON(withoutSessionOnly(resume, version), 'cmi');
    api.cmi.core.student_id = learner.id;
    api.cmi.core.student_name = learner.name;
    api.cmi.core.entry = entry;
    const isFinished = () => ['passed', 'completed'].includes(api.cmi.core.lesson_status);
    const report = (terminated: boolean) => {
      const data = (api.renderCommitCMI(terminated) as { cmi: ScormData }).cmi;
      onCommit?.({ version, data, finished: isFinished(), terminated });
    };
    api.on('LMSCommit', () => report(false));
    api.on('LMSFinish', () => report(true));
    api.on('LMSSetValue.cmi.core.lesson_status', () => {
      if (finished || !isFinished()) return;
      finished = true;
      onFinish?.();
    });
    return { api, install: (host) => install(host, version, api) };
  }

  const Scorm2004API = exported<typeof Scorm2004Api>(
    await import('scorm-again/scorm2004/min'),
    'Scorm2004API',
  );
  const api = new Scorm2004API(SETTINGS);
  if (resume) api.loadFromJSON(withoutSessionOnly(resume, version), 'cmi');
  api.cmi.learner_id = learner.id;
  api.cmi.learner_name = learner.name;
  api.cmi.entry = entry;
  const isFinished = () => api.cmi.completion_status === 'completed' || api.cmi.success_status === 'passed';
  const report = (terminated: boolean) => {
    const data = (api.renderCommitCMI(terminated) as { cmi: ScormData }).cmi;
    onCommit?.({ version, data, finished: isFinished(), terminated });
  };
  api.on('Commit', () => report(false));
  api.on('Terminate', () => report(true));
  const check = () => {
    if (finished || !isFinished()) return;
    finished = true;
    onFinish?.();
  };
  api.on('SetValue.cmi.completion_status', check);
  api.on('SetValue.cmi.success_status', check);
  return { api, install: (host) => install(host, version, api) };
}

/**
 * The class a scorm-again bundle exports: its ES module names it (`Scorm12API`), while its type
 * declarations describe a default export.
 */
function exported<T>(module: { default?: T }, name: string): T {
  const named = (module as Record<string, unknown>)[name] as T | undefined;
  const found = named ?? module.default;
  if (!found) throw new Error(`scorm-again has no ${name}.`);
  return found;
}

function install(host: Window, version: ScormVersion, api: Scorm12Api | Scorm2004Api): () => void {
  const name = GLOBAL_NAME[version];
  const slot = host as unknown as Record<string, unknown>;
  slot[name] = api;
  return () => {
    if (slot[name] === api) delete slot[name];
  };
}
