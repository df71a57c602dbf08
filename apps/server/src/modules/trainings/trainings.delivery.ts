import { inArray, sql } from 'drizzle-orm';
import { CHANNELS, learnerLink, localize, mailLanguage } from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { trainingDeliveries, trainingEvents, trainings } from '../../db/schema/index.ts';
import { companyMailText } from '../../mail/templates/company-texts.ts';
import { companyChatText } from '../../mail/templates/chat-content.ts';
import { trainingDeliveryMail } from '../../mail/templates/training-delivery-mail.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { brandOf, companyById, settingsOf } from '../companies/companies.service.ts';
import { subjectsByIds } from './trainings.queries.ts';
import { htmlToText } from '../../lib/html.ts';
import {
  activateStartedTrainings,
  catchUpLateJoiners,
  closeFinishedEvents,
  fanOutBatch,
  fanOutReminder,
  refreshDeliveryStatistics,
  startDueEvents,
  unfinishedSubjects,
} from './trainings.delivery.queries.ts';
import { insertLearnerTokensAcrossCompanies } from '../campaigns/campaigns.service.ts';
import type { CampaignKind } from '../campaigns/campaigns.kind.ts';
import { DELIVERY, sendDueFrom, type DeliveryMail, type DeliverySource } from '../delivery/delivery.send.ts';
import { claimDue, type ClaimedRow } from '../delivery/delivery.send.ts';

export { DELIVERY };

/**
 * One dispatch tick: starts due deliveries (writing their rows, one per employee and channel, in the
 * same transaction that marks them started), gives late joiners what they missed, and moves events
 * and programs forward. Safe to run in several processes at once.
 */
export async function dispatch(db: Db, now = new Date()): Promise<number> {
  let started = 0;
  let written = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const events = await startDueEvents(tx, now, DELIVERY.eventsPerDispatch);
      for (const e of events) {
        if (e.type === 1) written += await fanOutBatch(tx, e.id, now);
        else if (!e.manual) await fanOutReminder(tx, e.id);
      }
      return events.length;
    });
    started += batch;
    if (batch < DELIVERY.eventsPerDispatch) break;
  }
  if (written >= DELIVERY.analyzeAfter) await refreshDeliveryStatistics(db);
  await activateStartedTrainings(db, now);
  await catchUpLateJoiners(db, now);
  await closeFinishedEvents(db, now);
  return started;
}

/** A claimed training delivery: the program, and the subjects its batch delivers. */
export interface ClaimedDelivery extends ClaimedRow {
  training_id: string;
  subject_ids: string[];
}

/**
 * Training deliveries as a source of the send loop: an employee's deliveries of one program and kind
 * make one mail (a late joiner's batches are merged).
 */
function trainingSource(): DeliverySource<ClaimedDelivery> {
  const tables = { deliveries: trainingDeliveries, events: trainingEvents };
  const companies: CompanyCache = new Map();
  return {
    tables,
    claim: (db, now, leaseMs, limit) =>
      claimDue<ClaimedDelivery>(db, tables, now, leaseMs, limit, sql`, e.subject_ids`),
    groupKey: (row) => `${row.training_id}/${row.employee_id}/${row.channel}/${row.type}`,
    render: (ctx, groups) => renderGroups(ctx, companies, groups),
  };
}

/**
 * Sends the training mails that are due, chunk by chunk, until nothing is left. Returns the mails sent.
 */
export function sendDue(ctx: AppContext, now: () => Date = () => new Date()): Promise<number> {
  return sendDueFrom(ctx, trainingSource(), now);
}

/** Training programs as a campaign kind: batches and reminders of subjects, one mail per employee. */
export const trainingKind: CampaignKind = {
  name: 'training',
  queues: { dispatch: 'deliveries.dispatch', send: 'deliveries.send' },
  tables: { deliveries: trainingDeliveries, events: trainingEvents },
  dispatchAcrossCompanies: (db, now) => dispatch(db, now),
  source: () => trainingSource() as DeliverySource<ClaimedRow>,
};

type CompanyCache = Map<string, Awaited<ReturnType<typeof companyById>>>;

/**
 * The mail of each group, with a fresh personal link per mail whose token is stored only as its hash:
 * undefined for a channel with no sender yet, null for a reminder with nothing left to finish.
 */
async function renderGroups(
  ctx: AppContext,
  companies: CompanyCache,
  groups: ClaimedDelivery[][],
): Promise<(DeliveryMail | undefined | null)[]> {
  const trainingIds = [...new Set(groups.map((g) => g[0]!.training_id))];
  const programRows = await ctx.db.select().from(trainings).where(inArray(trainings.id, trainingIds));
  const programs = new Map(programRows.map((t) => [t.id, t]));
  for (const t of programRows) {
    if (!companies.has(t.companyId)) companies.set(t.companyId, await companyById(ctx.db, t.companyId));
  }
  const reminderPairs = groups
    .filter((g) => g[0]!.type === 2)
    .map((g) => ({ trainingId: g[0]!.training_id, employeeId: g[0]!.employee_id }));
  const unfinished = new Map(
    (await unfinishedSubjects(ctx.db, reminderPairs)).map((u) => [
      `${u.training_id}/${u.employee_id}`,
      u.subject_ids,
    ]),
  );
  const subjectIds = new Set<string>();
  for (const t of programRows) t.subjectIds.forEach((id) => subjectIds.add(id));
  const subjects = new Map((await subjectsByIds(ctx.db, [...subjectIds])).map((s) => [s.id, s]));

  const tokens: { tokenHash: string; employeeId: string; companyId: string }[] = [];
  const rendered = groups.map((rows) => {
    const first = rows[0]!;
    const kind = first.type === 1 ? 'batch' : 'reminder';
    const program = programs.get(first.training_id);
    const record = program ? companies.get(program.companyId) : undefined;
    if (!program || !record) return undefined;
    const lang = record.company.defaultLanguage;
    const ids =
      kind === 'batch'
        ? rows.flatMap((r) => r.subject_ids)
        : (unfinished.get(`${first.training_id}/${first.employee_id}`) ?? []);
    const ordered = program.subjectIds.filter((id) => ids.includes(id));
    if (ordered.length === 0) return null;
    const token = newToken();
    tokens.push({ tokenHash: hashToken(token), employeeId: first.employee_id, companyId: program.companyId });
    const link = learnerLink(ctx.config.learnerUrl, token);
    const settings = settingsOf(record.company);
    const language = mailLanguage(first.language, lang);
    const values = {
      employee_name: first.name,
      company: record.company.name,
      program: program.name,
      due_date: '',
    };
    const [header, footer] =
      kind === 'batch'
        ? (['trainingHeader', 'trainingFooter'] as const)
        : (['reminderHeader', 'reminderFooter'] as const);
    const withIntro = kind === 'batch' && program.introEnabled && rows.some((r) => r.position === 0);
    const onChat = first.channel !== CHANNELS.email;
    const { chat, ...mail } = trainingDeliveryMail({
      brand: brandOf(ctx.config, record.company),
      language,
      kind,
      trainingName: program.name,
      employeeName: first.name,
      link,
      subjects: ordered.map((id) => {
        const s = subjects.get(id);
        return { title: s ? localize(s.title, language) : id, duration: s?.duration ?? 60 };
      }),
      intro: withIntro ? { html: program.introMessage, text: htmlToText(program.introMessage) } : null,
      header: companyMailText(settings, header, language, values),
      footer: companyMailText(settings, footer, language, values),
      ...(onChat && {
        chat: {
          header: companyChatText(settings, header, language, values),
          footer: companyChatText(settings, footer, language, values),
          opening: kind === 'batch' && rows.some((r) => r.position === 0),
        },
      }),
    });
    return {
      kind: kind === 'batch' ? 'training' : 'training-reminder',
      companyId: program.companyId,
      to: first.email,
      ...mail,
      secrets: [token, encodeURIComponent(token)],
      messageId: `<delivery-${first.id}-${first.round}@${new URL(ctx.config.publicUrl).hostname}>`,
      ...(onChat && { chat }),
    };
  });
  await insertLearnerTokensAcrossCompanies(ctx.db, tokens);
  return rendered;
}
