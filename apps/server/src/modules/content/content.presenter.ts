import { SUBJECT_TYPES, localize, type SubjectDetail, type SubjectSummary } from '@vigil/shared';
import type { SubjectRow } from './content.queries.ts';

type Category = { id: string; name: Record<string, string> & { en: string } };

export function presentSubjectSummary(
  s: SubjectRow,
  category: Category,
  lang: string,
  disabled: boolean,
): SubjectSummary {
  const languages =
    Object.keys(s.media).length > 0 ? Object.keys(s.media).sort() : Object.keys(s.title).sort();
  return {
    id: s.id,
    subject_id: s.id,
    title: localize(s.title, lang),
    description: localize(s.description, lang),
    thumb: s.thumb,
    type: s.type,
    duration: s.type === SUBJECT_TYPES.scormQuiz ? 0 : s.duration,
    category: localize(category.name, lang),
    languages,
    disabled,
    availableForBeta: s.availableForBeta,
    questions_count: s.body.quiz?.length ?? 0,
  };
}

/** The language whose video is shown: the one asked for, else English, else any. */
function mediaLanguage(s: SubjectRow, lang: string): string | undefined {
  const langs = Object.keys(s.media);
  return [lang, lang.split('-')[0], 'en'].find((l) => l && langs.includes(l)) ?? langs[0];
}

export function presentSubjectDetail(
  s: SubjectRow,
  category: Category,
  lang: string,
  disabled: boolean,
  notes: SubjectDetail['notes'],
): SubjectDetail {
  const videoLang = mediaLanguage(s, lang);
  const media = videoLang ? s.media[videoLang] : undefined;
  const decisions = s.body.decisions ?? [];
  return {
    ...presentSubjectSummary(s, category, lang, disabled),
    language: videoLang ?? lang,
    video: media ? { url: media.video, captions: media.captions } : null,
    slides: (s.body.slides ?? []).map((slide) => ({
      title: localize(slide.title, lang),
      narration: localize(slide.narration, lang),
    })),
    questions: (s.body.quiz ?? []).map((q) => ({
      question: localize(q.question, lang),
      correct_answer: localize(q.correct, lang),
      wrong_answer1: localize(q.wrong[0], lang),
      wrong_answer2: localize(q.wrong[1], lang),
      wrong_answer3: localize(q.wrong[2], lang),
    })),
    content: localize(s.body.furtherReading, lang),
    numberOfDecisions: decisions.length,
    video_decisions:
      s.type === SUBJECT_TYPES.decision && s.body.startDecision
        ? {
            start: s.body.startDecision,
            correctPath: s.body.correctPath ?? [],
            decisions: decisions.map((d) => ({
              id: d.id,
              situation: localize(d.situation, lang),
              options: d.options.map((o) => ({
                label: localize(o.label, lang),
                next: o.next,
                correct: o.correct,
                feedback: localize(o.feedback, lang),
              })),
            })),
          }
        : null,
    notes,
  };
}
