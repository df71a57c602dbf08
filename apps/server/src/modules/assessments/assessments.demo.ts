import {
  isUuid,
  localize,
  SUBJECT_TYPES,
  totalSeconds,
  type LearnerDemoAssessment,
  type LearnerSubject,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { MediaSigner } from '../../lib/signed-media.ts';
import { NotFound } from '../../http/errors.ts';
import { brandOf, companyById } from '../companies/companies.service.ts';
import { presentBlocks, presentSubjectDetail } from '../content/content.presenter.ts';
import { activeSubjects, activeTemplates, subjectById } from '../content/content.service.ts';
import { presentLearnerSubject, presentProgress } from '../campaigns/campaigns.presenter.ts';
import { questionsByIds } from './assessments.queries.ts';

/** The template the demo takes its questions from, and how many. */
const DEMO_TEMPLATE = 'quick-pulse';
const DEMO_QUESTIONS = 5;
const DEMO_DOMAIN = 'example.com';

/** The company behind a demo link; its uid is the company's id. */
async function demoCompany(db: Db, companyUid: string) {
  const record = isUuid(companyUid) ? await companyById(db, companyUid) : undefined;
  if (!record) throw NotFound('Company not found.');
  return record.company;
}

/**
 * The "try demo" assessment: the first questions of the quick pulse template personalised with the
 * company's name, scores included so the learner app can score it itself. Nothing is stored.
 */
export async function demoAssessment(ctx: AppContext, companyUid: string): Promise<LearnerDemoAssessment> {
  const { db } = ctx;
  const company = await demoCompany(db, companyUid);
  const lang = company.defaultLanguage;
  const templates = await activeTemplates(db, 'assessment');
  const template = templates.find((t) => t.id === DEMO_TEMPLATE) ?? templates[0];
  const ids =
    template && 'questions' in template.data ? template.data.questions.slice(0, DEMO_QUESTIONS) : [];
  const rows = new Map((await questionsByIds(db, ids)).map((r) => [r.question.id, r]));
  const keys = { companyName: company.name, companyDomain: DEMO_DOMAIN, emailHR: `hr@${DEMO_DOMAIN}` };
  return {
    brand: brandOf(ctx.config, company),
    name: template ? localize(template.data.name, lang) : 'Demo',
    language: lang,
    duration: totalSeconds(ids.flatMap((id) => rows.get(id)?.question ?? [])),
    questions: ids.flatMap((id) => {
      const row = rows.get(id);
      if (!row) return [];
      const language = row.question.languages.includes(lang) ? lang : 'en';
      return [
        {
          id,
          name: localize(row.question.name, language),
          area: localize(row.area.name, language),
          behaviours: row.question.behaviours,
          blocks: presentBlocks(row.question.blocks, language, keys),
        },
      ];
    }),
  };
}

/** The "try demo" lesson: one video subject open to trial accounts, as the player takes it. Nothing is stored. */
export async function demoTraining(db: Db, companyUid: string, signer: MediaSigner): Promise<LearnerSubject> {
  const company = await demoCompany(db, companyUid);
  const pick = (await activeSubjects(db)).find(
    (r) => r.subject.type === SUBJECT_TYPES.video && r.subject.availableForBeta,
  );
  const row = pick ? await subjectById(db, pick.subject.id) : undefined;
  if (!row) throw NotFound('No demo lesson is available.');
  const detail = presentSubjectDetail(row.subject, row.category, company.defaultLanguage, false, [], signer);
  return presentLearnerSubject(
    detail,
    { subjectId: row.subject.id, trainingId: 'demo' },
    presentProgress(undefined, detail.questions.length),
    false,
  );
}
