import { describe, expect, it, vi } from 'vitest';
import {
  committedScore,
  createScormRuntime,
  SCORM_ERROR_CODES,
  type ScormCommit,
  type ScormData,
} from './scorm-runtime.ts';

const learner = { id: 'alex@example.com', name: 'Morgan, Alex' };

async function scorm12(resume: ScormData | null = null) {
  const commits: ScormCommit[] = [];
  const onFinish = vi.fn();
  const runtime = await createScormRuntime({
    version: '1.2',
    learner,
    resume,
    onCommit: (commit) => commits.push(commit),
    onFinish,
  });
  const api = runtime.api as unknown as Record<string, (...args: string[]) => string>;
  const error = () => Number(api.LMSGetLastError!());
  return { runtime, api, commits, onFinish, error };
}

describe('SCORM 1.2 run-time', () => {
  it('starts a first attempt for the learner', async () => {
    const { api, error } = await scorm12();
    expect(api.LMSInitialize!('')).toBe('true');
    expect(error()).toBe(SCORM_ERROR_CODES.noError);
    expect(api.LMSGetValue!('cmi.core.entry')).toBe('ab-initio');
    expect(api.LMSGetValue!('cmi.core.lesson_status')).toBe('not attempted');
    expect(api.LMSGetValue!('cmi.core.student_id')).toBe('alex@example.com');
    expect(api.LMSGetValue!('cmi.core.student_name')).toBe('Morgan, Alex');
  });

  it("answers with the spec's error codes", async () => {
    const { api, error } = await scorm12();
    expect(api.LMSGetValue!('cmi.core.lesson_status')).toBe('');
    expect(error()).toBe(301);
    api.LMSInitialize!('');
    expect(api.LMSInitialize!('')).toBe('false');
    expect(error()).toBe(101);
    expect(api.LMSSetValue!('cmi.core.student_id', 'someone-else')).toBe('false');
    expect(error()).toBe(403);
    expect(api.LMSGetErrorString!('403')).toBe('Element is read only');
    expect(api.LMSGetValue!('cmi.core.session_time')).toBe('');
    expect(error()).toBe(404);
    expect(api.LMSSetValue!('cmi.core.lesson_status', 'done')).toBe('false');
    expect(error()).toBe(405);
    expect(api.LMSSetValue!('cmi.core.score.raw', '101')).toBe('false');
    expect(error()).toBe(405);
    expect(api.LMSGetValue!('cmi.core.score._children')).toBe('raw,min,max');
    expect(api.LMSGetValue!('cmi.core.student_name._children')).toBe('');
    expect(error()).toBe(202);
    expect(api.LMSGetValue!('cmi.core._count')).toBe('');
    expect(error()).toBe(203);
    expect(api.LMSSetValue!('cmi.interactions.1.id', 'q2')).toBe('false');
    expect(error()).toBe(201);
    expect(api.LMSSetValue!('cmi.core._children', 'x')).toBe('false');
    expect(error()).toBe(402);
    expect(api.LMSGetValue!('cmi.completion_status')).toBe('');
    expect(error()).toBe(401);
    expect(api.LMSCommit!('now')).toBe('false');
    expect(error()).toBe(201);
    expect(api.LMSGetValue!('cmi.core.lesson_status')).toBe('not attempted');
    expect(error()).toBe(0);
  });

  it('tells the host each commit and the first time the package is done', async () => {
    const { api, commits, onFinish } = await scorm12();
    api.LMSInitialize!('');
    api.LMSSetValue!('cmi.core.lesson_status', 'incomplete');
    api.LMSSetValue!('cmi.core.lesson_location', 'page-3');
    api.LMSSetValue!('cmi.core.lesson_status', 'failed');
    expect(onFinish).not.toHaveBeenCalled();
    expect(api.LMSCommit!('')).toBe('true');
    expect(commits).toHaveLength(1);
    expect(commits[0]).toMatchObject({ version: '1.2', finished: false, terminated: false });
    expect(commits[0]!.data).toMatchObject({ core: { lesson_location: 'page-3', lesson_status: 'failed' } });
    api.LMSSetValue!('cmi.core.lesson_status', 'passed');
    api.LMSSetValue!('cmi.core.lesson_status', 'completed');
    expect(onFinish).toHaveBeenCalledOnce();
    expect(api.LMSFinish!('')).toBe('true');
    expect(commits.at(-1)).toMatchObject({ finished: true, terminated: true });
  });

  it('resumes a suspended attempt from what the last commit gave, adding up the time', async () => {
    const first = await scorm12();
    first.api.LMSInitialize!('');
    first.api.LMSSetValue!('cmi.core.session_time', '0000:01:30.50');
    first.api.LMSSetValue!('cmi.core.exit', 'suspend');
    first.api.LMSSetValue!('cmi.suspend_data', 'step=4');
    first.api.LMSSetValue!('cmi.core.lesson_status', 'incomplete');
    first.api.LMSFinish!('');

    const second = await scorm12(first.commits.at(-1)!.data);
    second.api.LMSInitialize!('');
    expect(second.api.LMSGetValue!('cmi.core.entry')).toBe('resume');
    expect(second.api.LMSGetValue!('cmi.suspend_data')).toBe('step=4');
    expect(second.api.LMSGetValue!('cmi.core.lesson_status')).toBe('incomplete');
    second.api.LMSSetValue!('cmi.core.session_time', '0001:59:30');
    second.api.LMSFinish!('');

    const third = await scorm12(second.commits.at(-1)!.data);
    third.api.LMSInitialize!('');
    expect(third.api.LMSGetValue!('cmi.core.entry')).toBe('');
    expect(third.api.LMSGetValue!('cmi.core.total_time')).toBe('02:01:00.5');
  });

  it('is put where a package looks for it, and taken away again', async () => {
    const { runtime } = await scorm12();
    const host = {} as Window & { API?: unknown };
    const remove = runtime.install(host);
    expect(host.API).toBe(runtime.api);
    remove();
    expect(host.API).toBeUndefined();
  });
});

describe('SCORM 2004 run-time', () => {
  it('serves API_1484_11 and reports completion', async () => {
    const onFinish = vi.fn();
    const commits: ScormCommit[] = [];
    const runtime = await createScormRuntime({
      version: '2004',
      learner,
      onFinish,
      onCommit: (c) => commits.push(c),
    });
    const host = {} as Window & { API_1484_11?: Record<string, (...args: string[]) => string> };
    runtime.install(host);
    const api = host.API_1484_11!;
    expect(api.Initialize!('')).toBe('true');
    expect(api.GetValue!('cmi.learner_name')).toBe('Morgan, Alex');
    expect(api.GetValue!('cmi.entry')).toBe('ab-initio');
    expect(api.SetValue!('cmi.learner_id', 'x')).toBe('false');
    expect(api.GetLastError!()).toBe('404');
    expect(api.SetValue!('cmi.completion_status', 'completed')).toBe('true');
    expect(onFinish).toHaveBeenCalledOnce();
    expect(api.Commit!('')).toBe('true');
    expect(commits[0]).toMatchObject({ version: '2004', finished: true, terminated: false });
  });
});

describe('committedScore', () => {
  it('reads what the package committed as its score, scaled 0–1', async () => {
    const { api, commits } = await scorm12();
    api.LMSInitialize!('');
    api.LMSCommit!('');
    expect(committedScore(commits[0]!)).toBeNull();
    api.LMSSetValue!('cmi.core.score.raw', '75');
    api.LMSCommit!('');
    expect(committedScore(commits[1]!)).toBe(0.75);
    api.LMSSetValue!('cmi.core.score.min', '10');
    api.LMSSetValue!('cmi.core.score.max', '20');
    api.LMSSetValue!('cmi.core.score.raw', '15');
    api.LMSCommit!('');
    expect(committedScore(commits[2]!)).toBe(0.5);
    expect(committedScore({ version: '2004', data: { score: { scaled: '0.9', raw: '10' } } })).toBe(0.9);
    expect(
      committedScore({ version: '2004', data: { score: { scaled: '', raw: '', min: '', max: '' } } }),
    ).toBeNull();
  });
});
