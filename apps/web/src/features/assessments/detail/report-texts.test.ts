import { readFileSync } from 'node:fs';
import { ASSESSMENT_MESSAGES } from '@vigil/shared';
import { describe, expect, it } from 'vitest';

type Texts = { [key: string]: string | Texts };
const english = JSON.parse(
  readFileSync(new URL('../../../../public/static/locales/en/common.json', import.meta.url), 'utf8'),
) as { assessmentReports: Texts };

function text(path: string): string {
  const found = path
    .split('.')
    .reduce<Texts | string | undefined>(
      (node, key) => (typeof node === 'object' ? node[key] : undefined),
      english.assessmentReports,
    );
  if (typeof found !== 'string') throw new Error(`missing text ${path}`);
  return found;
}
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

describe('assessment report texts keep the spec words', () => {
  it('says who will be reminded exactly as the spec does', () => {
    expect(fill(text('reminders.count'), { count: 7 })).toBe(ASSESSMENT_MESSAGES.remindCount(7));
    expect(fill(text('reminders.fromList'), { name: 'Sales' })).toBe(ASSESSMENT_MESSAGES.fromList('Sales'));
    expect(fill(text('reminders.fromLists'), { count: 3 })).toBe(ASSESSMENT_MESSAGES.fromLists(3));
  });

  it('uses the spec messages for not found, the score range and the actions', () => {
    expect(text('notFound')).toBe(ASSESSMENT_MESSAGES.notFound);
    expect(text('employees.rangeError')).toBe(ASSESSMENT_MESSAGES.scoreRange);
    expect(text('messages.paused')).toBe(ASSESSMENT_MESSAGES.paused);
    expect(text('messages.stopped')).toBe(ASSESSMENT_MESSAGES.stopped);
    expect(text('messages.deleted')).toBe(ASSESSMENT_MESSAGES.deleted);
    expect(text('back')).toBe('Back to all assessments');
  });
});
