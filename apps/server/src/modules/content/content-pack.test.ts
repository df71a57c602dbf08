import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUBJECT_TYPES } from '@vigil/shared';
import {
  answerCues,
  checkIntegrity,
  CONTENT_DIR,
  INTERACTIVE_MAX_COMPRESSED_BYTES,
  interactiveCompressedBytes,
  loadContentPack,
} from './content-pack.ts';
import { videoDuration } from './media-duration.ts';

describe('the default content pack', () => {
  const { pack, problems } = loadContentPack();

  it('loads with every reference resolved and every score consistent', () => {
    expect(problems).toEqual([]);
  });

  it('has the breadth the product promises', () => {
    const video = pack.subjects.filter((s) => s.type === SUBJECT_TYPES.video);
    const decision = pack.subjects.filter((s) => s.type === SUBJECT_TYPES.decision);
    const usedCategories = new Set(pack.subjects.map((s) => s.category));
    expect(video.length).toBeGreaterThanOrEqual(30);
    expect(decision.length).toBeGreaterThanOrEqual(3);
    expect(usedCategories.size).toBeGreaterThanOrEqual(8);
    expect(pack.subjects.every((s) => s.type === SUBJECT_TYPES.interactive || s.quiz.length >= 3)).toBe(true);
    expect(pack.threatAreas.length).toBeGreaterThanOrEqual(8);
    expect(pack.threatAreas.flatMap((a) => a.behaviours).length).toBeGreaterThanOrEqual(30);
    expect(pack.threatAreas.flatMap((a) => a.questions).length).toBeGreaterThanOrEqual(80);
    expect(pack.trainingTemplates.length).toBeGreaterThanOrEqual(6);
    expect(pack.assessmentTemplates.length).toBeGreaterThanOrEqual(4);
    expect(pack.materials.some((m) => m.kind === 'poster')).toBe(true);
    expect(pack.materials.some((m) => m.kind === 'sticker')).toBe(true);
  });

  it('has learner-facing texts in every language the pack names', () => {
    const missing = pack.subjects.flatMap((s) =>
      pack.languages
        .filter((l) => !s.title[l] || !s.description[l] || s.quiz.some((q) => !q.question[l]))
        .map((l) => `${s.id}:${l}`),
    );
    expect(missing).toEqual([]);
  });

  it('has interactive subjects in every threat area, so weak behaviours anywhere find one', () => {
    const interactive = pack.subjects.filter((s) => s.type === SUBJECT_TYPES.interactive);
    const perArea = new Map(pack.threatAreas.map((a) => [a.id, 0]));
    for (const s of interactive) {
      const area = s.interactive!.threatArea;
      perArea.set(area, (perArea.get(area) ?? 0) + 1);
    }
    expect(interactive.length).toBeGreaterThanOrEqual(20);
    expect([...perArea].filter(([, n]) => n < 2).map(([id]) => id)).toEqual([]);
    // Every key behaviour is trained by at least one, so an assessment's weakest behaviour always finds one.
    const trained = new Set(interactive.flatMap((s) => s.interactive!.behaviours));
    const untrained = pack.threatAreas
      .flatMap((a) => a.behaviours.map((b) => b.code))
      .filter((c) => !trained.has(c));
    expect(untrained).toEqual([]);
    // Each lasts 2–4 minutes and names fictional places only: .example domains in its addresses.
    const outside = interactive.flatMap((s) =>
      [
        ...JSON.stringify(s.interactive).matchAll(/[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|de)\b/gi),
      ].map((m) => `${s.id}: ${m[0]}`),
    );
    expect(interactive.filter((s) => s.duration < 120 || s.duration > 240).map((s) => s.id)).toEqual([]);
    expect(outside).toEqual([]);
  });

  it('lists in a scored SCORM quiz the questions its package asks, so its score counts each of them', () => {
    // The package's page holds its questions as data (what sco.js shows); the learner's score of the
    // package is written as that many of the subject's listed questions (recordScormScore).
    const asked = (entry: string) => {
      const page = readFileSync(path.join(CONTENT_DIR, 'media', entry), 'utf8');
      const data = /<script type="application\/json" id="questions">([\s\S]*?)<\/script>/.exec(page)?.[1];
      return JSON.parse(data ?? '[]') as { q: string; a: string[]; correct: number }[];
    };
    const quizzes = pack.subjects.filter((s) => s.type === SUBJECT_TYPES.scormQuiz);
    expect(quizzes.length).toBeGreaterThan(0);
    for (const s of quizzes) {
      const listed = s.quiz.map((q) => ({
        q: q.question.en,
        right: q.correct.en,
        answers: [q.correct.en, ...q.wrong.map((w) => w.en)].sort(),
      }));
      const package_ = asked(s.scorm!.entry).map((q) => ({
        q: q.q,
        right: q.a[q.correct],
        answers: [...q.a].sort(),
      }));
      expect(package_, s.id).toEqual(listed);
    }
  });

  it('covers every key behaviour with at least its green threshold of questions', () => {
    const short = pack.threatAreas.flatMap((a) =>
      a.behaviours
        .filter(
          (b) =>
            a.questions.filter((q) => q.behaviours.some((m) => m.code === b.code)).length < b.greenThreshold,
        )
        .map((b) => b.code),
    );
    expect(short).toEqual([]);
  });

  it('does not give the best answer of a single-choice action away by its length or its place', () => {
    // Within a tenth of the actions (5 of 52) of chance, in every language the pack names.
    const off: string[] = [];
    for (const lang of pack.languages) {
      const cues = answerCues(pack.threatAreas, lang);
      const margin = cues.actions / 10;
      if (cues.longest > cues.byChance + margin)
        off.push(`${lang}: best answer is the longest in ${cues.longest} of ${cues.actions}`);
      if (cues.shortest > cues.byChance + margin)
        off.push(`${lang}: best answer is the shortest in ${cues.shortest} of ${cues.actions}`);
      if (Math.abs(cues.longerThanOthers - cues.actions / 2) > margin)
        off.push(
          `${lang}: best answer is longer than the others in ${cues.longerThanOthers} of ${cues.actions}`,
        );
    }
    const { positions, actions } = answerCues(pack.threatAreas, 'en');
    positions.forEach((p, i) => {
      if (Math.abs(p.best - p.byChance) > actions / 10)
        off.push(
          `best answer is option ${i + 1} in ${p.best} of ${actions} (chance ${p.byChance.toFixed(1)})`,
        );
    });
    expect(off).toEqual([]);
  });

  it('gives every video subject a real video (≤ 1 MB) with captions in each narrated language', () => {
    const media = (file: string) => path.join(CONTENT_DIR, 'media', file);
    const missing: string[] = [];
    for (const s of pack.subjects.filter((x) => x.type === SUBJECT_TYPES.video)) {
      for (const lang of narrated(s)) {
        const video = media(`videos/${s.id}.${lang}.webm`);
        if (!existsSync(video)) missing.push(`${s.id}.${lang}.webm`);
        else if (statSync(video).size > 1_048_576) missing.push(`${s.id}.${lang}.webm is over 1 MB`);
        if (!existsSync(media(`videos/${s.id}.${lang}.vtt`))) missing.push(`${s.id}.${lang}.vtt`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has interactive subjects of every scene kind, each light enough for phones', () => {
    const interactive = pack.subjects.filter((s) => s.type === SUBJECT_TYPES.interactive);
    expect(interactive.length).toBeGreaterThanOrEqual(20);
    const kinds = new Set(interactive.flatMap((s) => s.interactive!.scenes.map((scene) => scene.kind)));
    expect([...kinds].sort()).toEqual(['browser', 'chat', 'desk', 'email', 'phone']);
    for (const s of interactive)
      expect(interactiveCompressedBytes(s, CONTENT_DIR), s.id).toBeLessThanOrEqual(
        INTERACTIVE_MAX_COMPRESSED_BYTES,
      );
  });

  it('refuses an interactive subject with an unreachable flag, a missing language or a foreign behaviour', () => {
    const example = structuredClone(pack.subjects.find((s) => s.id === 'interactive-invoice-inbox')!);
    const scene = example.interactive!.scenes[0]!;
    scene.flags[0]!.element = 'no-such-element';
    scene.flags[1]!.behaviour = 'PS-1';
    delete (scene.decision.question as Record<string, string>).de;
    delete (scene.hints[0] as Record<string, string>).es;
    const problems = checkIntegrity({ ...pack, subjects: [example] }, CONTENT_DIR);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('flag lookalike-sender is on missing element no-such-element'),
        expect.stringContaining('flag reply-to trains unlisted PS-1'),
        expect.stringContaining('has no de text'),
        expect.stringContaining('has no es text'),
      ]),
    );
  });

  it("lists each video's length as its media file gives it, and reads that length right", () => {
    const wrong: string[] = [];
    for (const s of pack.subjects.filter((x) => x.type === SUBJECT_TYPES.video)) {
      for (const lang of narrated(s)) {
        const file = path.join(CONTENT_DIR, 'media', 'videos', `${s.id}.${lang}`);
        const seconds = videoDuration(`${file}.webm`);
        if (seconds === null) {
          wrong.push(`${s.id}.${lang}.webm: no duration in its header`);
          continue;
        }
        // The captions' last cue ends 0.05 s before the video does (scripts/make-videos.mjs).
        const ends = [...readFileSync(`${file}.vtt`, 'utf8').matchAll(/--> (\d+):(\d+):(\d+\.\d+)/g)];
        const [, h, m, sec] = ends.at(-1) ?? [];
        const lastCue = Number(h) * 3600 + Number(m) * 60 + Number(sec);
        if (Math.abs(lastCue - seconds) > 0.5)
          wrong.push(`${s.id}.${lang}: video ${seconds.toFixed(1)} s, captions end at ${lastCue} s`);
        if (lang === 'en' && s.duration !== Math.round(seconds))
          wrong.push(`${s.id}: lists ${s.duration} s, its English video lasts ${Math.round(seconds)} s`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gives every video and interactive subject a light SVG illustration with alternative text in every pack language', () => {
    const illustrated: number[] = [SUBJECT_TYPES.video, SUBJECT_TYPES.interactive];
    const wrong: string[] = [];
    for (const s of pack.subjects.filter((x) => illustrated.includes(x.type))) {
      const file = path.join(CONTENT_DIR, 'media', 'thumbs', `${s.id}.svg`);
      if (!existsSync(file)) wrong.push(`${s.id}.svg is missing`);
      else {
        const svg = readFileSync(file, 'utf8');
        if (svg.length > 8_192) wrong.push(`${s.id}.svg is over 8 KB`);
        if (/<script|<image|<text|href=/i.test(svg))
          wrong.push(`${s.id}.svg has script, raster, text or links`);
      }
      const alt = pack.languages.filter((l) => !s.thumbAlt?.[l]);
      if (alt.length) wrong.push(`${s.id}: no alternative text in ${alt.join(', ')}`);
    }
    expect(wrong).toEqual([]);
  });
});

/** The languages all of a video subject's slides are narrated in: those it has a video in. */
function narrated(s: { slides?: { narration: Record<string, string> }[] }): string[] {
  return Object.keys(s.slides?.[0]?.narration ?? {}).filter((l) =>
    s.slides!.every((slide) => slide.narration[l]),
  );
}
