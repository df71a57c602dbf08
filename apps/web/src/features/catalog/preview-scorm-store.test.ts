import { describe, expect, it } from 'vitest';
import { loadScormPreview, saveScormPreview, scormPreviewKey } from './preview-scorm-store.ts';

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('SCORM preview storage', () => {
  it('keeps each subject apart and gives back what was committed', () => {
    const storage = new MemoryStorage();
    saveScormPreview(storage, 'phishing-scorm', { core: { lesson_status: 'passed' }, suspend_data: 'x' });
    expect(loadScormPreview(storage, 'phishing-scorm')).toEqual({
      core: { lesson_status: 'passed' },
      suspend_data: 'x',
    });
    expect(loadScormPreview(storage, 'other')).toBeNull();
    expect([...storage.items.keys()]).toEqual([scormPreviewKey('phishing-scorm')]);
  });

  it('starts afresh from unreadable data, and when the browser refuses to store', () => {
    const storage = new MemoryStorage();
    storage.setItem(scormPreviewKey('a'), '{not json');
    expect(loadScormPreview(storage, 'a')).toBeNull();
    storage.setItem(scormPreviewKey('b'), '["a"]');
    expect(loadScormPreview(storage, 'b')).toBeNull();
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => saveScormPreview(refusing, 'a', { core: {} })).not.toThrow();
  });
});
