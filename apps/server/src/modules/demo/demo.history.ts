import { and, eq, sql } from 'drizzle-orm';
import { EVENT_CODES, SUBJECT_TYPES, TrainingSave, type TrainingTemplate } from '@vigil/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { trainingDeliveries } from '../../db/schema/index.ts';
import type { TenantContext } from '../../http/tenant.ts';
import { dispatch } from '../delivery/delivery.engine.ts';
import { recordProgress } from '../learner/learner.queries.ts';
import { subjectsByIds } from '../trainings/trainings.queries.ts';
import { saveTraining } from '../trainings/trainings.service.ts';

const DAY = 86_400_000;

/** A stable 0–99 for an employee and a subject, so that the demo looks the same on every start. */
export function roll(employeeId: string, salt: string): number {
  let h = 7;
  for (const ch of employeeId + salt) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % 100;
}

/** The demo's past is not mailed again: what the engine queued for it is recorded as sent then. */
async function markSent(db: Db, trainingId: string, at: Date) {
  await db
    .update(trainingDeliveries)
    .set({ status: 'sent', sentAt: at, attempts: 1 })
    .where(and(eq(trainingDeliveries.trainingId, trainingId), eq(trainingDeliveries.status, 'pending')));
}

/**
 * A program that has been running for nine days: two weekly deliveries out, the next ones to come,
 * and employees who watched, answered and finished — the living numbers a newcomer first sees.
 */
export async function loadDemoHistory(
  db: Db,
  tenant: TenantContext,
  template: z.infer<typeof TrainingTemplate>,
  lists: (string | undefined)[],
  now: Date,
) {
  const began = new Date(now.getTime() - 9 * DAY);
  const saved = await saveTraining(
    db,
    tenant,
    null,
    TrainingSave.parse({
      name: 'Data protection essentials',
      status: 'scheduled',
      templateId: template.id,
      subjects: template.subjects,
      userLists: lists.filter(Boolean),
      scheduleType: 0,
      date: new Date(began.getTime() + 60_000).toISOString(),
      frequency: 'W',
      subjectsPerInterval: 2,
      sendOptions: { channel: 1 },
      reminders_enabled: true,
      reminders_settings: { channel: 1, steps: [{ delay: 2, delayType: 3 }] },
      introMessageEnabled: true,
      introductoryData: {
        message: '<p>Two short lessons a week on handling the data our customers trust us with.</p>',
      },
    }),
    began,
  );
  const trainingId = saved.automation.id;
  const info = new Map((await subjectsByIds(db, template.subjects)).map((s) => [s.id, s]));
  const batches = [0, 7].map((d) => new Date(began.getTime() + 60_000 + d * DAY));
  for (const [index, at] of batches.entries()) {
    await dispatch(db, at);
    await markSent(db, trainingId, at);
    const subjects = template.subjects.slice(index * 2, index * 2 + 2);
    const recipients = await db.execute(
      sql`select distinct employee_id from ${trainingDeliveries} where training_id = ${trainingId}`,
    );
    for (const { employee_id: employeeId } of (recipients as unknown as { rows: { employee_id: string }[] })
      .rows) {
      for (const subjectId of subjects) {
        const s = info.get(subjectId);
        const r = roll(employeeId, subjectId);
        if (!s || r >= (index === 0 ? 82 : 55)) continue;
        const when = new Date(at.getTime() + ((r % 40) + 2) * 3_600_000);
        const base = {
          companyId: tenant.companyId,
          trainingId,
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
        await recordProgress(db, { ...base, code: EVENT_CODES.SUBJECT_OPEN }, when);
        if (r >= (index === 0 ? 70 : 45)) continue; // opened, not finished
        if (s.type === SUBJECT_TYPES.decision) {
          await recordProgress(db, { ...base, code: EVENT_CODES.LAST_DECISION, lastDecision: true }, when);
          continue;
        }
        await recordProgress(db, { ...base, code: EVENT_CODES.VIDEO_100, percent: 100 }, when);
        for (let q = 0; q < s.quizCount; q++) {
          const correct = roll(employeeId, `${subjectId}${q}`) < 78;
          const code = correct ? EVENT_CODES.ANSWARE_CORRECT : EVENT_CODES.ANSWARE_INCORRECT;
          await recordProgress(db, { ...base, code, item: q, answerBit: 1 << q, correct }, when);
        }
      }
    }
    const reminderAt = new Date(at.getTime() + 2 * DAY);
    if (reminderAt < now) {
      await dispatch(db, reminderAt);
      await markSent(db, trainingId, reminderAt);
    }
  }
  await dispatch(db, now);
}
