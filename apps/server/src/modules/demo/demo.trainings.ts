import { managerScope } from '../../http/tenant.ts';
import { ROLES, TrainingSave, type AssessmentTemplate, type TrainingTemplate } from '@vigil/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { activeTemplates } from '../content/content.service.ts';
import { listsOfCompany } from '../employees/employees.service.ts';
import { saveTraining } from '../trainings/trainings.service.ts';
import { loadDemoAssessments } from './demo.assessments.ts';
import { runDemoTraining } from './demo.history.ts';

const DAY = 86_400_000;

/** 09:00 UTC on the Monday after `now`. */
function nextMondayMorning(now: Date): Date {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 9));
  const days = (8 - date.getUTCDay()) % 7 || 7;
  date.setUTCDate(date.getUTCDate() + days);
  return date;
}

/**
 * The demo company's programs, made through the same service a manager's wizard uses: a scheduled
 * phishing campaign for two lists and an onboarding draft, a program finished months ago and one
 * running now, both with their history, and two assessments (a finished baseline and a running
 * check) with answers.
 */
export async function loadDemoTrainings(db: Db, companyId: string, adminId: string, now = new Date()) {
  const tenant = managerScope(companyId, adminId, ROLES.admin, [], 'membership');
  const lists = new Map((await listsOfCompany(db, tenant)).map((l) => [l.name, l.id]));
  const listIds = (...names: string[]) => names.flatMap((name) => lists.get(name) ?? []);
  const templates = new Map(
    (await activeTemplates(db, 'training')).map((t) => [t.id, t.data as z.infer<typeof TrainingTemplate>]),
  );
  const fromTemplate = (templateId: string) => {
    const template = templates.get(templateId);
    if (!template) throw new Error(`The content pack has no training template ${templateId}`);
    return template;
  };

  const phishing = fromTemplate('phishing-defence');
  await saveTraining(
    db,
    tenant,
    null,
    TrainingSave.parse({
      name: 'Phishing defence — winter campaign',
      status: 'scheduled',
      templateId: phishing.id,
      subjects: phishing.subjects,
      userLists: listIds('Finance', 'Customer Service'),
      scheduleType: 0,
      date: nextMondayMorning(now).toISOString(),
      frequency: phishing.frequency.interval,
      subjectsPerInterval: phishing.frequency.subjectsPerInterval,
      sendOptions: { channel: 1 },
      reminders_enabled: true,
      reminders_settings: { channel: 1, steps: [{ delay: 2, delayType: 3 }] },
      introMessageEnabled: true,
      introductoryData: {
        message:
          '<p>Hi team,</p><p>Most attacks on companies like ours start with an email. Over the next weeks you will get a few <strong>short videos</strong> on spotting and reporting phishing — five minutes each.</p><p>Thank you for helping keep Harbor Logistics safe.</p>',
      },
    }),
    now,
  );

  const onboarding = fromTemplate('new-joiner-onboarding');
  await saveTraining(
    db,
    tenant,
    null,
    TrainingSave.parse({
      name: 'New joiner onboarding — warehouse',
      status: 'draft',
      templateId: onboarding.id,
      subjects: onboarding.subjects,
      userLists: listIds('Warehouse North'),
      scheduleType: 0,
      date: null,
      frequency: onboarding.frequency.interval,
      subjectsPerInterval: onboarding.frequency.subjectsPerInterval,
      sendOptions: { channel: 1 },
      reminders_enabled: true,
      reminders_settings: { channel: 1, steps: [{ delay: 1, delayType: 3 }] },
      introMessageEnabled: false,
      introductoryData: { message: '' },
    }),
    now,
  );

  const basics = fromTemplate('security-basics');
  await runDemoTraining(
    db,
    tenant,
    {
      name: 'Security basics — company rollout',
      template: basics,
      // The template's first ten subjects, two every other week: the essentials over two months.
      subjects: basics.subjects.slice(0, 10),
      lists: listIds('Finance', 'IT & Security', 'Warehouse North', 'Customer Service'),
      began: new Date(now.getTime() - 150 * DAY),
      batches: { frequency: 'B', subjectsPerInterval: 2 },
      intro:
        '<p>Every other week, two short lessons on the habits that stop most attacks: spotting phishing, strong sign-ins and reporting early.</p>',
      rates: { takingPart: 95, opened: 96, finished: 89 },
    },
    now,
  );
  await runDemoTraining(
    db,
    tenant,
    {
      name: 'Data protection essentials',
      template: fromTemplate('data-protection-essentials'),
      lists: listIds('IT & Security', 'Warehouse North'),
      began: new Date(now.getTime() - 9 * DAY),
      batches: { frequency: 'W', subjectsPerInterval: 2 },
      intro: '<p>Two short lessons a week on handling the data our customers trust us with.</p>',
      rates: { takingPart: 90, opened: 90, finished: 78 },
    },
    now,
  );
  const assessmentTemplates = new Map(
    (await activeTemplates(db, 'assessment')).map((t) => [
      t.id,
      t.data as z.infer<typeof AssessmentTemplate>,
    ]),
  );
  await loadDemoAssessments(db, tenant, assessmentTemplates, lists, now);
}
