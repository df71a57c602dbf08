import { eq } from 'drizzle-orm';
import { settingEntries } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import { systemScope } from '../../lib/scope.ts';
import { companies, companySubscriptions, memberships, users } from '../../db/schema/index.ts';
import { findUserByEmail } from '../auth/auth.service.ts';
import { insertList, upsertIntoList } from '../employees/employees.service.ts';
import { DEMO, HARBOR_LISTS, HARBOR_SIZE, demoPeople } from './demo.data.ts';
import { loadDemoPpv } from './demo.ppv.ts';
import { loadDemoBilling } from './demo.billing.ts';
import { loadDemoPartner } from './demo.partners.ts';
import { loadDemoPhishing } from './demo.phishing.ts';
import { loadSubscriptionStates } from './demo.subscriptions.ts';
import { loadDemoTrainings } from './demo.trainings.ts';

const YEAR_MS = 365 * 86_400_000;
const FULL_PLAN = { trainingSubjects: 'all', assessmentQuestions: 'all' } as const;

/** Loads the demo companies once: a later start finds the demo admin and leaves everything alone. */
export async function loadDemoData(db: Db): Promise<boolean> {
  if (await findUserByEmail(db, DEMO.company.admin.email)) return false;
  const now = new Date();
  const harborIds = await db.transaction(async (tx) => {
    const person = async (p: { email: string; name: string }, isSuperAdmin = false) => {
      const [row] = await tx
        .insert(users)
        .values({ ...p, isSuperAdmin })
        .returning();
      return row!;
    };
    const company = async (
      values: typeof companies.$inferInsert,
      subscription: Omit<typeof companySubscriptions.$inferInsert, 'companyId'>,
    ) => {
      const [row] = await tx.insert(companies).values(values).returning();
      await tx.insert(companySubscriptions).values({ companyId: row!.id, ...subscription });
      return row!;
    };

    const superAdmin = await person(DEMO.superAdmin, true);
    const admin = await person(DEMO.company.admin);
    const viewer = await person(DEMO.company.viewer);
    const partnerAdmin = await person(DEMO.partner.admin);

    const provider = await company(
      { name: DEMO.provider.name, isProvider: true, billingEnabled: false },
      { packageName: 'Enterprise', seats: 1000, definition: FULL_PLAN, validFrom: now },
    );
    await tx
      .insert(memberships)
      .values({ companyId: provider.id, userId: superAdmin.id, role: 1, manageUsers: true });

    const harbor = await company(
      {
        name: DEMO.company.name,
        colorMain: DEMO.company.color,
        billingEnabled: true,
        settings: settingEntries({
          sendEnrolment: true,
          certificatesEnabled: true,
          assessmentManualSchedule: true,
          timeZone: DEMO.company.timeZone,
        }),
      },
      {
        packageName: 'Business',
        seats: 500,
        definition: FULL_PLAN,
        // A customer for half a year: the demo's history reaches five months back.
        validFrom: new Date(now.getTime() - YEAR_MS / 2),
        validTo: new Date(now.getTime() + YEAR_MS / 2),
      },
    );
    await tx.insert(memberships).values([
      { companyId: harbor.id, userId: admin.id, role: 1, manageUsers: true },
      { companyId: harbor.id, userId: viewer.id, role: 2 },
    ]);

    const harborPeople = demoPeople('harbor-logistics.example', HARBOR_SIZE);
    for (const list of HARBOR_LISTS) {
      const listId = await insertList(tx, systemScope(harbor.id, 'demo'), list.name);
      const people = harborPeople.slice(list.offset, list.offset + list.size);
      await upsertIntoList(
        tx,
        systemScope(harbor.id, 'demo'),
        listId,
        people.map((p) => ({ ...p, unit: list.unit, tags: [] })),
        'manual',
      );
    }
    const everyone = await insertList(tx, systemScope(harbor.id, 'demo'), 'All staff');
    await upsertIntoList(
      tx,
      systemScope(harbor.id, 'demo'),
      everyone,
      harborPeople.map((p) => ({ ...p, unit: '', tags: [] })),
      'manual',
    );

    await loadDemoPartner(tx, { partnerAdminId: partnerAdmin.id, demoAdminId: admin.id }, now);
    await loadSubscriptionStates(tx, admin.id, now);
    return { companyId: harbor.id, adminId: admin.id };
  });
  await loadDemoTrainings(db, harborIds.companyId, harborIds.adminId, now);
  await loadDemoPhishing(db, harborIds.companyId, harborIds.adminId, now);
  await loadDemoBilling(db, harborIds.companyId, now);
  await loadDemoPpv(db, harborIds.companyId, now);
  return true;
}

export async function demoAdminId(db: Db): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO.company.admin.email));
  return row?.id;
}
