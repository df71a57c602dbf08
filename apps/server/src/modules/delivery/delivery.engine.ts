import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { backoffDelay, CHANNELS, learnerLink, localize } from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { mails, trainings } from '../../db/schema/index.ts';
import { mailLogRow, type MailToSend } from '../../mail/mail.service.ts';
import { isPermanentFailure } from '../../mail/transport.ts';
import { trainingDeliveryMail } from '../../mail/templates/training-delivery-mail.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { companyById } from '../companies/companies.queries.ts';
import { subjectsByIds } from '../trainings/trainings.queries.ts';
import { htmlToText, sanitizeIntro } from '../trainings/trainings.service.ts';
import {
  activateStartedTrainings,
  catchUpLateJoiners,
  claimDeliveries,
  closeFinishedEvents,
  fanOutBatch,
  fanOutReminder,
  insertLearnerTokens,
  recordOutcomes,
  refreshDeliveryStatistics,
  startDueEvents,
  unfinishedSubjects,
  type ClaimedDelivery,
  type DeliveryOutcome,
} from './delivery.queries.ts';

/** Tuning of the engine; tests shorten the lease and the chunk. */
export const DELIVERY = {
  /** Deliveries claimed per statement. */
  chunk: 100,
  /** Mails in flight at once per sender (the SMTP pool has a few connections). */
  concurrency: 16,
  /** A claim not settled within this time is taken again: its sender has died. */
  leaseMs: 5 * 60_000,
  /** Sends tried per delivery before it is marked failed. */
  maxAttempts: 6,
  /** First retry after about this long, growing exponentially. */
  retryBaseMs: 30_000,
  /** Due events started per dispatch. */
  eventsPerDispatch: 50,
  /** Fan-outs writing at least this many rows refresh the planner's statistics. */
  analyzeAfter: 5_000,
};

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

interface SendContext {
  ctx: AppContext;
  now: Date;
  companies: Map<string, Awaited<ReturnType<typeof companyById>>>;
}

/** One mail: an employee's deliveries of one program and kind, merged (a late joiner's batches). */
interface MailGroup {
  rows: ClaimedDelivery[];
  kind: 'batch' | 'reminder';
}

function groupsOf(rows: ClaimedDelivery[]): MailGroup[] {
  const groups = new Map<string, MailGroup>();
  for (const row of rows) {
    const kind = row.type === 1 ? 'batch' : 'reminder';
    const key = `${row.training_id}/${row.employee_id}/${row.channel}/${kind}`;
    const group = groups.get(key) ?? { rows: [], kind };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * Sends what is due, chunk by chunk, until nothing is left. Each chunk is claimed with a lease, sent,
 * and settled in one statement; memory holds one chunk at a time. Returns the mails sent.
 */
export async function sendDue(ctx: AppContext, now: () => Date = () => new Date()): Promise<number> {
  let sent = 0;
  const sc: SendContext = { ctx, now: now(), companies: new Map() };
  for (;;) {
    sc.now = now();
    const claimed = await claimDeliveries(ctx.db, sc.now, DELIVERY.leaseMs, DELIVERY.chunk);
    if (claimed.length === 0) break;
    sent += await sendChunk(sc, claimed);
  }
  return sent;
}

/**
 * Sends a claimed chunk. Each mail's outcome is recorded as soon as the SMTP server has answered, so
 * that a crash leaves in doubt only the mails in flight at that moment (re-sent with the same
 * Message-ID once the lease runs out).
 */
async function sendChunk(sc: SendContext, claimed: ClaimedDelivery[]): Promise<number> {
  const { ctx } = sc;
  const { exhausted, live } = splitExhausted(claimed);
  await recordOutcomes(
    ctx.db,
    exhausted.map((r) => ({
      id: r.id,
      status: 'failed',
      mailId: null,
      error: 'Gave up after repeated failures',
      dueAt: null,
    })),
    sc.now,
  );
  const groups = groupsOf(live);
  const rendered = await renderGroups(sc, groups);
  let sent = 0;
  await eachLimited(groups, DELIVERY.concurrency, async (group, i) => {
    const mail = rendered[i];
    if (mail === undefined) {
      await recordOutcomes(
        ctx.db,
        settle(group, { status: 'failed', error: 'This channel is not connected' }),
        sc.now,
      );
      return;
    }
    if (mail === null) {
      await recordOutcomes(ctx.db, settle(group, { status: 'skipped' }), sc.now);
      return;
    }
    let outcomes: DeliveryOutcome[];
    try {
      const { messageId } = await ctx.mailer.send(mail);
      const mailId = randomUUID();
      await ctx.db
        .insert(mails)
        .values({ id: mailId, ...mailLogRow(ctx, mail, messageId ?? mail.messageId) });
      outcomes = settle(group, { status: 'sent', mailId });
      sent++;
    } catch (err) {
      outcomes = failureOf(group, err, sc.now);
    }
    await recordOutcomes(ctx.db, outcomes, sc.now);
  });
  return sent;
}

function splitExhausted(rows: ClaimedDelivery[]) {
  const exhausted = rows.filter((r) => r.attempts > DELIVERY.maxAttempts);
  const live = rows.filter((r) => r.attempts <= DELIVERY.maxAttempts);
  return { exhausted, live };
}

function settle(
  group: MailGroup,
  o: { status: DeliveryOutcome['status']; mailId?: string; error?: string; dueAt?: Date },
): DeliveryOutcome[] {
  return group.rows.map((r) => ({
    id: r.id,
    status: o.status,
    mailId: o.mailId ?? null,
    error: o.error ?? null,
    dueAt: o.dueAt ?? null,
  }));
}

/** A 5xx refusal bounces; anything else is retried with back-off until the attempts run out. */
function failureOf(group: MailGroup, err: unknown, now: Date): DeliveryOutcome[] {
  const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  if (isPermanentFailure(err)) return settle(group, { status: 'bounced', error: message });
  const attempts = Math.max(...group.rows.map((r) => r.attempts));
  if (attempts >= DELIVERY.maxAttempts) return settle(group, { status: 'failed', error: message });
  const dueAt = new Date(now.getTime() + backoffDelay(DELIVERY.retryBaseMs, attempts - 1));
  return settle(group, { status: 'pending', error: message, dueAt });
}

/** Runs `fn` over `items` with at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

type RenderedGroupMail = MailToSend & { messageId: string };

/**
 * The mail of each group, with a fresh personal link per mail whose token is stored only as its hash:
 * undefined for a channel with no sender yet, null for a reminder with nothing left to finish.
 */
async function renderGroups(
  sc: SendContext,
  groups: MailGroup[],
): Promise<(RenderedGroupMail | undefined | null)[]> {
  const { ctx } = sc;
  const trainingIds = [...new Set(groups.map((g) => g.rows[0]!.training_id))];
  const programRows = await ctx.db.select().from(trainings).where(inArray(trainings.id, trainingIds));
  const programs = new Map(programRows.map((t) => [t.id, t]));
  for (const t of programRows) {
    if (!sc.companies.has(t.companyId)) sc.companies.set(t.companyId, await companyById(ctx.db, t.companyId));
  }
  const reminderPairs = groups
    .filter((g) => g.kind === 'reminder')
    .map((g) => ({ trainingId: g.rows[0]!.training_id, employeeId: g.rows[0]!.employee_id }));
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
  const rendered = groups.map((group) => {
    const first = group.rows[0]!;
    const program = programs.get(first.training_id);
    const record = program ? sc.companies.get(program.companyId) : undefined;
    if (!program || !record || first.channel !== CHANNELS.email) return undefined;
    const lang = record.company.defaultLanguage;
    const ids =
      group.kind === 'batch'
        ? group.rows.flatMap((r) => r.subject_ids)
        : (unfinished.get(`${first.training_id}/${first.employee_id}`) ?? []);
    const ordered = program.subjectIds.filter((id) => ids.includes(id));
    if (ordered.length === 0) return null;
    const token = newToken();
    tokens.push({ tokenHash: hashToken(token), employeeId: first.employee_id, companyId: program.companyId });
    const link = learnerLink(ctx.config.learnerUrl, token);
    const settings = record.company.settings;
    const headerHtml =
      settings[group.kind === 'batch' ? 'ui.email.trainingHeader' : 'ui.email.reminderHeader'];
    const header = headerHtml ? sanitizeIntro(headerHtml) : '';
    const withIntro =
      group.kind === 'batch' && program.introEnabled && group.rows.some((r) => r.position === 0);
    const mail = trainingDeliveryMail({
      brand: {
        companyName: record.company.name,
        color: record.company.colorMain,
        supportEmail: ctx.config.supportEmail,
      },
      kind: group.kind,
      trainingName: program.name,
      employeeName: first.name,
      link,
      subjects: ordered.map((id) => {
        const s = subjects.get(id);
        return { title: s ? localize(s.title, lang) : id, duration: s?.duration ?? 60 };
      }),
      intro: withIntro ? { html: program.introMessage, text: htmlToText(program.introMessage) } : null,
      header: header ? { html: header, text: htmlToText(header) } : null,
    });
    return {
      kind: group.kind === 'batch' ? 'training' : 'training-reminder',
      companyId: program.companyId,
      to: first.email,
      ...mail,
      secrets: [token, encodeURIComponent(token)],
      messageId: `<delivery-${first.id}-${first.round}@${new URL(ctx.config.publicUrl).hostname}>`,
    };
  });
  await insertLearnerTokens(ctx.db, tokens);
  return rendered;
}
