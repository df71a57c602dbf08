import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  companies,
  companySubscriptions,
  memberships,
  platformSettings,
  users,
} from '../../db/schema/index.ts';

const companyColumns = {
  company: companies,
  subscription: companySubscriptions,
};

export type CompanyRecord = {
  company: typeof companies.$inferSelect;
  subscription: typeof companySubscriptions.$inferSelect | null;
};

/** The companies a user is a member of, with the role of each membership. */
export async function companiesOfMember(db: Db, userId: string) {
  return db
    .select({
      ...companyColumns,
      role: memberships.role,
      manageUsers: memberships.manageUsers,
      billingManager: memberships.billingManager,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .leftJoin(companySubscriptions, eq(companySubscriptions.companyId, companies.id))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(companies.name));
}

export async function companyById(db: Db, companyId: string): Promise<CompanyRecord | undefined> {
  const [row] = await db
    .select(companyColumns)
    .from(companies)
    .leftJoin(companySubscriptions, eq(companySubscriptions.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
}

export async function managersOf(db: Db, companyIds: string[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({
      companyId: memberships.companyId,
      created: memberships.createdAt,
      email: users.email,
      name: users.name,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inArray(memberships.companyId, companyIds))
    .orderBy(asc(users.email));
}

export async function insertCompanyWithAdmin(
  db: Db,
  values: {
    name: string;
    adminUserId: string;
    trialEnds: Date | null;
    subscription: Omit<typeof companySubscriptions.$inferInsert, 'companyId'>;
    partnerAccountId?: string | null;
    settings?: Record<string, string>;
  },
) {
  return db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        name: values.name,
        trialEnds: values.trialEnds,
        partnerAccountId: values.partnerAccountId ?? null,
        settings: values.settings ?? {},
      })
      .returning();
    await tx.insert(companySubscriptions).values({ companyId: company!.id, ...values.subscription });
    await tx
      .insert(memberships)
      .values({ companyId: company!.id, userId: values.adminUserId, role: 1, manageUsers: true });
    return company!;
  });
}

export async function updateCompany(
  db: Db,
  companyId: string,
  values: {
    name?: string | undefined;
    defaultLanguage?: string | undefined;
    colorMain?: string | undefined;
    /** Settings to set in the `ui.*` map; the others stay as they are. */
    settings?: Record<string, string> | undefined;
  },
): Promise<void> {
  const { settings, ...columns } = values;
  const set = Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
  const patch = settings && Object.keys(settings).length > 0 ? settings : null;
  if (Object.keys(set).length === 0 && !patch) return;
  await db
    .update(companies)
    .set({
      ...set,
      ...(patch ? { settings: sql`${companies.settings} || ${JSON.stringify(patch)}::jsonb` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(companies.id, companyId));
}

/** Sets entries of the company's settings map, keeping the others. */
export async function mergeCompanySettings(
  db: Db,
  companyId: string,
  entries: Record<string, string>,
): Promise<void> {
  await db
    .update(companies)
    .set({ settings: sql`${companies.settings} || ${JSON.stringify(entries)}::jsonb`, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

/** Anonymous tracking only ever goes on. */
export async function setAnonymousTracking(db: Db, companyId: string): Promise<void> {
  await db
    .update(companies)
    .set({ anonymousTracking: 1, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

/** Sets the company's logo file name (null removes it) and answers the one it had. */
export async function replaceLogoName(
  db: Db,
  companyId: string,
  logoName: string | null,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ logoName: companies.logoName })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    await tx.update(companies).set({ logoName, updatedAt: new Date() }).where(eq(companies.id, companyId));
    return row?.logoName ?? null;
  });
}

/** The company's logo file name, for serving it. */
export async function logoNameOf(db: Db, companyId: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ logoName: companies.logoName })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.logoName;
}

/** Sets one entry of the company's settings map and answers the value it had (a replaced file's name). */
export async function replaceCompanySetting(
  db: Db,
  companyId: string,
  key: string,
  value: string,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ settings: companies.settings })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    await mergeCompanySettings(tx, companyId, { [key]: value });
    return row?.settings[key] ?? null;
  });
}

/** The company's settings map alone (the favicon's name, for serving it); undefined: no such company. */
export async function settingsMapOf(db: Db, companyId: string): Promise<Record<string, string> | undefined> {
  const [row] = await db
    .select({ settings: companies.settings })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.settings;
}

/** A setting of the whole installation, or null when none was set. */
export async function platformSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.key, key))
    .limit(1);
  return row?.value ?? null;
}

/** Sets a setting of the whole installation; null removes it. */
export async function setPlatformSetting(db: Db, key: string, value: unknown): Promise<void> {
  if (value === null) {
    await db.delete(platformSettings).where(eq(platformSettings.key, key));
    return;
  }
  await db
    .insert(platformSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: new Date() } });
}
