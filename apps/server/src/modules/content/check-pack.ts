// Checks the default content pack: node --import tsx apps/server/src/modules/content/check-pack.ts
import { SUBJECT_TYPES } from '@vigil/shared';
import { answerCues, loadContentPack } from './content-pack.ts';

const { pack, problems } = loadContentPack();
const questions = pack.threatAreas.reduce((n, a) => n + a.questions.length, 0);
const behaviours = pack.threatAreas.reduce((n, a) => n + a.behaviours.length, 0);
console.log(
  JSON.stringify({
    categories: pack.categories.length,
    subjects: pack.subjects.length,
    decisionSubjects: pack.subjects.filter((s) => s.type === SUBJECT_TYPES.decision).length,
    threatAreas: pack.threatAreas.length,
    behaviours,
    questions,
    trainingTemplates: pack.trainingTemplates.length,
    assessmentTemplates: pack.assessmentTemplates.length,
    materials: pack.materials.length,
  }),
);
// How much the single-choice options give their best answer away, per language (the pack test's figures).
const oneDecimal = (_: string, v: unknown) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v);
for (const lang of pack.languages)
  console.log(JSON.stringify({ lang, ...answerCues(pack.threatAreas, lang) }, oneDecimal));
for (const p of problems) console.log(`problem: ${p}`);
process.exit(problems.length ? 1 : 0);
