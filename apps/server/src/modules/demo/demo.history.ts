import { and, asc, eq } from 'drizzle-orm';
import {
  EVENT_TYPES,
  EVENT_CODES,
  SUBJECT_TYPES,
  TRAINING_END_DAYS,
  TrainingSave,
  type Interval,
  type TrainingTemplate,
} from '@vigil/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { trainingDeliveries, trainingEvents } from '../../db/schema/index.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { dispatch } from '../trainings/trainings.delivery.ts';
import { recordProgressBatch, type ProgressChange } from '../learner/learner.service.ts';
import { saveTraining, subjectsByIds } from '../trainings/trainings.service.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A stable 0–99 for an employee and a subject, so that the demo looks the same on every start. */
export function roll(employeeId: string, salt: string): number {
  let h = 7;
  for (const ch of employeeId + salt) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % 100;
}

/** A program of the demo company, made as a manager would have made it on the day it began. */
export interface DemoTraining {
  name: string;
  template: z.infer<typeof TrainingTemplate>;
  /** The template's subjects the program delivers, in its order; all of them when absent. */
  subjects?: string[];
  lists: string[];
  /** When the manager saved it; the first batch goes out a minute later. */
  began: Date;
  /** How the batches follow each other, and how many subjects each one brings. */
  batches: { frequency: Interval; subjectsPerInterval: number };
  intro: string;
  /** Of 100 employees, who take part at all; of 100 lessons they get, the ones they open and finish. */
  rates: { takingPart: number; opened: number; finished: number };
}

/** One employee taking one lesson in one sitting: the learner events it sends, in order. */
interface Sitting {
  at: Date;
  changes: ProgressChange[];
}

/** The demo's past is not mailed again: what the engine queued for it is recorded as sent then. */
async function markSent(db: Db, trainingId: string, at: Date) {
  await db
    .update(trainingDeliveries)
    .set({ status: 'sent', sentAt: at, attempts: 1 })
    .where(and(eq(trainingDeliveries.trainingId, trainingId), eq(trainingDeliveries.status, 'pending')));
}

/**
 * Records the sittings, each event through the learner app's own statement. The events of one
 * sitting must go in separate calls, in order, so they go round by round: every sitting's first
 * event, then every second one, and so on.
 */
async function recordSittings(db: Db, sittings: Sitting[]) {
  const rounds = Math.max(0, ...sittings.map((s) => s.changes.length));
  for (let round = 0; round < rounds; round++) {
    const batch = sittings.flatMap((s) => {
      const change = s.changes[round];
      return change ? [{ change, now: s.at }] : [];
    });
    await recordProgressBatch(db, batch);
  }
}

type SubjectInfo = Awaited<ReturnType<typeof subjectsByIds>>[number];

/**
 * How the employees a batch reached take its lessons. Most take them within two days, the others
 * after the reminder or not at all; their quiz skill is their own, so the scores spread.
 */
async function sittingsOfBatch(
  db: Db,
  run: DemoTraining,
  base: { companyId: string; trainingId: string },
  batch: { id: string; position: number; sendAt: Date; subjectIds: string[] },
  info: Map<string, SubjectInfo>,
): Promise<Sitting[]> {
  const recipients = await db
    .selectDistinct({ employeeId: trainingDeliveries.employeeId })
    .from(trainingDeliveries)
    .where(eq(trainingDeliveries.eventId, batch.id));
  const { takingPart, opened, finished } = run.rates;
  return recipients.flatMap(({ employeeId }) => {
    if (roll(employeeId, run.name) >= takingPart) return [];
    const skill = 55 + (roll(employeeId, 'quiz skill') % 40);
    // One sitting per batch: half within a day, two in three before the reminder, all within a week.
    const t = roll(employeeId, `${run.name}/${batch.position}/when`) / 100;
    const at = new Date(batch.sendAt.getTime() + HOUR + t ** 3 * 7 * DAY);
    return batch.subjectIds.flatMap((subjectId) => {
      const s = info.get(subjectId);
      const r = roll(employeeId, `${run.name}/${subjectId}`);
      if (!s || r >= opened) return [];
      const lesson = {
        ...base,
        employeeId,
        subjectId,
        item: null,
        percent: 0,
        answerBit: 0,
        correct: false,
        lastDecision: false,
        type: s.type,
        questions: s.quizCount,
      };
      const changes: ProgressChange[] = [{ ...lesson, code: EVENT_CODES.SUBJECT_OPEN }];
      if (r < finished) {
        if (s.type === SUBJECT_TYPES.decision) {
          changes.push({ ...lesson, code: EVENT_CODES.LAST_DECISION, lastDecision: true });
        } else {
          changes.push({ ...lesson, code: EVENT_CODES.VIDEO_100, percent: 100 });
          for (let q = 0; q < s.quizCount; q++) {
            const correct = roll(employeeId, `${subjectId}/${q}`) < skill;
            const code = correct ? EVENT_CODES.ANSWARE_CORRECT : EVENT_CODES.ANSWARE_INCORRECT;
            changes.push({ ...lesson, code, item: q, answerBit: 1 << q, correct });
          }
        }
      }
      return [{ at, changes }];
    });
  });
}

/**
 * Plays a program from the day it was saved until `now`, through the real engine: each batch and
 * reminder is dispatched at its time and recorded as sent, the employees take their lessons in
 * between (so a reminder reaches only those who had not finished), and a program whose last batch is
 * old enough is completed by the engine's own rule. Returns the program's id.
 */
export async function runDemoTraining(db: Db, tenant: TenantContext, run: DemoTraining, now: Date) {
  const subjects = run.subjects ?? run.template.subjects;
  const saved = await saveTraining(
    db,
    tenant,
    null,
    TrainingSave.parse({
      name: run.name,
      status: 'scheduled',
      templateId: run.template.id,
      templateCustomized: subjects.length !== run.template.subjects.length,
      subjects,
      userLists: run.lists,
      scheduleType: 0,
      date: new Date(run.began.getTime() + 60_000).toISOString(),
      frequency: run.batches.frequency,
      subjectsPerInterval: run.batches.subjectsPerInterval,
      sendOptions: { channel: 1 },
      reminders_enabled: true,
      reminders_settings: { channel: 1, steps: [{ delay: 2, delayType: 3 }] },
      introMessageEnabled: true,
      introductoryData: { message: run.intro },
    }),
    run.began,
  );
  const trainingId = saved.automation.id;
  const base = { companyId: tenant.companyId, trainingId };
  const info = new Map((await subjectsByIds(db, subjects)).map((s) => [s.id, s]));
  const events = await db
    .select()
    .from(trainingEvents)
    .where(eq(trainingEvents.trainingId, trainingId))
    .orderBy(asc(trainingEvents.sendAt), asc(trainingEvents.type));
  const lastBatch = Math.max(
    ...events.filter((e) => e.type === EVENT_TYPES.schedule).map((e) => e.sendAt.getTime()),
  );
  const ends = new Date(lastBatch + TRAINING_END_DAYS * DAY + HOUR);

  let waiting: Sitting[] = [];
  const takeLessonsUntil = async (at: Date) => {
    await recordSittings(
      db,
      waiting.filter((s) => s.at < at),
    );
    waiting = waiting.filter((s) => s.at >= at);
  };
  for (const event of events.filter((e) => e.sendAt <= now)) {
    await takeLessonsUntil(event.sendAt);
    await dispatch(db, event.sendAt);
    await markSent(db, trainingId, event.sendAt);
    if (event.type === EVENT_TYPES.schedule)
      waiting.push(...(await sittingsOfBatch(db, run, base, event, info)));
  }
  if (ends < now) {
    await takeLessonsUntil(ends);
    await dispatch(db, ends);
  }
  await takeLessonsUntil(now);
  await dispatch(db, now);
  return trainingId;
}
