import {
  SUBJECT_TYPES,
  localize,
  localizeInteractive,
  personalize,
  type MaterialItem,
  type PreviewBlock,
  type QuestionBlock,
  type QuestionSummary,
  type SubjectDetail,
  type SubjectSummary,
} from '@vigil/shared';
import { listedSeconds, videoLanguage } from '../../lib/subject-duration.ts';
import type { materials, questions, threatAreas } from '../../db/schema/index.ts';
import type { MediaSigner } from '../../lib/signed-media.ts';
import type { SubjectListRow, SubjectRow } from './content.queries.ts';

type Category = { id: string; name: Record<string, string> & { en: string } };

export function presentSubjectSummary(
  s: SubjectListRow,
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
    thumbAlt: localize(s.thumbAlt ?? undefined, lang),
    type: s.type,
    duration: listedSeconds(s, lang),
    category: localize(category.name, lang),
    languages,
    disabled,
    availableForBeta: s.availableForBeta,
    questions_count: s.quizCount,
  };
}

export function presentSubjectDetail(
  s: SubjectRow,
  category: Category,
  lang: string,
  disabled: boolean,
  notes: SubjectDetail['notes'],
  /** Paid media (videos, captions) is answered as short-lived signed URLs (lib/signed-media.ts). */
  signer: MediaSigner,
): SubjectDetail {
  const videoLang = videoLanguage(s.media, lang);
  const media = videoLang ? s.media[videoLang] : undefined;
  const decisions = s.body.decisions ?? [];
  return {
    ...presentSubjectSummary(
      { ...s, quizCount: s.body.quiz?.length ?? 0, thumbAlt: s.body.thumbAlt ?? null },
      category,
      lang,
      disabled,
    ),
    language: videoLang ?? lang,
    video: media
      ? { url: signer.sign(media.video), captions: media.captions ? signer.sign(media.captions) : null }
      : null,
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
    scorm: s.body.scorm ? { url: `/media/${s.body.scorm.entry}` } : null,
    interactive: s.body.interactive ? localizeInteractive(s.body.interactive, lang) : null,
  };
}

type QuestionRow = Omit<typeof questions.$inferSelect, 'blocks' | 'retiredAt'> & { blockTypes: string[] };
type AreaRow = typeof threatAreas.$inferSelect;

export function presentQuestionSummary(
  q: QuestionRow,
  area: AreaRow,
  lang: string,
  disabled: boolean,
): QuestionSummary {
  const names = new Map(area.behaviours.map((b) => [b.code, localize(b.name, lang)]));
  return {
    id: q.id,
    number: q.number,
    name: localize(q.name, lang),
    area: area.id,
    areaName: localize(area.name, lang),
    difficulty: q.difficulty,
    duration: q.duration,
    adminDescription: q.adminDescription,
    behaviours: q.behaviours.map((b) => ({ code: b.code, name: names.get(b.code) ?? b.code, max: b.max })),
    key_behaviour_count: q.behaviours.length,
    component_names: q.blockTypes,
    languages: q.languages,
    disabled,
  };
}

type Keys = Parameters<typeof personalize>[1];

/** The blocks in one language with the company's personalised keys filled in. */
export function presentBlocks(blocks: QuestionBlock[], lang: string, keys: Keys): PreviewBlock[] {
  const t = (text: Parameters<typeof localize>[0]) => personalize(localize(text, lang), keys);
  return blocks.map((b): PreviewBlock => {
    switch (b.type) {
      case 'scenario':
        return { type: 'scenario', text: t(b.text) };
      case 'image':
        return { type: 'image', src: `/media/${b.src}`, alt: t(b.alt) };
      case 'multiple-choice':
        return {
          ...b,
          question: t(b.question),
          options: b.options.map((o) => ({ label: t(o.label), scores: o.scores })),
        };
      case 'yes-no-list':
        return {
          ...b,
          question: t(b.question),
          items: b.items.map((i) => ({ text: t(i.text), yes: i.yes, no: i.no })),
        };
    }
  });
}

export function presentMaterial(m: typeof materials.$inferSelect, lang: string): MaterialItem {
  const files = Object.fromEntries(Object.entries(m.data.files).map(([l, f]) => [l, `/media/${f}`]));
  return {
    id: m.id,
    kind: m.kind,
    title: localize(m.data.title, lang),
    description: localize(m.data.description, lang),
    image: `/media/${m.data.image}`,
    languages: Object.keys(m.data.files).sort(),
    files,
    tags: m.data.tags,
  };
}
