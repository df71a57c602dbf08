import {
  CAMPAIGN_MESSAGES,
  CAMPAIGN_STATUS_INFO,
  CHAT_CHANNEL_BITS,
  TRAINING_MESSAGES,
  type ChatChannels,
  RECENT_REMINDER_HOURS,
  ROLES,
  tabCountsFor,
  type CampaignPermission,
  type CampaignPermissionSet,
  type CampaignStatus,
  type CampaignTab,
  type TabCounts,
} from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import { AppError, Conflict, NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { chatChannelStates } from '../../lib/chat-channels.ts';
import { presentSubscription } from '../../lib/entitlements.ts';
import { hasLicence } from '../companies/companies.presenter.ts';
import { companyById, type CompanyRecord } from '../companies/companies.service.ts';

/**
 * The rules a manager's calls on any campaign kind share: who sees drafts, how a list page is asked
 * for and answered, what every save and start checks, which lifecycle call is allowed, when a manual
 * reminder is refused. A kind's service calls these with its own texts and queries; the core never
 * imports a kind.
 */

export const isAdmin = (tenant: TenantContext) => tenant.role === ROLES.admin;

/** The manager's company, with its subscription and settings. */
export async function campaignCompany(db: Db, scope: CompanyScope): Promise<CompanyRecord> {
  const record = await companyById(db, scope.companyId);
  if (!record) throw NotFound('Company not found.');
  return record;
}

/** Slack's and Teams' availability and connection, as a save's checks read them. */
export const campaignChatChannels = (db: Db, scope: CompanyScope, company: CompanyRecord) =>
  chatChannelStates(db, scope, { subscription: presentSubscription(company.subscription) });

/**
 * A campaign is saved or started only under a licence (spec 2 §7): once the trial or subscription has
 * ended the company is read-only (the entitlement policy's isActive).
 */
export function requireLicence(company: CompanyRecord): void {
  if (!hasLicence(company)) throw new AppError(403, 'subscription_expired', CAMPAIGN_MESSAGES.noLicense);
}

/** Rows `limit` and `offset` of page `p` of `n` rows. */
export const pageWindow = (q: { p: number; n: number }) => ({ limit: q.n, offset: (q.p - 1) * q.n });

/** An ISO date-time filter of a list query, as a date. */
export const dateParam = (value: string | undefined) => (value ? new Date(value) : undefined);

/**
 * A list page as the manager may see it: drafts are the admins' only, so a viewer asking for the
 * Draft tab gets All, and no tab of theirs counts drafts.
 */
export function campaignListRequest(
  tenant: TenantContext,
  query: { tab: CampaignTab; q?: string; p: number; n: number },
) {
  const admin = isAdmin(tenant);
  return {
    admin,
    tab: !admin && query.tab === 'draft' ? ('all' as const) : query.tab,
    includeDrafts: admin,
    q: query.q || undefined,
    window: pageWindow(query),
  };
}

/** A list page's answer: its rows, the shown tab's total and the tabs' counts (Draft 0 for viewers). */
export const campaignListAnswer = <Row>(
  rows: Row[],
  counts: TabCounts & { tab: number },
  admin: boolean,
) => ({ rows, total: counts.tab, counts: tabCountsFor(counts, admin) });

/** Rows of the latest-campaigns menu, each with its status label. */
export const withStatusInfo = <R extends { status: CampaignStatus }>(rows: R[]) =>
  rows.map((r) => ({ ...r, statusInfo: CAMPAIGN_STATUS_INFO[r.status] }));

/** A campaign as this manager may see it: a draft is the admins' only; else 404 with the kind's text. */
export function visibleCampaign<R extends { status: CampaignStatus }>(
  tenant: TenantContext,
  row: R | undefined,
  notFound: string,
): R {
  if (!row || (row.status === 'draft' && !isAdmin(tenant))) throw NotFound(notFound);
  return row;
}

/** Refuses, with 409 and the kind's text, a lifecycle call the campaign's permissions do not allow. */
export function requirePermission(
  can: CampaignPermissionSet,
  permission: CampaignPermission,
  refusal: string,
): void {
  if (!can[permission]) throw Conflict(refusal);
}

/** A kind's texts for the lifecycle: its refusals (409) and what each done call answers. */
export interface LifecycleTexts {
  cannotDelete: string;
  cannotPause: string;
  cannotStop: string;
  deleted: string;
  paused: string;
  stopped: string;
}

/** One permitted lifecycle call: the campaign as the kind found it, for this manager, now. */
export interface LifecycleCall<R> {
  tenant: TenantContext;
  id: string;
  record: R;
  now: Date;
}

/**
 * What a kind brings to the lifecycle: how it finds a campaign as this manager may see it with what
 * they may do to it (404 with its text when they may not see it), and what delete, pause and stop do to
 * its rows. Pause and stop run in one transaction.
 */
export interface CampaignLifecycleKind<R> {
  texts: LifecycleTexts;
  find(db: Db, tenant: TenantContext, id: string): Promise<{ record: R; can: CampaignPermissionSet }>;
  remove(db: Db, call: LifecycleCall<R>): Promise<void>;
  pause(tx: Db, call: LifecycleCall<R>): Promise<void>;
  stop(tx: Db, call: LifecycleCall<R>): Promise<void>;
}

const LIFECYCLE = {
  remove: { permission: 'canDelete', refusal: 'cannotDelete', done: 'deleted', inTransaction: false },
  pause: { permission: 'canPause', refusal: 'cannotPause', done: 'paused', inTransaction: true },
  stop: { permission: 'canStop', refusal: 'cannotStop', done: 'stopped', inTransaction: true },
} as const;

/**
 * A kind's delete, pause and stop for managers: each finds the campaign, refuses with 409 and the
 * kind's text what its permissions do not allow, does the kind's part and answers the kind's text.
 */
export function campaignLifecycle<R>(kind: CampaignLifecycleKind<R>) {
  const run =
    (action: keyof typeof LIFECYCLE) =>
    async (db: Db, tenant: TenantContext, id: string, now = new Date()) => {
      const step = LIFECYCLE[action];
      const { record, can } = await kind.find(db, tenant, id);
      requirePermission(can, step.permission, kind.texts[step.refusal]);
      const call = { tenant, id, record, now };
      if (step.inTransaction) await db.transaction((tx) => kind[action](tx, call));
      else await kind[action](db, call);
      return { success: true as const, message: kind.texts[step.done] };
    };
  return { remove: run('remove'), pause: run('pause'), stop: run('stop') };
}

/**
 * Problems of any save, draft or start, that are the same for every kind (after the kind's own content
 * checks): lists that are not the company's, an unknown template, SCORM without the setting, and
 * channels whose integration is not connected.
 */
export function campaignSaveProblems(
  input: { userLists: string[]; isScorm: boolean; channels: number[] },
  facts: { listsFound: string[]; templateOk: boolean; cmi5: boolean; chat: ChatChannels },
): string[] {
  const problems: string[] = [];
  if (input.userLists.some((id) => !facts.listsFound.includes(id)))
    problems.push(CAMPAIGN_MESSAGES.unknownList);
  if (!facts.templateOk) problems.push(CAMPAIGN_MESSAGES.unknownTemplate);
  if (input.isScorm && !facts.cmi5) problems.push(CAMPAIGN_MESSAGES.scormNotEnabled);
  const channels = input.channels.reduce((all, mask) => all | mask, 0);
  for (const [product, name] of [
    ['slack', 'Slack'],
    ['teams', 'Teams'],
  ] as const) {
    const state = facts.chat[product];
    if (!(channels & CHAT_CHANNEL_BITS[product]) || (state.available && state.connected)) continue;
    problems.push(
      state.available
        ? CAMPAIGN_MESSAGES.integrationConfigure(name)
        : TRAINING_MESSAGES.integrationUpgrade(name),
    );
  }
  return problems;
}

/** What a start needs of the audience: at least one list, and someone in them. */
export function audienceProblems(input: { userLists: string[] }, users: number): string[] {
  if (input.userLists.length === 0) return [CAMPAIGN_MESSAGES.needsLists];
  return users === 0 ? [CAMPAIGN_MESSAGES.needsEmployees] : [];
}

/** Enabled reminders need at least one step. */
export const reminderProblems = (input: {
  reminders_enabled: boolean;
  reminders_settings: { steps: unknown[] };
}): string[] =>
  input.reminders_enabled && input.reminders_settings.steps.length === 0
    ? [CAMPAIGN_MESSAGES.remindersInvalid]
    : [];

const HOUR_MS = 3_600_000;

/**
 * Why a manager's reminder is not sent (spec 2 §4), or null when it may go: nobody to remind, or a
 * reminder within the last RECENT_REMINDER_HOURS without the manager's confirmation to repeat it.
 */
export function manualReminderRefusal(
  facts: { targets: number; last: Date | null; repeat: boolean },
  now: Date,
): string | null {
  if (facts.targets === 0) return CAMPAIGN_MESSAGES.noEmployeesToRemind;
  if (facts.last && now.getTime() - facts.last.getTime() < RECENT_REMINDER_HOURS * HOUR_MS && !facts.repeat)
    return CAMPAIGN_MESSAGES.recentReminder;
  return null;
}
