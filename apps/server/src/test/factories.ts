import { randomBytes } from 'node:crypto';
import type { AssessmentSave, SubscriptionDefinition, TrainingSave } from '@vigil/shared';
import type { Db } from '../db/client.ts';
import {
  companies,
  companySubscriptions,
  memberships,
  partnerAccounts,
  partnerAdmins,
  users,
} from '../db/schema/index.ts';
import { createSigninLink } from '../modules/auth/auth.service.ts';
import type { TestApp } from './harness.ts';

const unique = () => randomBytes(4).toString('hex');

export async function createManager(
  db: Db,
  values: { email?: string; name?: string; superAdmin?: boolean } = {},
) {
  const [row] = await db
    .insert(users)
    .values({
      email: values.email ?? `manager-${unique()}@test.example`,
      name: values.name ?? 'Test Manager',
      isSuperAdmin: values.superAdmin ?? false,
    })
    .returning();
  return row!;
}

export async function createCompany(
  db: Db,
  values: {
    name?: string;
    partnerAccountId?: string;
    settings?: Record<string, string>;
    subscription?: {
      partner?: boolean;
      seats?: number | null;
      definition?: SubscriptionDefinition;
      trial?: boolean;
      validTo?: Date;
    };
    /** A trial company: when its trial ends. */
    trialEnds?: Date;
  } = {},
) {
  const [row] = await db
    .insert(companies)
    .values({
      name: values.name ?? `Company ${unique()}`,
      partnerAccountId: values.partnerAccountId ?? null,
      settings: values.settings ?? {},
      trialEnds: values.trialEnds ?? null,
    })
    .returning();
  await db.insert(companySubscriptions).values({
    companyId: row!.id,
    packageName: values.subscription?.partner ? 'Partner' : 'Business',
    seats: values.subscription?.seats === undefined ? 100 : values.subscription.seats,
    trial: values.subscription?.trial ?? false,
    validTo: values.subscription?.validTo ?? null,
    partner: values.subscription?.partner ?? false,
    definition: values.subscription?.definition ?? { trainingSubjects: 'all', assessmentQuestions: 'all' },
  });
  return row!;
}

export async function addMember(db: Db, companyId: string, userId: string, role: 1 | 2, manageUsers = false) {
  await db.insert(memberships).values({ companyId, userId, role, manageUsers });
}

export async function createPartner(db: Db, adminUserId: string, name = `Partner ${unique()}`) {
  const [row] = await db.insert(partnerAccounts).values({ name }).returning();
  await db.insert(partnerAdmins).values({ partnerAccountId: row!.id, userId: adminUserId });
  return row!;
}

/** Signs a manager in the way a person does: a mailed link's token exchanged over the API. */
export async function signIn(t: TestApp, userId: string): Promise<string> {
  const link = await createSigninLink(t.ctx, userId);
  const token = link.split('/auth/email/signin/')[1]!;
  const res = await t.inject({ method: 'POST', url: `/api/auth/email/signin/${token}` });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The access set-up report suites share: a company with a signed-in admin and viewer, and another
 * company whose admin (the outsider) must see none of the first one's data.
 */
export async function companyWithRoles(t: TestApp, names: { company?: string; other?: string } = {}) {
  const db = t.ctx.db;
  const [company, other, adminUser, viewerUser, outsiderUser] = await Promise.all([
    createCompany(db, { name: names.company }),
    createCompany(db, { name: names.other }),
    createManager(db),
    createManager(db),
    createManager(db),
  ]);
  await addMember(db, company.id, adminUser.id, 1);
  await addMember(db, company.id, viewerUser.id, 2);
  await addMember(db, other.id, outsiderUser.id, 1);
  return {
    companyId: company.id,
    otherId: other.id,
    admin: bearer(await signIn(t, adminUser.id)),
    viewer: bearer(await signIn(t, viewerUser.id)),
    outsider: bearer(await signIn(t, outsiderUser.id)),
  };
}

/** The learner token in a training mail's link. */
export function learnerTokenFrom(text: string): string {
  const match = text.match(/#t=([A-Za-z0-9_%-]+)/);
  if (!match?.[1]) throw new Error('No learner link in the mail');
  return decodeURIComponent(match[1]);
}

/** A program that sends `subjects` to the lists now, with no reminders and no intro: the delivery tests' and benchmarks' workload. */
export function sendNowProgram(name: string, subjects: string[], userLists: string[]): TrainingSave {
  return {
    name,
    status: 'scheduled',
    templateId: null,
    templateCustomized: true,
    subjects,
    userLists,
    scheduleType: 1,
    date: null,
    frequency: 'W',
    subjectsPerInterval: 3,
    sendOptions: { channel: 1 },
    reminders_enabled: false,
    reminders_settings: { channel: 1, steps: [] },
    introMessageEnabled: false,
    introductoryData: { message: '' },
  };
}

/** An assessment that starts now for the lists, due in a week, personalised, with no reminders. */
export function assessmentSave(
  questions: string[],
  userLists: string[],
  overrides: Partial<AssessmentSave> = {},
): AssessmentSave {
  return {
    name: 'Spring pulse',
    status: 'scheduled',
    templateIds: ['quick-pulse'],
    templateCustomized: false,
    questions,
    userLists,
    channel: 1,
    scheduleType: 1,
    date: null,
    due: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    reminders_enabled: false,
    reminders_settings: { channel: 1, steps: [] },
    personalizeEnabled: true,
    personalizeData: { companyName: 'Acme Corp', companyDomain: 'acme.example', emailHR: 'hr@acme.example' },
    introMessage: '',
    ...overrides,
  };
}
