import { existsSync, statSync } from 'node:fs';
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

  it('gives every video subject a real video (≤ 1 MB) with captions in each narrated language, and a thumbnail', () => {
    const media = (file: string) => path.join(CONTENT_DIR, 'media', file);
    const missing: string[] = [];
    for (const s of pack.subjects.filter((x) => x.type === SUBJECT_TYPES.video)) {
      const languages = Object.keys(s.slides?.[0]?.narration ?? {}).filter((l) =>
        s.slides!.every((slide) => slide.narration[l]),
      );
      for (const lang of languages) {
        const video = media(`videos/${s.id}.${lang}.webm`);
        if (!existsSync(video)) missing.push(`${s.id}.${lang}.webm`);
        else if (statSync(video).size > 1_048_576) missing.push(`${s.id}.${lang}.webm is over 1 MB`);
        if (!existsSync(media(`videos/${s.id}.${lang}.vtt`))) missing.push(`${s.id}.${lang}.vtt`);
      }
      if (!existsSync(media(`thumbs/${s.id}.jpg`))) missing.push(`${s.id}.jpg`);
    }
    expect(missing).toEqual([]);
  });

  it('has interactive subjects of every scene kind, each light enough for phones', () => {
    const interactive = pack.subjects.filter((s) => s.type === SUBJECT_TYPES.interactive);
    expect(interactive.length).toBeGreaterThanOrEqual(4);
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
    const problems = checkIntegrity({ ...pack, subjects: [example] }, CONTENT_DIR);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('flag lookalike-sender is on missing element no-such-element'),
        expect.stringContaining('flag reply-to trains unlisted PS-1'),
        expect.stringContaining('has no de text'),
      ]),
    );
  });
});
