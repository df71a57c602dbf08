import { isUuid } from '@vigil/shared';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../http/errors.ts';
import type { SignedInUser } from '../../http/guards.ts';
import { companiesOfPartner, isPartnerAdmin } from './companies.queries.ts';

/** Partner company table page size (spec 3 §9). */
export const PARTNER_PAGE_SIZE = 20;

/** A partner account's customer companies, for its admins (and super-admins), sorted by name. */
export async function partnerCompanies(
  db: Db,
  user: SignedInUser,
  partnerId: string,
  page: number,
  search?: string,
) {
  if (!isUuid(partnerId)) throw NotFound('Partner account not found.');
  if (!user.isSuperAdmin && !(await isPartnerAdmin(db, partnerId, user.id))) {
    throw NotFound('Partner account not found.');
  }
  return companiesOfPartner(db, partnerId, {
    limit: PARTNER_PAGE_SIZE,
    offset: (page - 1) * PARTNER_PAGE_SIZE,
    search,
  });
}
