import type { ScormData } from '@vigil/player';

/**
 * Where a SCORM preview keeps what the package committed: the browser's storage, per subject (spec 3
 * §8), so a manager who comes back resumes the package. Nothing goes to the server.
 */
export interface PreviewStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const scormPreviewKey = (subjectId: string) => `vigil.scorm.${subjectId}`;

/** The data an earlier preview committed, or null when there is none or it cannot be read. */
export function loadScormPreview(storage: PreviewStorage, subjectId: string): ScormData | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(scormPreviewKey(subjectId)) ?? 'null');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as ScormData) : null;
  } catch {
    return null;
  }
}

/** Keeps a commit's data; a browser that refuses (private mode, full) simply keeps nothing. */
export function saveScormPreview(storage: PreviewStorage, subjectId: string, data: ScormData): void {
  try {
    storage.setItem(scormPreviewKey(subjectId), JSON.stringify(data));
  } catch {
    // The preview still runs; it just starts afresh next time.
  }
}
