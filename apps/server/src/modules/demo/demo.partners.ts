import { addMonths, TRIAL, TRIAL_DEFINITION, type SubscriptionDefinition } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import {
  companies,
  companySubscriptions,
  creditPackages,
  memberships,
  partnerAccounts,
  partnerAdmins,
  partnerDues,
} from '../../db/schema/index.ts';
import { systemScope } from '../../lib/scope.ts';
import { findPlan } from '../billing/billing.service.ts';
import { insertList, upsertIntoList } from '../employees/employees.service.ts';
import { DEMO, demoPeople } from './demo.data.ts';

const DAY = 86_400_000;

const planDefinition = (code: string): SubscriptionDefinition =>
  findPlan(`${code}-monthly`)?.variant.definition ?? {};

/**
 * The demo partner, Northstar Security Partners, and its customers in every state the partner area
 * shows (active, trial, expired, over its seats, free), two unassigned credits and a payment due.
 * The demo admin also looks into Kestrel Engineering as a viewer, to show switching.
 */
export async function loadDemoPartner(
  tx: Db,
  ids: { partnerAdminId: string; demoAdminId: string },
  now: Date,
): Promise<void> {
  const [partner] = await tx
    .insert(partnerAccounts)
    .values({ name: DEMO.partner.name, planCode: DEMO.partner.planCode })
    .returning();
  const partnerId = partner!.id;
  await tx.insert(partnerAdmins).values({ partnerAccountId: partnerId, userId: ids.partnerAdminId });

  for (const customer of DEMO.partner.customers) {
    const trial = customer.state === 'trial';
    const validTo =
      customer.state === 'expired'
        ? new Date(now.getTime() - 15 * DAY)
        : customer.state === 'free'
          ? addMonths(now, 1200)
          : trial
            ? new Date(now.getTime() + 10 * DAY)
            : new Date(now.getTime() + 365 * DAY);
    const [row] = await tx
      .insert(companies)
      .values({
        name: customer.name,
        colorMain: customer.color,
        partnerAccountId: partnerId,
        trialEnds: trial ? validTo : null,
      })
      .returning();
    await tx.insert(companySubscriptions).values({
      companyId: row!.id,
      packageName: trial
        ? TRIAL.packageName
        : (findPlan(`${customer.plan}-monthly`)?.plan.name ?? customer.plan),
      planCode: customer.plan,
      seats: customer.seats,
      trial,
      partner: true,
      definition: trial ? TRIAL_DEFINITION : planDefinition(customer.plan),
      validFrom: customer.state === 'expired' ? new Date(now.getTime() - 380 * DAY) : now,
      validTo,
    });
    const scope = systemScope(row!.id, 'demo');
    const listId = await insertList(tx, scope, 'Everyone');
    const domain = `${customer.name.toLowerCase().replace(/\s+/g, '-')}.example`;
    const people = demoPeople(domain, customer.people, 200);
    await upsertIntoList(
      tx,
      scope,
      listId,
      people.map((p) => ({ ...p, unit: '', tags: [] })),
      'manual',
    );
    if (customer.name === 'Kestrel Engineering') {
      await tx.insert(memberships).values({ companyId: row!.id, userId: ids.demoAdminId, role: 2 });
    }
  }

  await tx
    .insert(creditPackages)
    .values(DEMO.partner.credits.map((c) => ({ partnerAccountId: partnerId, ...c })));
  await tx.insert(partnerDues).values({
    partnerAccountId: partnerId,
    description: DEMO.partner.due.description,
    amount: DEMO.partner.due.amount,
    createdAt: new Date(now.getTime() - 5 * DAY),
  });
}
