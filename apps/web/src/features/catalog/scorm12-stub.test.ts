import { beforeEach, describe, expect, it } from 'vitest';
import { createScorm12Api, scorm12StorageKey, type Scorm12Api } from './scorm12-stub.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const key = scorm12StorageKey('phishing-scorm');
const learner = { id: 'alex@example.com', name: 'Morgan, Alex' };
let storage: MemoryStorage;
const open = () => createScorm12Api({ storage, storageKey: key, learner });
const started = () => {
  const api = open();
  expect(api.LMSInitialize('')).toBe('true');
  return api;
};
const error = (api: Scorm12Api) => api.LMSGetLastError();

beforeEach(() => {
  storage = new MemoryStorage();
});

describe('LMSInitialize', () => {
  it("starts a first attempt and answers the strings 'true' and '0'", () => {
    const api = open();
    expect(api.LMSInitialize('')).toBe('true');
    expect(error(api)).toBe('0');
    expect(api.LMSGetValue('cmi.core.entry')).toBe('ab-initio');
    expect(api.LMSGetValue('cmi.core.lesson_status')).toBe('not attempted');
    expect(api.LMSGetValue('cmi.core.student_id')).toBe('alex@example.com');
    expect(api.LMSGetValue('cmi.core.student_name')).toBe('Morgan, Alex');
  });

  it('refuses an argument (201) and a second call (101)', () => {
    const api = open();
    expect(api.LMSInitialize('x')).toBe('false');
    expect(error(api)).toBe('201');
    expect(api.LMSInitialize('')).toBe('true');
    expect(api.LMSInitialize('')).toBe('false');
    expect(error(api)).toBe('101');
  });
});

describe('not initialized (301)', () => {
  it('answers every data call before LMSInitialize with 301', () => {
    const api = open();
    expect(api.LMSGetValue('cmi.core.lesson_status')).toBe('');
    expect(error(api)).toBe('301');
    expect(api.LMSSetValue('cmi.core.lesson_status', 'completed')).toBe('false');
    expect(error(api)).toBe('301');
    expect(api.LMSCommit('')).toBe('false');
    expect(error(api)).toBe('301');
    expect(api.LMSFinish('')).toBe('false');
    expect(error(api)).toBe('301');
  });

  it('answers 301 after LMSFinish', () => {
    const api = started();
    expect(api.LMSFinish('')).toBe('true');
    expect(api.LMSGetValue('cmi.core.lesson_status')).toBe('');
    expect(error(api)).toBe('301');
  });
});

describe('LMSSetValue and LMSGetValue', () => {
  it('keeps what the SCO sets', () => {
    const api = started();
    expect(api.LMSSetValue('cmi.core.lesson_location', 'page-3')).toBe('true');
    expect(api.LMSSetValue('cmi.core.score.raw', '85')).toBe('true');
    expect(api.LMSSetValue('cmi.suspend_data', 'a=1;b=2')).toBe('true');
    expect(api.LMSGetValue('cmi.core.lesson_location')).toBe('page-3');
    expect(api.LMSGetValue('cmi.core.score.raw')).toBe('85');
    expect(api.LMSGetValue('cmi.suspend_data')).toBe('a=1;b=2');
    expect(error(api)).toBe('0');
  });

  it('refuses to set read-only elements (403)', () => {
    const api = started();
    expect(api.LMSSetValue('cmi.core.student_id', 'someone-else')).toBe('false');
    expect(error(api)).toBe('403');
    expect(api.LMSGetErrorString('403')).toBe('Element is read only');
    expect(api.LMSGetValue('cmi.core.student_id')).toBe('alex@example.com');
  });

  it('refuses to read write-only elements (404)', () => {
    const api = started();
    expect(api.LMSSetValue('cmi.core.session_time', '0000:01:30.00')).toBe('true');
    expect(api.LMSGetValue('cmi.core.session_time')).toBe('');
    expect(error(api)).toBe('404');
    expect(api.LMSGetValue('cmi.core.exit')).toBe('');
    expect(error(api)).toBe('404');
  });

  it('refuses values of the wrong type (405)', () => {
    const api = started();
    expect(api.LMSSetValue('cmi.core.lesson_status', 'done')).toBe('false');
    expect(error(api)).toBe('405');
    expect(api.LMSSetValue('cmi.core.lesson_status', 'not attempted')).toBe('false');
    expect(api.LMSSetValue('cmi.core.score.raw', 'lots')).toBe('false');
    expect(api.LMSSetValue('cmi.core.score.raw', '101')).toBe('false');
    expect(api.LMSSetValue('cmi.core.session_time', '90 seconds')).toBe('false');
    expect(error(api)).toBe('405');
  });

  it('answers _children, and 202 for an element without children', () => {
    const api = started();
    expect(api.LMSGetValue('cmi.core.score._children')).toBe('raw,min,max');
    expect(api.LMSGetValue('cmi.core.student_name._children')).toBe('');
    expect(error(api)).toBe('202');
  });

  it('counts arrays, and answers 203 for an element that is not one', () => {
    const api = started();
    expect(api.LMSGetValue('cmi.objectives._count')).toBe('0');
    expect(api.LMSSetValue('cmi.objectives.0.id', 'obj-1')).toBe('true');
    expect(api.LMSSetValue('cmi.objectives.0.status', 'passed')).toBe('true');
    expect(api.LMSSetValue('cmi.objectives.1.id', 'obj-2')).toBe('true');
    expect(api.LMSGetValue('cmi.objectives._count')).toBe('2');
    expect(api.LMSGetValue('cmi.objectives.0.status')).toBe('passed');
    expect(api.LMSGetValue('cmi.core._count')).toBe('');
    expect(error(api)).toBe('203');
  });

  it('refuses an index past the end of an array (201)', () => {
    const api = started();
    expect(api.LMSSetValue('cmi.interactions.1.id', 'q2')).toBe('false');
    expect(error(api)).toBe('201');
    expect(api.LMSGetValue('cmi.objectives.0.id')).toBe('');
    expect(error(api)).toBe('201');
  });

  it('keeps interactions write only', () => {
    const api = started();
    expect(api.LMSSetValue('cmi.interactions.0.id', 'q1')).toBe('true');
    expect(api.LMSSetValue('cmi.interactions.0.type', 'choice')).toBe('true');
    expect(api.LMSSetValue('cmi.interactions.0.result', 'correct')).toBe('true');
    expect(api.LMSGetValue('cmi.interactions._count')).toBe('1');
    expect(api.LMSGetValue('cmi.interactions.0.result')).toBe('');
    expect(error(api)).toBe('404');
  });

  it('refuses to set keywords (402)', () => {
    const api = started();
    expect(api.LMSSetValue('cmi.core._children', 'x')).toBe('false');
    expect(error(api)).toBe('402');
    expect(api.LMSSetValue('cmi.objectives._count', '3')).toBe('false');
    expect(error(api)).toBe('402');
  });

  it('answers 201 for unknown elements and 401 for SCORM 2004 ones', () => {
    const api = started();
    expect(api.LMSGetValue('cmi.core.favourite_colour')).toBe('');
    expect(error(api)).toBe('201');
    expect(api.LMSGetValue('')).toBe('');
    expect(error(api)).toBe('201');
    expect(api.LMSGetValue('cmi.completion_status')).toBe('');
    expect(error(api)).toBe('401');
    expect(api.LMSGetErrorString('401')).toBe('Not implemented error');
  });

  it('clears the error after a call that succeeds, and explains the last one', () => {
    const api = started();
    api.LMSSetValue('cmi.core.credit', 'credit');
    expect(api.LMSGetDiagnostic('')).toContain('cmi.core.credit');
    api.LMSGetValue('cmi.core.lesson_status');
    expect(error(api)).toBe('0');
    expect(api.LMSGetErrorString('0')).toBe('No error');
  });
});

describe('LMSCommit and LMSFinish', () => {
  it('stores the data in browser storage per subject on commit', () => {
    const api = started();
    api.LMSSetValue('cmi.core.lesson_location', 'page-7');
    expect(storage.items.has(key)).toBe(false);
    expect(api.LMSCommit('')).toBe('true');
    expect(JSON.parse(storage.items.get(key) ?? '{}').values['cmi.core.lesson_location']).toBe('page-7');
    expect(api.LMSCommit('now')).toBe('false');
    expect(error(api)).toBe('201');
  });

  it('completes an untouched status, adds the session time and resumes a suspended attempt', () => {
    const first = started();
    first.LMSSetValue('cmi.core.session_time', '0000:01:30.50');
    first.LMSSetValue('cmi.core.exit', 'suspend');
    first.LMSSetValue('cmi.suspend_data', 'step=4');
    expect(first.LMSFinish('')).toBe('true');

    const second = started();
    expect(second.LMSGetValue('cmi.core.entry')).toBe('resume');
    expect(second.LMSGetValue('cmi.core.lesson_status')).toBe('completed');
    expect(second.LMSGetValue('cmi.core.total_time')).toBe('0000:01:30.50');
    expect(second.LMSGetValue('cmi.suspend_data')).toBe('step=4');
    second.LMSSetValue('cmi.core.session_time', '0001:59:30');
    second.LMSSetValue('cmi.core.lesson_status', 'passed');
    second.LMSFinish('');

    const third = started();
    expect(third.LMSGetValue('cmi.core.entry')).toBe('');
    expect(third.LMSGetValue('cmi.core.lesson_status')).toBe('passed');
    expect(third.LMSGetValue('cmi.core.total_time')).toBe('0002:01:00.50');
  });

  it('keeps each subject apart', () => {
    const api = started();
    api.LMSSetValue('cmi.suspend_data', 'mine');
    api.LMSFinish('');
    const other = createScorm12Api({ storage, storageKey: scorm12StorageKey('other'), learner });
    other.LMSInitialize('');
    expect(other.LMSGetValue('cmi.suspend_data')).toBe('');
    expect(other.LMSGetValue('cmi.core.entry')).toBe('ab-initio');
  });

  it('answers 101 when the browser refuses to store', () => {
    const api = createScorm12Api({
      storage: {
        getItem: () => null,
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      },
      storageKey: key,
      learner,
    });
    api.LMSInitialize('');
    expect(api.LMSCommit('')).toBe('false');
    expect(error(api)).toBe('101');
  });
});
