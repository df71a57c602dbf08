import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mails } from '../db/schema/index.ts';

export async function latestMails(db: Db, opts: { to?: string | undefined; limit: number }) {
  return db
    .select({
      id: mails.id,
      to: mails.toAddress,
      subject: mails.subject,
      kind: mails.kind,
      createdAt: mails.createdAt,
      text: mails.text,
    })
    .from(mails)
    .where(opts.to ? eq(mails.toAddress, opts.to.toLowerCase()) : undefined)
    .orderBy(desc(mails.createdAt))
    .limit(opts.limit);
}

export async function mailById(db: Db, id: string) {
  const [row] = await db.select().from(mails).where(eq(mails.id, id)).limit(1);
  return row;
}
