import { and, eq, sql } from 'drizzle-orm';
import { PhishingSave, ROLES } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import { phishingDeliveries, phishingInteractions } from '../../db/schema/index.ts';
import { managerScope } from '../../http/tenant.ts';
import { listsOfCompany } from '../employees/employees.service.ts';
import { dispatchPhishing } from '../phishing/phishing.engine.ts';
import { saveSenderProfile, savePhishing } from '../phishing/phishing.service.ts';
import { roll } from './demo.history.ts';

const DAY = 86_400_000;
const SECOND = 1_000;

/** Per-department chances (percent) that a demo employee clicks, submits after a click, reports. */
const BEHAVIOUR: Record<string, { click: number; submit: number; report: number }> = {
  Finance: { click: 22, submit: 45, report: 30 },
  IT: { click: 6, submit: 20, report: 65 },
  Operations: { click: 34, submit: 55, report: 8 },
  Service: { click: 28, submit: 50, report: 15 },
  Management: { click: 18, submit: 40, report: 35 },
};
const AVERAGE = { click: 25, submit: 45, report: 20 };

/**
 * The demo company's phishing simulations, made through the manager's service as if on the day they
 * began: a random mix to everyone a month ago (finished, with its results) and a credential-harvest
 * and MFA run to IT & Security and Finance going on now. Their mails are recorded as sent at each
 * employee's place in the window (nothing is mailed); clicks, submissions, reports and the scanners
 * that fetched links within seconds of delivery are recorded as the tracking would have.
 */
export async function loadDemoPhishing(db: Db, companyId: string, adminId: string, now = new Date()) {
  const tenant = managerScope(companyId, adminId, ROLES.admin, [], 'membership');
  const lists = new Map((await listsOfCompany(db, tenant)).map((l) => [l.name, l.id]));
  const listIds = (...names: string[]) => names.flatMap((name) => lists.get(name) ?? []);
  const profile = await saveSenderProfile(db, tenant, null, {
    name: 'IT service desk look-alike',
    domain: 'harbor-it-support.example',
    displayName: null,
  });

  const runs = [
    {
      name: 'Monthly phishing check — random mix',
      lists: listIds('Finance', 'IT & Security', 'Warehouse North', 'Customer Service', 'Leadership'),
      startedDaysAgo: 34,
      days: 5,
      templateMode: 'random' as const,
      templateIds: [] as string[],
    },
    {
      name: 'Sign-in and MFA lures — finance and IT',
      lists: listIds('Finance', 'IT & Security'),
      startedDaysAgo: 2,
      days: 5,
      templateMode: 'selected' as const,
      templateIds: ['mfa-reregistration-required', 'mailbox-quota-full'],
    },
  ];
  for (const run of runs) {
    const start = new Date(now.getTime() - run.startedDaysAgo * DAY);
    const { phishing } = await savePhishing(
      db,
      tenant,
      null,
      PhishingSave.parse({
        name: run.name,
        status: 'scheduled',
        templateMode: run.templateMode,
        templateIds: run.templateIds,
        userLists: run.lists,
        senderProfileId: profile.id,
        sendWindow: {
          start: start.toISOString(),
          days: run.days,
          businessHours: { from: 8, to: 17 },
          weekdaysOnly: false,
          timeZone: 'Europe/Berlin',
        },
      }),
      start,
    );
    await dispatchPhishing(db, start);
    await recordHistory(db, companyId, phishing.id, now);
    await dispatchPhishing(db, now);
  }
}

/** Records the simulation's past: mails due by `now` as sent then, and what people did with them. */
async function recordHistory(db: Db, companyId: string, campaignId: string, now: Date) {
  await db
    .update(phishingDeliveries)
    .set({ status: 'sent', sentAt: sql`${phishingDeliveries.dueAt}`, attempts: 1 })
    .where(
      and(
        eq(phishingDeliveries.campaignId, campaignId),
        eq(phishingDeliveries.status, 'pending'),
        sql`${phishingDeliveries.dueAt} <= ${now.toISOString()}`,
      ),
    );
  const sent = await db
    .select()
    .from(phishingDeliveries)
    .where(and(eq(phishingDeliveries.campaignId, campaignId), eq(phishingDeliveries.status, 'sent')));
  const rows: (typeof phishingInteractions.$inferInsert)[] = [];
  const add = (
    d: (typeof sent)[number],
    kind: 'opened' | 'clicked' | 'submitted' | 'reported' | 'scanner',
    afterMs: number,
    extra = {},
  ) => {
    const at = new Date(d.sentAt!.getTime() + afterMs);
    if (at <= now)
      rows.push({ deliveryId: d.id, companyId, campaignId, employeeId: d.employeeId, kind, at, ...extra });
  };
  for (const d of sent) {
    const odds = BEHAVIOUR[d.department] ?? AVERAGE;
    const salt = `${campaignId}`;
    // A third of the mails pass a link scanner that fetches every link within seconds.
    if (roll(d.employeeId, `${salt}/scan`) < 33)
      add(d, 'scanner', 2 * SECOND + roll(d.employeeId, `${salt}/scan-at`) * 50, {
        scannerReason: 'user-agent',
        scannerProduct: 'microsoft-defender',
        method: 'GET',
      });
    if (roll(d.employeeId, `${salt}/open`) < 55)
      add(d, 'opened', (20 + roll(d.employeeId, `${salt}/open-at`)) * 60 * SECOND);
    const minutes = (1 + roll(d.employeeId, `${salt}/at`)) * 7 * 60 * SECOND;
    if (roll(d.employeeId, `${salt}/click`) < odds.click) {
      add(d, 'clicked', minutes, { clickSignal: 'script', method: 'GET' });
      if (roll(d.employeeId, `${salt}/submit`) < odds.submit) add(d, 'submitted', minutes + 40 * SECOND);
    } else if (roll(d.employeeId, `${salt}/report`) < odds.report)
      add(d, 'reported', minutes / 2, { reportChannel: 'outlook' });
  }
  for (let i = 0; i < rows.length; i += 1_000)
    await db.insert(phishingInteractions).values(rows.slice(i, i + 1_000));
}
