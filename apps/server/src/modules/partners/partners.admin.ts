/**
 * Super-admins (spec 1 §1, §6; spec 3 §6): create companies and partner accounts and attach a company
 * to a partner. The audit log (http/audit.ts) records each call as the super-admin's.
 */
import {
  PARTNER_MESSAGES,
  type AdminAttachCompany,
  type AdminCompany,
  type AdminCompanyCreate,
  type AdminPartner,
  type AdminPartnerCreate,
} from '@vigil/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { Invalid, NotFound } from '../../http/errors.ts';
import type { CompanyScope } from '../../lib/scope.ts';
import { findOrCreateUser } from '../auth/auth.service.ts';
import { PLANS } from '../billing/billing.service.ts';
import {
  addAdmin,
  attachCompany,
  insertCompany,
  insertPartner,
  partnerExists,
  partnersWithCounts,
} from './partners.queries.ts';

export async function adminPartners(ctx: AppContext): Promise<{ rows: AdminPartner[] }> {
  const { accounts, counts, admins } = await partnersWithCounts(ctx.db);
  return {
    rows: accounts.map((a) => ({
      id: a.id,
      name: a.name,
      planCode: a.planCode,
      companies: counts.find((c) => c.partnerId === a.id)?.n ?? 0,
      admins: admins
        .filter((m) => m.partnerId === a.id)
        .map((m) => ({ userId: m.userId, email: m.email, name: m.name })),
    })),
  };
}

export async function createPartnerAccount(
  ctx: AppContext,
  input: z.output<typeof AdminPartnerCreate>,
): Promise<AdminPartner> {
  if (!PLANS.some((p) => p.baseId === input.planCode)) throw Invalid([PARTNER_MESSAGES.tierRequired]);
  const admin = await findOrCreateUser(ctx, input.adminEmail, input.adminName ?? '');
  const row = await insertPartner(ctx.db, {
    name: input.name,
    planCode: input.planCode,
    adminUserId: admin.id,
  });
  return {
    id: row.id,
    name: row.name,
    planCode: row.planCode,
    companies: 0,
    admins: [{ userId: admin.id, email: admin.email, name: admin.name }],
  };
}

export async function createCompanyAsSuperAdmin(
  ctx: AppContext,
  input: z.output<typeof AdminCompanyCreate>,
  scopeOf: (companyId: string) => CompanyScope,
): Promise<AdminCompany> {
  const partnerId = input.partnerId ?? null;
  if (partnerId && !(await partnerExists(ctx.db, partnerId)))
    throw NotFound(PARTNER_MESSAGES.partnerNotFound);
  const row = await insertCompany(ctx.db, { name: input.companyName, partnerId });
  if (input.adminEmail) {
    const admin = await findOrCreateUser(ctx, input.adminEmail, input.adminName ?? '');
    await addAdmin(ctx.db, scopeOf(row.id), admin.id);
  }
  return { company_id: row.id, company_name: row.name, partnerId: row.partnerId };
}

export async function attachCompanyToPartner(
  ctx: AppContext,
  companyId: string,
  input: AdminAttachCompany,
): Promise<AdminCompany> {
  if (input.partnerId && !(await partnerExists(ctx.db, input.partnerId))) {
    throw NotFound(PARTNER_MESSAGES.partnerNotFound);
  }
  const row = await attachCompany(ctx.db, companyId, input.partnerId);
  if (!row) throw NotFound(PARTNER_MESSAGES.companyNotFound);
  return { company_id: row.id, company_name: row.name, partnerId: row.partnerId };
}
