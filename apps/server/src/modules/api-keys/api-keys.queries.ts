import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys } from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  lastChars: apiKeys.lastChars,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
};
export type ApiKeyRow = {
  id: string;
  name: string;
  lastChars: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

export function keysOfCompany(db: Db, scope: CompanyScope): Promise<ApiKeyRow[]> {
  return db
    .select(columns)
    .from(apiKeys)
    .where(eq(apiKeys.companyId, scope.companyId))
    .orderBy(desc(apiKeys.createdAt));
}

export async function insertKey(
  db: Db,
  scope: CompanyScope,
  values: { name: string; keyHash: string; lastChars: string; createdBy: string },
): Promise<ApiKeyRow> {
  const [row] = await db
    .insert(apiKeys)
    .values({ ...values, companyId: scope.companyId })
    .returning(columns);
  return row!;
}

export async function renameKey(db: Db, scope: CompanyScope, id: string, name: string) {
  const [row] = await db
    .update(apiKeys)
    .set({ name })
    .where(and(eq(apiKeys.companyId, scope.companyId), eq(apiKeys.id, id)))
    .returning(columns);
  return row;
}

export async function deleteKey(db: Db, scope: CompanyScope, id: string): Promise<boolean> {
  const rows = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.companyId, scope.companyId), eq(apiKeys.id, id)))
    .returning({ id: apiKeys.id });
  return rows.length > 0;
}
