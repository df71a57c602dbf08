import { TRIAL, TRIAL_DEFINITION } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import { companies, companySubscriptions, memberships } from '../../db/schema/index.ts';
import { systemScope } from '../../lib/scope.ts';
import { insertList, upsertIntoList } from '../employees/employees.service.ts';
import { demoPeople } from './demo.data.ts';

const DAY = 86_400_000;

/**
 * One company in each subscription state besides the demo company's paid plan, each with the demo
 * admin as an admin so the company switcher reaches them (the super-admin reaches every company).
 */
export const DEMO_STATES = {
  trial: { name: 'Osprey Retail', color: '#7048e8', people: 12, endsInDays: 9 },
  expired: { name: 'Plover Foods', color: '#e8590c', people: 40, endedDaysAgo: 20 },
  overSeats: { name: 'Quail Health', color: '#0b7285', people: 32, seats: 25 },
} as const;

export async function loadSubscriptionStates(tx: Db, adminId: string, now: Date): Promise<void> {
  const make = async (
    name: string,
    color: string,
    people: number,
    company: Partial<typeof companies.$inferInsert>,
    subscription: Omit<typeof companySubscriptions.$inferInsert, 'companyId'>,
  ) => {
    const [row] = await tx
      .insert(companies)
      .values({ name, colorMain: color, ...company })
      .returning();
    await tx.insert(companySubscriptions).values({ companyId: row!.id, ...subscription });
    await tx.insert(memberships).values({ companyId: row!.id, userId: adminId, role: 1, manageUsers: true });
    const scope = systemScope(row!.id, 'demo');
    const listId = await insertList(tx, scope, 'Everyone');
    const domain = `${name.toLowerCase().replace(/\s+/g, '-')}.example`;
    await upsertIntoList(
      tx,
      scope,
      listId,
      demoPeople(domain, people, 300).map((p) => ({ ...p, unit: '', tags: [] })),
      'manual',
    );
  };

  const { trial, expired, overSeats } = DEMO_STATES;
  const trialEnds = new Date(now.getTime() + trial.endsInDays * DAY);
  await make(
    trial.name,
    trial.color,
    trial.people,
    { trialEnds },
    {
      packageName: TRIAL.packageName,
      seats: TRIAL.seats,
      trial: true,
      definition: TRIAL_DEFINITION,
      validFrom: new Date(trialEnds.getTime() - TRIAL.days * DAY),
      validTo: trialEnds,
    },
  );
  await make(
    expired.name,
    expired.color,
    expired.people,
    {},
    {
      packageName: 'Business',
      seats: 100,
      definition: { trainingSubjects: 'all', assessmentQuestions: 'all' },
      validFrom: new Date(now.getTime() - 385 * DAY),
      validTo: new Date(now.getTime() - expired.endedDaysAgo * DAY),
    },
  );
  await make(
    overSeats.name,
    overSeats.color,
    overSeats.people,
    {},
    {
      packageName: 'Starter',
      seats: overSeats.seats,
      definition: { trainingSubjects: 'all', assessmentQuestions: 'all' },
      validFrom: new Date(now.getTime() - 60 * DAY),
      validTo: new Date(now.getTime() + 305 * DAY),
    },
  );
}
