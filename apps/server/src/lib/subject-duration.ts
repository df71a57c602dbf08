import { SUBJECT_TYPES } from '@vigil/shared';
import type { SubjectMedia } from '../db/schema/index.ts';

/** The language whose video a reader in `lang` gets: theirs, else its base language, else English, else any. */
export function videoLanguage(media: SubjectMedia, lang: string): string | undefined {
  const langs = Object.keys(media);
  return [lang, lang.split('-')[0], 'en'].find((l) => l && langs.includes(l)) ?? langs[0];
}

/**
 * The seconds a subject lists for a reader in `lang`: the length of the video they get, as read from
 * the file at import; else the subject's own figure; none for a SCORM quiz, which has no playing time.
 */
export function listedSeconds(
  s: { type: number; duration: number; media: SubjectMedia },
  lang: string,
): number {
  if (s.type === SUBJECT_TYPES.scormQuiz) return 0;
  const videoLang = videoLanguage(s.media, lang);
  return (videoLang && s.media[videoLang]?.duration) || s.duration;
}
