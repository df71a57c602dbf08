import type { PhishingCustomTemplateSave, PhishingSenderProfileSave } from '@vigil/shared';
import {
  CAMPAIGN_STATUS_INFO,
  customTemplateRef,
  isUntitledName,
  PHISHING_LIMITS,
  PHISHING_MESSAGES,
  PHISHING_SAMPLE_VARS,
  phishingPermissions,
  phishingRate,
  renderPhishingTemplate,
  localizePhishingRedFlags,
  sendWindowEnd,
  SendWindow,
  SIMULATION_HEADER,
  unknownPhishingKeys,
  type DeliveryUsersQuery,
  type PhishingListQuery,
  type PhishingSaveParsed,
  type PhishingStatus,
  type PhishingTemplatesQuery,
  type PhishingTestSend,
  type PhishingView,
} from '@vigil/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { phishingDeliveries, phishingEvents } from '../../db/schema/index.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../http/errors.ts';
import type { TenantContext } from '../../http/tenant.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { sanitizePhishingHtml } from '../../lib/html.ts';
import { privacyOf } from '../../lib/privacy.ts';
import { deliverMail } from '../../mail/mail.service.ts';
import {
  audienceProblems,
  campaignChatChannels,
  campaignCompany,
  campaignLifecycle,
  campaignListAnswer,
  campaignListRequest,
  campaignSaveProblems,
  isAdmin,
  requireLicence,
  visibleCampaign,
  withStatusInfo,
} from '../campaigns/campaigns.manage.ts';
import { companyListsAmong } from '../campaigns/campaigns.service.ts';
import { kickCampaign } from '../campaigns/campaigns.jobs.ts';
import { enrolInProgram } from '../trainings/trainings.service.ts';
import {
  deliveryStatusOf,
  deliveryUsersOf,
  type CampaignDeliveryTables,
} from '../campaigns/campaigns.deliveries.ts';
import { mailDocument, ownSenderDomain, phishingVars, templatePool, windowOf } from './phishing.engine.ts';
import {
  customTemplatesByIds,
  customTemplatesOf,
  deleteCustomTemplate,
  deletePhishing,
  deleteSenderProfile,
  deliveryWithCampaign,
  dropUnsent,
  figuresOf,
  hasStarted,
  insertCustomTemplate,
  insertFirstSend,
  insertPhishing,
  insertSenderProfile,
  latestPhishing,
  listsOfPhishing,
  lockPhishing,
  phishingPage,
  phishingRow,
  programOf,
  replacePhishingLists,
  senderProfileOf,
  senderProfilesOf,
  unfinishedUsing,
  updateCustomTemplate,
  updatePhishing,
  updateSenderProfile,
  type PhishingFigureRow,
  type PhishingInsert,
  type PhishingRecord,
} from './phishing.queries.ts';
import {
  customIdsOf,
  hasLandingPage,
  libraryTemplates,
  presentCustomTemplate,
  resolveTemplates,
  templateSummary,
  type ResolvedTemplate,
} from './phishing.templates.ts';

/** A start whose window opens this little in the past starts now (the wizard's "now" took a moment). */
const START_GRACE_MS = 10 * 60_000;

const TABLES: CampaignDeliveryTables = {
  events: phishingEvents,
  deliveries: phishingDeliveries,
  campaignId: phishingEvents.campaignId,
};

/** The simulation as this manager may see it: drafts are the admins' only. */
export async function findPhishing(db: Db, tenant: TenantContext, id: string): Promise<PhishingRecord> {
  return visibleCampaign(tenant, await phishingRow(db, tenant, id), PHISHING_MESSAGES.notFound);
}

const presentFigures = (f: PhishingFigureRow) => ({
  recipients: f.recipients,
  sent: f.sent,
  clicked: f.clicked,
  submitted: f.submitted,
  reported: f.reported,
  scannerEvents: f.scannerEvents,
  phishPronePercent: phishingRate(f.prone, f.sent),
});

const permissionsOf = (tenant: TenantContext, status: PhishingStatus) =>
  phishingPermissions({ status, isAdmin: isAdmin(tenant) });

export async function listPhishing(db: Db, tenant: TenantContext, query: z.output<typeof PhishingListQuery>) {
  const { admin, tab, includeDrafts, q, window } = campaignListRequest(tenant, query);
  const order = query.order === 'phishProne' ? 'updated' : query.order;
  const { rows, counts } = await phishingPage(
    db,
    tenant,
    { tab, includeDrafts, q, listId: query.listId },
    { order, direction: query.d, ...window },
  );
  const figures = await figuresOf(
    db,
    tenant,
    rows.map((r) => r.id),
  );
  const presented = rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    statusInfo: CAMPAIGN_STATUS_INFO[r.status],
    isScorm: false as const,
    templateMode: r.templateMode,
    // A random mix without chosen templates draws from the whole library: count what it draws from.
    templatesCount: templatePool(r).length,
    windowStart: r.windowStart?.toISOString() ?? null,
    windowEnd: r.windowEnd?.toISOString() ?? null,
    recurrence: r.recurrence,
    created: r.createdAt.toISOString(),
    last_updated: r.updatedAt.toISOString(),
    ...presentFigures(figures.get(r.id)!),
    ...permissionsOf(tenant, r.status),
  }));
  if (query.order === 'phishProne') {
    const sign = query.d === 'asc' ? 1 : -1;
    presented.sort((a, b) => sign * ((a.phishPronePercent ?? -1) - (b.phishPronePercent ?? -1)));
  }
  return campaignListAnswer(presented, counts, admin);
}

export async function latest(db: Db, tenant: TenantContext) {
  const rows = await latestPhishing(db, tenant, isAdmin(tenant), PHISHING_LIMITS.latest);
  return withStatusInfo(rows).map((r) => ({ ...r, isScorm: false as const }));
}

/** The library and the company's templates by reference. */
async function templatesOf(db: Db, tenant: TenantContext, refs: readonly string[]) {
  return resolveTemplates(refs, await customTemplatesByIds(db, tenant, customIdsOf(refs)));
}

export async function phishingView(db: Db, tenant: TenantContext, id: string): Promise<PhishingView> {
  const record = await findPhishing(db, tenant, id);
  const [company, lists, figures, started, templates, program] = await Promise.all([
    campaignCompany(db, tenant),
    listsOfPhishing(db, tenant, id),
    figuresOf(db, tenant, [id]),
    hasStarted(db, tenant, id),
    templatesOf(db, tenant, record.templateIds),
    record.enrolProgramId ? programOf(db, tenant, record.enrolProgramId) : Promise.resolve(undefined),
  ]);
  const window = windowOf(record);
  return {
    id: record.id,
    name: record.name,
    status: record.status,
    statusInfo: CAMPAIGN_STATUS_INFO[record.status],
    isScorm: false,
    templateMode: record.templateMode,
    templateIds: record.templateIds,
    templates: record.templateIds.flatMap((ref) => {
      const t = templates.get(ref);
      return t ? [templateSummary(t)] : [];
    }),
    sendWindow: {
      start: record.windowStart?.toISOString() ?? window.start,
      days: window.days,
      businessHours: window.businessHours,
      weekdaysOnly: window.weekdaysOnly,
      timeZone: window.timeZone,
    },
    windowEnd: record.windowEnd?.toISOString() ?? null,
    landingPageId: record.landingPageId,
    senderProfileId: record.senderProfileId,
    onClick: record.onClick,
    enrolProgramId: record.enrolProgramId,
    enrolProgramName: program?.name ?? null,
    recurrence: record.recurrence,
    recurrenceOf: record.recurrenceOf,
    trackingDays: record.trackingDays,
    lists,
    selectedUserListsIds: lists.map((l) => l.id),
    selectedUserCount: (
      await companyListsAmong(
        db,
        tenant,
        lists.map((l) => l.id),
      )
    ).users,
    hasStarted: started,
    anonymousTracking: privacyOf(company.company).anonymous,
    created: record.createdAt.toISOString(),
    last_updated: record.updatedAt.toISOString(),
    ...presentFigures(figures.get(id)!),
    ...permissionsOf(tenant, record.status),
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);

/** A running simulation keeps its templates, lists and window: its mails are planned by them. */
function changesLockedFields(existing: PhishingRecord, input: PhishingSaveParsed, lists: string[]) {
  const window = windowOf(existing);
  return (
    existing.templateMode !== input.templateMode ||
    !sameSet(existing.templateIds, input.templateIds) ||
    !sameSet(lists, input.userLists) ||
    new Date(input.sendWindow.start).getTime() !== existing.windowStart?.getTime() ||
    input.sendWindow.days !== window.days ||
    JSON.stringify(input.sendWindow.businessHours) !== JSON.stringify(window.businessHours) ||
    input.sendWindow.weekdaysOnly !== window.weekdaysOnly ||
    input.sendWindow.timeZone !== window.timeZone
  );
}

/**
 * Creates or updates a simulation. Status draft stores it as it is; scheduled checks everything a start
 * needs and plans its first send at the window's start (the dispatch then writes each employee's mail
 * at their own time in the window). A running simulation may change its name, what a click leads to,
 * its recurrence and its tracking time. Everything in one transaction: an invalid save changes nothing.
 */
export async function savePhishing(
  db: Db,
  tenant: TenantContext,
  id: string | null,
  input: PhishingSaveParsed,
  now = new Date(),
) {
  const company = await campaignCompany(db, tenant);
  requireLicence(company);
  const existing = id ? await findPhishing(db, tenant, id) : undefined;
  if (existing?.status === 'completed') throw Forbidden(PHISHING_MESSAGES.cannotEdit);
  const isActive = existing?.status === 'active';
  const [lists, templates, profile, program, existingLists] = await Promise.all([
    companyListsAmong(db, tenant, input.userLists),
    templatesOf(db, tenant, input.templateIds),
    input.senderProfileId ? senderProfileOf(db, tenant, input.senderProfileId) : Promise.resolve(null),
    input.enrolProgramId ? programOf(db, tenant, input.enrolProgramId) : Promise.resolve(null),
    existing ? listsOfPhishing(db, tenant, existing.id) : Promise.resolve([]),
  ]);
  const problems = campaignSaveProblems(
    { userLists: input.userLists, isScorm: false, channels: [1] },
    {
      listsFound: lists.found,
      templateOk: input.templateIds.every((ref) => templates.has(ref)),
      cmi5: false,
      chat: await campaignChatChannels(db, tenant, company),
    },
  );
  if (input.landingPageId && !hasLandingPage(input.landingPageId))
    problems.push(PHISHING_MESSAGES.unknownLandingPage);
  if (input.senderProfileId && !profile) problems.push(PHISHING_MESSAGES.unknownSenderProfile);
  if (input.enrolProgramId && !program) problems.push(PHISHING_MESSAGES.unknownProgram);
  if (
    isActive &&
    changesLockedFields(
      existing,
      input,
      existingLists.map((l) => l.id),
    )
  )
    problems.push(PHISHING_MESSAGES.lockedWhenActive);
  const start = input.status === 'scheduled' || isActive;
  let windowStart = new Date(input.sendWindow.start);
  if (start && !isActive) {
    if (isUntitledName(input.name)) problems.push(PHISHING_MESSAGES.needsName);
    if (templatePool(input).length === 0) problems.push(PHISHING_MESSAGES.needsTemplates);
    problems.push(...audienceProblems(input, lists.users));
    if (input.onClick === 'enrol' && !input.enrolProgramId) problems.push(PHISHING_MESSAGES.needsProgram);
    if (windowStart.getTime() < now.getTime() - START_GRACE_MS) problems.push(PHISHING_MESSAGES.windowInPast);
    else if (windowStart < now) windowStart = now;
  }
  if (problems.length > 0) throw Invalid([...new Set(problems)]);

  const window = SendWindow.parse({ ...input.sendWindow, start: windowStart.toISOString() });
  const status: PhishingStatus = isActive ? 'active' : input.status;
  const launching = start && !isActive;
  const values: PhishingInsert = {
    name: input.name,
    status,
    templateMode: input.templateMode,
    templateIds: input.templateIds,
    windowStart,
    windowDays: window.days,
    hoursFrom: window.businessHours?.from ?? null,
    hoursTo: window.businessHours?.to ?? null,
    weekdaysOnly: window.weekdaysOnly,
    timeZone: window.timeZone,
    windowEnd: sendWindowEnd(window),
    landingPageId: input.landingPageId,
    senderProfileId: input.senderProfileId,
    onClick: input.onClick,
    enrolProgramId: input.onClick === 'enrol' ? input.enrolProgramId : null,
    recurrence: input.recurrence,
    trackingDays: input.trackingDays,
  };
  if (isActive) {
    delete values.windowStart;
    delete values.windowEnd;
  }
  return db.transaction(async (tx) => {
    let phishingId = id;
    if (phishingId) {
      const locked = await lockPhishing(tx, tenant, phishingId);
      if (!locked) throw NotFound(PHISHING_MESSAGES.notFound);
      if (locked.status !== existing!.status) throw Conflict(PHISHING_MESSAGES.updated);
      await updatePhishing(tx, tenant, phishingId, values, now);
    } else {
      phishingId = (await insertPhishing(tx, tenant, { ...values, createdBy: tenant.userId })).id;
    }
    if (!isActive) await replacePhishingLists(tx, tenant, phishingId, input.userLists);
    if (launching) await insertFirstSend(tx, tenant, phishingId, windowStart);
    const message = id
      ? PHISHING_MESSAGES.updated
      : status === 'draft'
        ? PHISHING_MESSAGES.draftSaved
        : PHISHING_MESSAGES.started;
    return { success: true as const, phishing: { id: phishingId, status }, message };
  });
}

export const {
  remove: removePhishing,
  pause: pausePhishing,
  stop: stopPhishing,
} = campaignLifecycle({
  texts: PHISHING_MESSAGES,
  async find(db, tenant, id) {
    const record = await findPhishing(db, tenant, id);
    return { record, can: permissionsOf(tenant, record.status) };
  },
  remove: (db, { tenant, id }) => deletePhishing(db, tenant, id),
  /**
   * Pause: back to draft; planned sends and unsent mails are dropped, sent mails keep their tracking.
   * Started again, it sends to those not reached yet, each at their place in the new window.
   */
  async pause(tx, { tenant, id, now }) {
    await lockPhishing(tx, tenant, id);
    await dropUnsent(tx, tenant, id);
    await updatePhishing(tx, tenant, id, { status: 'draft' }, now);
  },
  /** Stop: completed now; unsent mails are never sent, sent ones keep their tracking until then. */
  async stop(tx, { tenant, id, now }) {
    await lockPhishing(tx, tenant, id);
    await dropUnsent(tx, tenant, id);
    await updatePhishing(tx, tenant, id, { status: 'completed', completedAt: now }, now);
  },
});

export async function audience(db: Db, tenant: TenantContext, listIds: string[]) {
  const { users } = await companyListsAmong(db, tenant, listIds);
  return { selectedUserCount: users };
}

export async function deliveryStatus(db: Db, tenant: TenantContext, id: string) {
  await findPhishing(db, tenant, id);
  return deliveryStatusOf(db, tenant, TABLES, id);
}

export async function deliveryUsers(
  db: Db,
  tenant: TenantContext,
  id: string,
  eventId: string,
  q: z.output<typeof DeliveryUsersQuery>,
) {
  await findPhishing(db, tenant, id);
  return deliveryUsersOf(db, tenant, TABLES, id, eventId, q);
}

// ── Templates ──

export async function listTemplates(
  db: Db,
  tenant: TenantContext,
  query: z.output<typeof PhishingTemplatesQuery>,
) {
  const customs = await customTemplatesOf(db, tenant);
  const refs = [...libraryTemplates().map((t) => t.id), ...customs.map((c) => customTemplateRef(c.id))];
  const resolved = resolveTemplates(refs, customs);
  // The language names and subjects are shown in (the reader's), not a filter: a template written in
  // another language is listed too, in its own words, with the languages it has.
  const lang = query.language ?? 'en';
  const q = query.q?.toLowerCase();
  return [...resolved.values()]
    .filter(
      (t) =>
        (!query.lureKind || t.template.lure === query.lureKind) &&
        (!query.difficulty || t.template.difficulty === query.difficulty),
    )
    .map((t) => templateSummary(t, lang))
    .filter((t) => !q || t.name.toLowerCase().includes(q) || t.subject.toLowerCase().includes(q));
}

/** A template as one employee would see it, with sample values, and its red flags. */
export function previewOf(ctx: AppContext, t: ResolvedTemplate, lang: string, senderDomain: string) {
  const vars = { ...PHISHING_SAMPLE_VARS, 'sender.domain': senderDomain };
  const mail = renderPhishingTemplate(t.template, lang, vars, { keepFlagMarks: true });
  return {
    id: t.ref,
    language: mail.lang,
    fromName: mail.fromName,
    fromAddress: mail.fromAddress,
    subject: mail.subject,
    html: sanitizePhishingHtml(mail.html),
    redFlags: localizePhishingRedFlags(t.template, lang),
  };
}

export async function templatePreview(ctx: AppContext, tenant: TenantContext, ref: string, lang: string) {
  const t = (await templatesOf(ctx.db, tenant, [ref])).get(ref);
  if (!t) throw NotFound(PHISHING_MESSAGES.templateNotFound);
  const [profile] = await senderProfilesOf(ctx.db, tenant);
  return previewOf(ctx, t, lang, profile?.domain ?? ownSenderDomain(ctx));
}

export async function customTemplates(db: Db, tenant: TenantContext) {
  return (await customTemplatesOf(db, tenant)).map(presentCustomTemplate);
}

/** What a custom template's save stores: sanitised HTML, and only keys and flags that exist. */
function customValues(input: z.output<typeof PhishingCustomTemplateSave>) {
  const html = sanitizePhishingHtml(input.html);
  const problems: string[] = [];
  const unknown = [
    ...unknownPhishingKeys(html),
    ...unknownPhishingKeys(input.subject),
    ...unknownPhishingKeys(input.senderName),
  ];
  if (unknown.length > 0) problems.push(`Unknown personalisation keys: ${[...new Set(unknown)].join(', ')}`);
  if (!hasLandingPage(input.landingPageId)) problems.push(PHISHING_MESSAGES.unknownLandingPage);
  for (const flag of input.redFlags)
    if (['link', 'attachment', 'body'].includes(flag.location) && !html.includes(`data-flag="${flag.id}"`))
      problems.push(`The red flag "${flag.id}" has no element with data-flag="${flag.id}" in the HTML.`);
  if (problems.length > 0) throw Invalid(problems);
  return { ...input, html };
}

export async function saveCustomTemplate(
  db: Db,
  tenant: TenantContext,
  id: string | null,
  body: z.output<typeof PhishingCustomTemplateSave>,
) {
  const values = customValues(body);
  if (!id) {
    if ((await customTemplatesOf(db, tenant)).length >= PHISHING_LIMITS.customTemplatesMax)
      throw Invalid([`At most ${PHISHING_LIMITS.customTemplatesMax} templates.`]);
    return presentCustomTemplate(
      await insertCustomTemplate(db, tenant, { ...values, createdBy: tenant.userId }),
    );
  }
  const row = await updateCustomTemplate(db, tenant, id, values);
  if (!row) throw NotFound(PHISHING_MESSAGES.templateNotFound);
  return presentCustomTemplate(row);
}

export async function removeCustomTemplate(db: Db, tenant: TenantContext, id: string) {
  const [row] = await customTemplatesByIds(db, tenant, [id]);
  if (!row) throw NotFound(PHISHING_MESSAGES.templateNotFound);
  if ((await unfinishedUsing(db, tenant, { templateRef: customTemplateRef(id) })) > 0)
    throw Conflict(PHISHING_MESSAGES.templateInUse);
  await deleteCustomTemplate(db, tenant, id);
  return { success: true as const, message: PHISHING_MESSAGES.templateDeleted };
}

/** Renders a custom template's draft from the editor (nothing stored). */
export function previewCustom(ctx: AppContext, body: z.output<typeof PhishingCustomTemplateSave>) {
  const html = sanitizePhishingHtml(body.html);
  const now = new Date();
  const t: ResolvedTemplate = {
    ref: 'custom:preview',
    source: 'custom',
    languages: [body.language],
    template: resolveTemplates(
      ['custom:00000000-0000-0000-0000-000000000000'],
      [
        {
          ...body,
          html,
          id: '00000000-0000-0000-0000-000000000000',
          companyId: '',
          createdBy: null,
          createdAt: now,
          updatedAt: now,
        },
      ],
    ).get('custom:00000000-0000-0000-0000-000000000000')!.template,
  };
  return previewOf(ctx, t, body.language, ownSenderDomain(ctx));
}

// ── Sender profiles ──

const presentProfile = (p: Awaited<ReturnType<typeof senderProfilesOf>>[number]) => ({
  id: p.id,
  name: p.name,
  domain: p.domain,
  displayName: p.displayName,
  created: p.createdAt.toISOString(),
});

export async function senderProfiles(db: Db, tenant: TenantContext) {
  return (await senderProfilesOf(db, tenant)).map(presentProfile);
}

export async function saveSenderProfile(
  db: Db,
  tenant: TenantContext,
  id: string | null,
  body: z.output<typeof PhishingSenderProfileSave>,
) {
  if (!id) {
    if ((await senderProfilesOf(db, tenant)).length >= PHISHING_LIMITS.senderProfilesMax)
      throw Invalid([`At most ${PHISHING_LIMITS.senderProfilesMax} sender profiles.`]);
    return presentProfile(await insertSenderProfile(db, tenant, body));
  }
  const row = await updateSenderProfile(db, tenant, id, body);
  if (!row) throw NotFound(PHISHING_MESSAGES.unknownSenderProfile);
  return presentProfile(row);
}

export async function removeSenderProfile(db: Db, tenant: TenantContext, id: string) {
  if (!(await senderProfileOf(db, tenant, id))) throw NotFound(PHISHING_MESSAGES.unknownSenderProfile);
  if ((await unfinishedUsing(db, tenant, { senderProfileId: id })) > 0)
    throw Conflict(PHISHING_MESSAGES.senderProfileInUse);
  await deleteSenderProfile(db, tenant, id);
  return { success: true as const, message: PHISHING_MESSAGES.senderProfileDeleted };
}

/**
 * A test send: one template to one address as the employees will get it (sender profile, headers),
 * but its link and pixel point nowhere and it is not tracked. For the deliverability check.
 */
export async function testSend(
  ctx: AppContext,
  tenant: TenantContext,
  body: z.output<typeof PhishingTestSend>,
) {
  const t = (await templatesOf(ctx.db, tenant, [body.templateId])).get(body.templateId);
  if (!t) throw NotFound(PHISHING_MESSAGES.templateNotFound);
  const profile = body.senderProfileId
    ? await senderProfileOf(ctx.db, tenant, body.senderProfileId)
    : (await senderProfilesOf(ctx.db, tenant))[0];
  if (body.senderProfileId && !profile) throw NotFound(PHISHING_MESSAGES.unknownSenderProfile);
  const record = await campaignCompany(ctx.db, tenant);
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  const vars = phishingVars({
    record,
    employee: { email: body.email, name: '' },
    senderDomain: profile?.domain ?? ownSenderDomain(ctx),
    link: `${base}/`,
    pixel: '',
  });
  const mail = renderPhishingTemplate(t.template, body.language, vars);
  await deliverMail(ctx, {
    kind: 'phishing-test',
    companyId: tenant.companyId,
    to: body.email,
    from: { name: profile?.displayName ?? mail.fromName, address: mail.fromAddress },
    ...(mail.replyTo && { replyTo: mail.replyTo }),
    headers: { [SIMULATION_HEADER]: 'test' },
    subject: mail.subject,
    html: mailDocument(mail.html, mail.lang),
    text: mail.subject,
  });
  return { success: true as const, message: PHISHING_MESSAGES.testSent };
}

// Used by other modules.

/**
 * What a confirmed click of a person leads to beyond the teachable moment (phishing-tracking calls it
 * once per click it counts): where the simulation says so, the employee joins its training program —
 * the batches that have started reach them at once. Returns whether they were enrolled now.
 */
export async function enrolAfterClick(
  ctx: AppContext,
  scope: CompanyScope,
  deliveryId: number,
  now = new Date(),
) {
  const delivery = await deliveryWithCampaign(ctx.db, scope, deliveryId);
  if (!delivery || delivery.onClick !== 'enrol' || !delivery.enrolProgramId) return false;
  const written = await enrolInProgram(ctx.db, scope, delivery.enrolProgramId, delivery.employeeId, now);
  if (written > 0) await kickCampaign(ctx, 'training');
  return written > 0;
}
