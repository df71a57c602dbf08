import { describe, expect, it, vi } from 'vitest';
import { createScorm12Api } from './scorm-runtime.ts';

describe('createScorm12Api', () => {
  it('answers what a package asks on start', () => {
    const api = createScorm12Api('Ann Lee', () => undefined);
    expect(api.LMSInitialize('')).toBe('true');
    expect(api.LMSGetValue('cmi.core.lesson_status')).toBe('not attempted');
    expect(api.LMSGetValue('cmi.core.student_name')).toBe('Ann Lee');
    expect(api.LMSGetValue('cmi.unknown')).toBe('');
    expect(api.LMSGetLastError()).toBe('0');
  });

  it('keeps values and reports completion once', () => {
    const onDone = vi.fn();
    const api = createScorm12Api('Ann', onDone);
    api.LMSSetValue('cmi.core.lesson_status', 'incomplete');
    api.LMSSetValue('cmi.core.score.raw', '50');
    api.LMSSetValue('cmi.core.lesson_status', 'failed');
    expect(onDone).not.toHaveBeenCalled();
    expect(api.LMSGetValue('cmi.core.score.raw')).toBe('50');
    api.LMSSetValue('cmi.core.lesson_status', 'passed');
    api.LMSSetValue('cmi.core.lesson_status', 'completed');
    expect(onDone).toHaveBeenCalledOnce();
  });
});
