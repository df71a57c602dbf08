/**
 * A SCORM 1.2 run-time for previewing SCORM subjects in the manager app: the `window.API` object a
 * SCO looks for, keeping its data in browser storage per subject. Nothing is reported to the server;
 * it lets a package run as it would for an employee. Error codes are those of spec 3 §8.
 */

export const SCORM12_ERRORS = {
  0: 'No error',
  101: 'General exception',
  201: 'Invalid argument error',
  202: 'Element cannot have children',
  203: 'Element not an array - cannot have count',
  301: 'Not initialized',
  401: 'Not implemented error',
  402: 'Invalid set value, element is a keyword',
  403: 'Element is read only',
  404: 'Element is write only',
  405: 'Incorrect data type',
} as const;
export type Scorm12ErrorCode = keyof typeof SCORM12_ERRORS;

type ScormBoolean = 'true' | 'false';

export interface Scorm12Api {
  LMSInitialize(parameter?: string): ScormBoolean;
  LMSFinish(parameter?: string): ScormBoolean;
  LMSGetValue(element: string): string;
  LMSSetValue(element: string, value: string): ScormBoolean;
  LMSCommit(parameter?: string): ScormBoolean;
  LMSGetLastError(): string;
  LMSGetErrorString(errorCode: string): string;
  LMSGetDiagnostic(errorCode?: string): string;
}

/** Where the data is kept (window.localStorage in the browser). */
export interface Scorm12Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface Scorm12Options {
  storage: Scorm12Storage;
  /** The storage key of this subject's data (scorm12StorageKey). */
  storageKey: string;
  learner: { id: string; name: string };
}

export const scorm12StorageKey = (subjectId: string) => `vigil.scorm12.${subjectId}`;

type Access = 'ro' | 'rw' | 'wo';
interface ElementRule {
  access: Access;
  /** Whether a value has the element's data type (405 otherwise). */
  accepts?: (value: string) => boolean;
}

const upTo = (max: number) => (v: string) => v.length <= max;
const oneOf =
  (...words: string[]) =>
  (v: string) =>
    words.includes(v);
const isDecimal = (v: string) => /^-?\d+(\.\d+)?$/.test(v);
const decimalIn = (min: number, max: number) => (v: string) =>
  isDecimal(v) && Number(v) >= min && Number(v) <= max;
const integerIn = (min: number, max: number) => (v: string) =>
  /^-?\d+$/.test(v) && Number(v) >= min && Number(v) <= max;
const score = (v: string) => v === '' || decimalIn(0, 100)(v);
const identifier = (v: string) => /^\S{1,255}$/.test(v);
const TIMESPAN = /^(\d{2,4}):([0-5]\d):([0-5]\d)(\.\d{1,2})?$/;
const isTimespan = (v: string) => TIMESPAN.test(v);
const isTime = (v: string) => /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(\.\d{1,2})?$/.test(v);
const STATUSES = ['passed', 'completed', 'failed', 'incomplete', 'browsed'];

/** The SCORM 1.2 data model; `n` stands for an array index. */
const RULES: Record<string, ElementRule> = {
  'cmi._version': { access: 'ro' },
  'cmi.core.student_id': { access: 'ro' },
  'cmi.core.student_name': { access: 'ro' },
  'cmi.core.lesson_location': { access: 'rw', accepts: upTo(255) },
  'cmi.core.credit': { access: 'ro' },
  // A SCO may not set 'not attempted'; that is the LMS's starting value.
  'cmi.core.lesson_status': { access: 'rw', accepts: oneOf(...STATUSES) },
  'cmi.core.entry': { access: 'ro' },
  'cmi.core.score.raw': { access: 'rw', accepts: score },
  'cmi.core.score.min': { access: 'rw', accepts: score },
  'cmi.core.score.max': { access: 'rw', accepts: score },
  'cmi.core.total_time': { access: 'ro' },
  'cmi.core.lesson_mode': { access: 'ro' },
  'cmi.core.exit': { access: 'wo', accepts: oneOf('time-out', 'suspend', 'logout', '') },
  'cmi.core.session_time': { access: 'wo', accepts: isTimespan },
  'cmi.suspend_data': { access: 'rw', accepts: upTo(4096) },
  'cmi.launch_data': { access: 'ro' },
  'cmi.comments': { access: 'rw', accepts: upTo(4096) },
  'cmi.comments_from_lms': { access: 'ro' },
  'cmi.objectives.n.id': { access: 'rw', accepts: identifier },
  'cmi.objectives.n.score.raw': { access: 'rw', accepts: score },
  'cmi.objectives.n.score.min': { access: 'rw', accepts: score },
  'cmi.objectives.n.score.max': { access: 'rw', accepts: score },
  'cmi.objectives.n.status': { access: 'rw', accepts: oneOf(...STATUSES, 'not attempted') },
  'cmi.student_data.mastery_score': { access: 'ro' },
  'cmi.student_data.max_time_allowed': { access: 'ro' },
  'cmi.student_data.time_limit_action': { access: 'ro' },
  'cmi.student_preference.audio': { access: 'rw', accepts: integerIn(-1, 100) },
  'cmi.student_preference.language': { access: 'rw', accepts: upTo(255) },
  'cmi.student_preference.speed': { access: 'rw', accepts: integerIn(-100, 100) },
  'cmi.student_preference.text': { access: 'rw', accepts: integerIn(-1, 1) },
  'cmi.interactions.n.id': { access: 'wo', accepts: identifier },
  'cmi.interactions.n.objectives.n.id': { access: 'wo', accepts: identifier },
  'cmi.interactions.n.time': { access: 'wo', accepts: isTime },
  'cmi.interactions.n.type': {
    access: 'wo',
    accepts: oneOf(
      'true-false',
      'choice',
      'fill-in',
      'matching',
      'performance',
      'sequencing',
      'likert',
      'numeric',
    ),
  },
  'cmi.interactions.n.correct_responses.n.pattern': { access: 'wo', accepts: upTo(255) },
  'cmi.interactions.n.weighting': { access: 'wo', accepts: isDecimal },
  'cmi.interactions.n.student_response': { access: 'wo', accepts: upTo(255) },
  'cmi.interactions.n.result': {
    access: 'wo',
    accepts: (v) => oneOf('correct', 'wrong', 'unanticipated', 'neutral')(v) || isDecimal(v),
  },
  'cmi.interactions.n.latency': { access: 'wo', accepts: isTimespan },
};

/** The answers to `<element>._children`. */
const CHILDREN: Record<string, string> = {
  'cmi.core':
    'student_id,student_name,lesson_location,credit,lesson_status,entry,score,total_time,lesson_mode,exit,session_time',
  'cmi.core.score': 'raw,min,max',
  'cmi.objectives': 'id,score,status',
  'cmi.objectives.n.score': 'raw,min,max',
  'cmi.student_data': 'mastery_score,max_time_allowed,time_limit_action',
  'cmi.student_preference': 'audio,language,speed,text',
  'cmi.interactions': 'id,objectives,time,type,correct_responses,weighting,student_response,result,latency',
};

/** The elements that are arrays and so have `._count`. */
const ARRAYS = new Set([
  'cmi.objectives',
  'cmi.interactions',
  'cmi.interactions.n.objectives',
  'cmi.interactions.n.correct_responses',
]);

/** SCORM 2004 names a SCO may try first; this run-time is SCORM 1.2 only. */
const SCORM_2004_ELEMENT =
  /^(cmi\.(completion_status|success_status|learner_id|learner_name|location|progress_measure|scaled_passing_score|score\.scaled|mode|session_time|total_time|exit|entry|credit)|adl\.)/;

/** Replaces array indexes by `n`: cmi.objectives.2.id → cmi.objectives.n.id. */
function patternOf(element: string): string {
  return element
    .split('.')
    .map((segment) => (/^\d+$/.test(segment) ? 'n' : segment))
    .join('.');
}

const isKnownBase = (pattern: string) => pattern in RULES || pattern in CHILDREN || ARRAYS.has(pattern);

function addTimespans(a: string, b: string): string {
  const seconds = (t: string) => {
    const m = TIMESPAN.exec(t);
    return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4] ?? 0) : 0;
  };
  const total = Math.round((seconds(a) + seconds(b)) * 100) / 100;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total - hours * 3600 - minutes * 60;
  const [whole = '0', fraction = '0'] = rest.toFixed(2).split('.');
  return `${String(hours).padStart(4, '0')}:${String(minutes).padStart(2, '0')}:${whole.padStart(2, '0')}.${fraction}`;
}

class ScormError extends Error {
  constructor(
    readonly code: Scorm12ErrorCode,
    readonly diagnostic: string,
  ) {
    super(diagnostic);
  }
}

export function createScorm12Api({ storage, storageKey, learner }: Scorm12Options): Scorm12Api {
  let state: 'not-initialized' | 'running' | 'finished' = 'not-initialized';
  let values: Record<string, string> = {};
  let lastError: Scorm12ErrorCode = 0;
  let lastDiagnostic = '';

  /** Runs a call, turning a ScormError into the error state and `fallback`. */
  function call<T>(fallback: T, body: () => T): T {
    try {
      const result = body();
      lastError = 0;
      lastDiagnostic = '';
      return result;
    } catch (error) {
      lastError = error instanceof ScormError ? error.code : 101;
      lastDiagnostic = error instanceof Error ? error.message : String(error);
      return fallback;
    }
  }

  const requireEmpty = (parameter: string | undefined, name: string) => {
    if (parameter !== undefined && parameter !== '') {
      throw new ScormError(201, `${name} takes an empty string, not "${parameter}".`);
    }
  };
  const requireRunning = () => {
    if (state !== 'running')
      throw new ScormError(301, 'LMSInitialize has not been called, or LMSFinish has.');
  };

  /** The size of an array: one more than the highest index any stored element uses. */
  const countOf = (arrayPath: string) => {
    const prefix = `${arrayPath}.`;
    let count = 0;
    for (const key of Object.keys(values)) {
      if (!key.startsWith(prefix)) continue;
      const index = Number(key.slice(prefix.length).split('.')[0]);
      if (Number.isInteger(index)) count = Math.max(count, index + 1);
    }
    return count;
  };

  /** Checks each index of an element against its array: reading needs it to exist, writing may append. */
  const checkIndexes = (element: string, forWrite: boolean) => {
    const segments = element.split('.');
    segments.forEach((segment, i) => {
      if (!/^\d+$/.test(segment)) return;
      const count = countOf(segments.slice(0, i).join('.'));
      const index = Number(segment);
      if (forWrite ? index > count : index >= count) {
        throw new ScormError(201, `Index ${index} of ${segments.slice(0, i).join('.')} is out of range.`);
      }
    });
  };

  const unknown = (element: string) =>
    SCORM_2004_ELEMENT.test(element)
      ? new ScormError(401, `${element} is not part of the SCORM 1.2 data model.`)
      : new ScormError(201, `${element} is not a data model element.`);

  /** Resolves `x._children` and `x._count`; undefined for an ordinary element. */
  const keyword = (element: string): string | undefined => {
    const match = /^(.*)\.(_children|_count|_version)$/.exec(element);
    if (!match || element === 'cmi._version') return undefined;
    const [, base = '', word] = match;
    const pattern = patternOf(base);
    if (word === '_children') {
      if (pattern in CHILDREN) return CHILDREN[pattern];
      if (isKnownBase(pattern)) throw new ScormError(202, `${base} has no children.`);
    }
    if (word === '_count') {
      if (ARRAYS.has(pattern)) {
        checkIndexes(base, false);
        return String(countOf(base));
      }
      if (isKnownBase(pattern)) throw new ScormError(203, `${base} is not an array.`);
    }
    throw unknown(element);
  };

  const persist = () => {
    try {
      storage.setItem(storageKey, JSON.stringify({ values }));
    } catch {
      throw new ScormError(101, 'The browser refused to store the data.');
    }
  };

  const load = (): Record<string, string> | null => {
    try {
      const raw = storage.getItem(storageKey);
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      if (
        parsed &&
        typeof parsed === 'object' &&
        'values' in parsed &&
        parsed.values &&
        typeof parsed.values === 'object'
      ) {
        return Object.fromEntries(
          Object.entries(parsed.values).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        );
      }
    } catch {
      // Unreadable data starts the subject afresh.
    }
    return null;
  };

  return {
    LMSInitialize: (parameter) =>
      call<ScormBoolean>('false', () => {
        requireEmpty(parameter, 'LMSInitialize');
        if (state !== 'not-initialized') throw new ScormError(101, 'LMSInitialize was already called.');
        const stored = load();
        const resumed = stored?.['cmi.core.exit'] === 'suspend';
        values = {
          'cmi.core.lesson_status': 'not attempted',
          'cmi.core.total_time': '0000:00:00.00',
          'cmi.suspend_data': '',
          'cmi.core.lesson_location': '',
          ...stored,
          'cmi._version': '3.4',
          'cmi.core.student_id': learner.id,
          'cmi.core.student_name': learner.name,
          'cmi.core.credit': 'no-credit',
          'cmi.core.lesson_mode': 'normal',
          'cmi.core.entry': stored === null ? 'ab-initio' : resumed ? 'resume' : '',
          'cmi.launch_data': '',
          'cmi.comments_from_lms': '',
          'cmi.student_data.mastery_score': '',
          'cmi.student_data.max_time_allowed': '',
          'cmi.student_data.time_limit_action': 'continue,no message',
        };
        delete values['cmi.core.exit'];
        delete values['cmi.core.session_time'];
        state = 'running';
        return 'true';
      }),

    LMSFinish: (parameter) =>
      call<ScormBoolean>('false', () => {
        requireEmpty(parameter, 'LMSFinish');
        requireRunning();
        if (values['cmi.core.lesson_status'] === 'not attempted')
          values['cmi.core.lesson_status'] = 'completed';
        const session = values['cmi.core.session_time'];
        if (session)
          values['cmi.core.total_time'] = addTimespans(values['cmi.core.total_time'] ?? '', session);
        persist();
        state = 'finished';
        return 'true';
      }),

    LMSGetValue: (element) =>
      call('', () => {
        requireRunning();
        const name = String(element ?? '');
        if (name === '') throw new ScormError(201, 'LMSGetValue needs an element name.');
        const answer = keyword(name);
        if (answer !== undefined) return answer;
        const rule = RULES[patternOf(name)];
        if (!rule) throw unknown(name);
        if (rule.access === 'wo') throw new ScormError(404, `${name} is write only.`);
        checkIndexes(name, false);
        return values[name] ?? '';
      }),

    LMSSetValue: (element, value) =>
      call<ScormBoolean>('false', () => {
        requireRunning();
        const name = String(element ?? '');
        if (name === '') throw new ScormError(201, 'LMSSetValue needs an element name.');
        const text = String(value ?? '');
        if (/\._(children|count|version)$/.test(name) || name === 'cmi._version') {
          const base = name.slice(0, name.lastIndexOf('.'));
          if (name === 'cmi._version' || isKnownBase(patternOf(base))) {
            throw new ScormError(402, `${name} is a keyword and cannot be set.`);
          }
          throw unknown(name);
        }
        const rule = RULES[patternOf(name)];
        if (!rule) throw unknown(name);
        if (rule.access === 'ro') throw new ScormError(403, `${name} is read only.`);
        checkIndexes(name, true);
        if (rule.accepts && !rule.accepts(text))
          throw new ScormError(405, `"${text}" is not a valid ${name}.`);
        values[name] = text;
        return 'true';
      }),

    LMSCommit: (parameter) =>
      call<ScormBoolean>('false', () => {
        requireEmpty(parameter, 'LMSCommit');
        requireRunning();
        persist();
        return 'true';
      }),

    LMSGetLastError: () => String(lastError),

    LMSGetErrorString: (errorCode) => SCORM12_ERRORS[Number(errorCode) as Scorm12ErrorCode] ?? '',

    LMSGetDiagnostic: (errorCode) => {
      if (errorCode === undefined || errorCode === '' || Number(errorCode) === lastError) {
        return lastDiagnostic || SCORM12_ERRORS[lastError];
      }
      return SCORM12_ERRORS[Number(errorCode) as Scorm12ErrorCode] ?? '';
    },
  };
}
