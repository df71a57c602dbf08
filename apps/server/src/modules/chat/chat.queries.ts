import { and, eq, inArray } from 'drizzle-orm';
import type { ChatProduct } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import { chatConnections } from '../../db/schema/index.ts';
import type { CompanyScope } from '../../lib/scope.ts';

export type ChatConnectionRow = typeof chatConnections.$inferSelect;

export async function connectionOf(
  db: Db,
  scope: CompanyScope,
  product: ChatProduct,
): Promise<ChatConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(chatConnections)
    .where(and(eq(chatConnections.companyId, scope.companyId), eq(chatConnections.product, product)));
  return row;
}

/** Writes the company's connection of `product` (made on first write). */
export async function saveConnection(
  db: Db,
  scope: CompanyScope,
  product: ChatProduct,
  values: { fields?: Record<string, string>; credentials?: string | null; enabled?: boolean },
): Promise<ChatConnectionRow> {
  const [row] = await db
    .insert(chatConnections)
    .values({ companyId: scope.companyId, product, ...values })
    .onConflictDoUpdate({
      target: [chatConnections.companyId, chatConnections.product],
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function deleteConnection(db: Db, scope: CompanyScope, product: ChatProduct): Promise<boolean> {
  const rows = await db
    .delete(chatConnections)
    .where(and(eq(chatConnections.companyId, scope.companyId), eq(chatConnections.product, product)))
    .returning({ id: chatConnections.id });
  return rows.length > 0;
}

/** The connections of `product` of several companies, for the send loop (which acts for the system). */
export async function connectionsAcrossCompanies(
  db: Db,
  companyIds: string[],
  product: ChatProduct,
): Promise<ChatConnectionRow[]> {
  if (companyIds.length === 0) return [];
  return db
    .select()
    .from(chatConnections)
    .where(and(inArray(chatConnections.companyId, companyIds), eq(chatConnections.product, product)));
}
