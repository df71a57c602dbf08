import {
  addIntervals,
  mailLanguage,
  phishingPaths,
  PHISHING_RECURRENCE_MONTHS,
  PHISHING_SAMPLE_VARS,
  renderPhishingTemplate,
  SendWindow,
  sendSlots,
  sendTimeFor,
  sendWindowEnd,
  SIMULATION_HEADER,
  templateFor,
  type PhishingVars,
  type SendWindowParsed,
} from '@vigil/shared';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { htmlToText } from '../../lib/html.ts';
import { phishingToken } from '../../lib/phishing-token.ts';
import { envelopeAddress } from '../../mail/transport.ts';
import { companyById, settingsOf, type CompanyRecord } from '../companies/companies.service.ts';
import { DELIVERY, sendDueFrom, type DeliveryMail, type DeliverySource } from '../delivery/delivery.send.ts';
import { customTemplatesAcrossCompanies } from './phishing.queries.ts';
import {
  activateStartedAcrossCompanies,
  campaignsByIdsAcrossCompanies,
  claimPhishingDeliveries,
  closeSentEventsAcrossCompanies,
  completeFinishedAcrossCompanies,
  firstSenderProfilesAcrossCompanies,
  insertDeliveries,
  insertRecurrence,
  openWindowsAcrossCompanies,
  PHISHING_TABLES,
  senderProfilesByIdsAcrossCompanies,
  startDueEventsAcrossCompanies,
  unreachedMembers,
  type CampaignRecord,
  type ClaimedPhishingDelivery,
  type NewDelivery,
} from './phishing.send.queries.ts';
import { customIdsOf, libraryTemplates, resolveTemplates } from './phishing.templates.ts';

/** Rows written per statement of a fan-out. */
const FAN_OUT_CHUNK = 5_000;

/** A simulation's send window as the shared rules read it. */
export function windowOf(c: CampaignRecord): SendWindowParsed {
  return SendWindow.parse({
    start: (c.windowStart ?? new Date()).toISOString(),
    days: c.windowDays,
    businessHours: c.hoursFrom !== null && c.hoursTo !== null ? { from: c.hoursFrom, to: c.hoursTo } : null,
    weekdaysOnly: c.weekdaysOnly,
    timeZone: c.timeZone,
  });
}

/** The templates a simulation draws from: its chosen ones, or for a random mix without a pool the whole library. */
export function templatePool(c: Pick<CampaignRecord, 'templateMode' | 'templateIds'>): string[] {
  if (c.templateIds.length > 0) return c.templateIds;
  return c.templateMode === 'random' ? libraryTemplates().map((t) => t.id) : [];
}

/**
 * Writes the mails of `eventId` for every member of the simulation's lists who has none yet: each at
 * their own time in the window (never before `now`), with their template and language.
 */
export async function fanOut(db: Db, c: CampaignRecord, eventId: string, now: Date, defaultLanguage: string) {
  const members = await unreachedMembers(db, c.id);
  if (members.length === 0) return 0;
  const slots = sendSlots(windowOf(c));
  const pool = templatePool(c);
  const rows: NewDelivery[] = [];
  for (const m of members) {
    const templateId = templateFor(c.templateMode, pool, c.id, m.employee_id);
    if (!templateId) continue;
    const at = sendTimeFor(slots, c.id, m.employee_id);
    rows.push({
      employeeId: m.employee_id,
      dueAt: at < now ? now : at,
      templateId,
      mailLanguage: mailLanguage(m.language, defaultLanguage),
      listIds: m.list_ids,
      department: m.department,
    });
  }
  for (let i = 0; i < rows.length; i += FAN_OUT_CHUNK)
    await insertDeliveries(
      db,
      { id: eventId, campaignId: c.id, companyId: c.companyId },
      rows.slice(i, i + FAN_OUT_CHUNK),
    );
  return rows.length;
}

/**
 * One dispatch tick over every company: completes simulations whose tracking time is over, starts
 * due first sends (writing each employee's mail, due at their place in the window, in the transaction
 * that marks the event started), activates what started (and plans a recurring one's next run),
 * sends to newcomers of lists whose window is still open, and closes sent events. Safe to run in
 * several processes at once. Returns the events started.
 */
export async function dispatchPhishing(db: Db, now = new Date()): Promise<number> {
  await completeFinishedAcrossCompanies(db, now);
  const languages = new Map<string, string>();
  // Read through the caller's transaction: PGlite has one connection, which the transaction holds.
  const languageOf = async (conn: Db, companyId: string) => {
    if (!languages.has(companyId))
      languages.set(companyId, (await companyById(conn, companyId))?.company.defaultLanguage ?? 'en');
    return languages.get(companyId)!;
  };
  let started = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const events = await startDueEventsAcrossCompanies(tx, now, DELIVERY.eventsPerDispatch);
      const campaigns = new Map(
        (
          await campaignsByIdsAcrossCompanies(
            tx,
            events.map((e) => e.campaign_id),
          )
        ).map((c) => [c.id, c]),
      );
      for (const e of events) {
        const c = campaigns.get(e.campaign_id);
        if (c) await fanOut(tx, c, e.id, now, await languageOf(tx, c.companyId));
      }
      return events.length;
    });
    started += batch;
    if (batch < DELIVERY.eventsPerDispatch) break;
  }
  const activated = await activateStartedAcrossCompanies(db, now);
  if (activated.length > 0)
    await planRecurrences(
      db,
      activated.map((a) => a.id),
    );
  for (const open of await openWindowsAcrossCompanies(db, now)) {
    if (!open.event_id) continue;
    await db.transaction(async (tx) => {
      const [c] = await campaignsByIdsAcrossCompanies(tx, [open.id]);
      if (c) await fanOut(tx, c, open.event_id, now, await languageOf(tx, c.companyId));
    });
  }
  await closeSentEventsAcrossCompanies(db, now);
  return started;
}

/** The next run of each recurring simulation that just started: the same window, months later. */
async function planRecurrences(db: Db, ids: string[]) {
  for (const c of await campaignsByIdsAcrossCompanies(db, ids)) {
    const months = PHISHING_RECURRENCE_MONTHS[c.recurrence];
    if (months === 0 || !c.windowStart) continue;
    const windowStart = addIntervals(c.windowStart, 'M', months);
    const windowEnd = sendWindowEnd({ ...windowOf(c), start: windowStart.toISOString() });
    await insertRecurrence(db, c.id, { windowStart, windowEnd });
  }
}

/** "Alex Morgan" → first and last name; one word is a first name. */
export function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

/** The personalisation values of one employee's mail. */
export function phishingVars(input: {
  record: CompanyRecord | undefined;
  employee: { email: string; name: string };
  senderDomain: string;
  link: string;
  pixel: string;
}): PhishingVars {
  const kept = input.record ? settingsOf(input.record.company).personalize : null;
  const ownDomain = input.employee.email.split('@')[1] ?? PHISHING_SAMPLE_VARS['company.domain'];
  const domain = kept?.companyDomain || ownDomain;
  const { first, last } = splitName(input.employee.name);
  return {
    'employee.firstName': first || input.employee.email.split('@')[0]!,
    'employee.lastName': last,
    'employee.email': input.employee.email,
    'company.name': kept?.companyName || input.record?.company.name || '',
    'company.domain': domain,
    'company.hrEmail': kept?.emailHR || `hr@${domain}`,
    link: input.link,
    trackingPixel: input.pixel,
    qrCode: '',
    'sender.domain': input.senderDomain,
  };
}

/** Our own sending domain: the default sender domain of a company without a sender profile. */
export const ownSenderDomain = (ctx: AppContext) =>
  envelopeAddress(ctx.mailer.from).split('@')[1] ?? 'localhost';

/** A rendered body fragment as a whole mail document. */
export const mailDocument = (html: string, lang: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head><body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">${html}</body></html>`;

/**
 * The phishing deliveries as a source of the shared send loop: one mail per row, from the sender
 * profile's domain, whose link and open pixel carry the delivery's token and whose
 * `X-Vigil-Simulation` header names it, so a forwarded or reported copy is matched. Nothing is sent
 * for a simulation no longer running (paused or stopped meanwhile).
 */
export function phishingSource(): DeliverySource<ClaimedPhishingDelivery> {
  const companies = new Map<string, CompanyRecord | undefined>();
  return {
    tables: PHISHING_TABLES,
    claim: claimPhishingDeliveries,
    groupKey: (r) => String(r.id),
    async render(ctx, groups): Promise<(DeliveryMail | undefined | null)[]> {
      const rows = groups.map((g) => g[0]!);
      const campaigns = new Map(
        (await campaignsByIdsAcrossCompanies(ctx.db, [...new Set(rows.map((r) => r.campaign_id))])).map(
          (c) => [c.id, c],
        ),
      );
      const refs = [...new Set(rows.map((r) => r.template_id))];
      const templates = resolveTemplates(
        refs,
        await customTemplatesAcrossCompanies(ctx.db, customIdsOf(refs)),
      );
      const profileIds = [...campaigns.values()].flatMap((c) =>
        c.senderProfileId ? [c.senderProfileId] : [],
      );
      const profiles = new Map(
        (await senderProfilesByIdsAcrossCompanies(ctx.db, [...new Set(profileIds)])).map((p) => [p.id, p]),
      );
      const firstProfiles = new Map(
        (await firstSenderProfilesAcrossCompanies(ctx.db, [...new Set(rows.map((r) => r.company_id))])).map(
          (p) => [p.company_id, p],
        ),
      );
      const host = new URL(ctx.config.publicUrl).hostname;
      const base = ctx.config.publicUrl.replace(/\/$/, '');
      const mails: (DeliveryMail | undefined | null)[] = [];
      for (const row of rows) {
        const c = campaigns.get(row.campaign_id);
        const t = templates.get(row.template_id);
        if (!c || c.status !== 'active' || c.companyId !== row.company_id) {
          mails.push(null);
          continue;
        }
        if (!t) {
          mails.push(undefined);
          continue;
        }
        if (!companies.has(c.companyId)) companies.set(c.companyId, await companyById(ctx.db, c.companyId));
        const profile = c.senderProfileId ? profiles.get(c.senderProfileId) : undefined;
        const fallback = firstProfiles.get(c.companyId);
        const senderDomain = profile?.domain ?? fallback?.domain ?? ownSenderDomain(ctx);
        const displayName = profile ? profile.displayName : (fallback?.display_name ?? null);
        const token = phishingToken(ctx.config.secretKey, row.id);
        const paths = phishingPaths(token);
        const vars = phishingVars({
          record: companies.get(c.companyId),
          employee: row,
          senderDomain,
          link: `${base}${paths.link}`,
          pixel: `${base}${paths.pixel}`,
        });
        const mail = renderPhishingTemplate(t.template, row.mail_language, vars);
        mails.push({
          kind: 'phishing',
          companyId: c.companyId,
          to: row.email,
          from: { name: displayName ?? mail.fromName, address: mail.fromAddress },
          ...(mail.replyTo && { replyTo: mail.replyTo }),
          headers: { [SIMULATION_HEADER]: token },
          subject: mail.subject,
          html: mailDocument(mail.html, mail.lang),
          text: `${htmlToText(mail.html)}\n\n${vars.link}\n`,
          secrets: [token],
          messageId: `<phishing-delivery-${row.id}-${row.round}@${host}>`,
        });
      }
      return mails;
    },
  };
}

/** Sends the phishing mails that are due until none is left; returns the mails sent. */
export function sendPhishingMails(ctx: AppContext, now?: () => Date): Promise<number> {
  return sendDueFrom(ctx, phishingSource(), now);
}
