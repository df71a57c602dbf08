/**
 * The partner area (spec 3 §2.6, §3, §4, §5, §7, §9; spec 1 §1, §2, §5, §7, §8): a partner account's
 * customer companies, their subscriptions, managers, branding and features, the partner's overview and
 * dues, credits (unused packages) and assigning them, and the super-admin's companies and partners.
 *
 * Paths (all under /api; {partnerId} is a partner account the user is partner admin of, or any for a
 * super-admin; a company of another partner is 404):
 *   GET    /partners/{partnerId}/overview                        → PartnerOverview
 *   GET    /partners/{partnerId}/plans                           → PartnerPlansResponse
 *   GET    /partners/{partnerId}/companies?page&search           → PartnerCompaniesPage (also the user menu)
 *   POST   /partners/{partnerId}/companies         PartnerCompanyForm → PartnerCompanyDetail (201)
 *   POST   /partners/{partnerId}/estimate          PartnerEstimateRequest → PartnerEstimate
 *   GET    /partners/{partnerId}/companies/{companyId}           → PartnerCompanyDetail
 *   PUT    /partners/{partnerId}/companies/{companyId}            PartnerCompanyUpdate (rename, language)
 *   GET    /partners/{partnerId}/companies/{companyId}/can-be-removed → CanBeRemovedResult
 *   POST   /partners/{partnerId}/companies/{companyId}/can-edit  PartnerCanEditRequest → CanEditResult
 *   PUT    /partners/{partnerId}/companies/{companyId}/subscription PartnerCompanyForm → detail
 *   PUT    /partners/{partnerId}/companies/{companyId}/deactivate            → detail
 *   PUT    /partners/{partnerId}/companies/{companyId}/reactivate PartnerReactivateRequest → detail
 *   DELETE /partners/{partnerId}/companies/{companyId}           → 204 (409 'Unable to delete company')
 *   POST   /partners/{partnerId}/companies/{companyId}/managers   ManagerCreate → detail
 *   DELETE /partners/{partnerId}/companies/{companyId}/managers/{userId} → detail
 *   PUT    /partners/{partnerId}/companies/{companyId}/branding   PartnerBrandingUpdate → detail
 *          (the logo: PUT /companies/{companyId}/logo and POST /companies/{companyId}/remove_logo, which
 *          a partner admin may call as the company's admin)
 *   GET    /partners/{partnerId}/companies/{companyId}/features  → PartnerCompanyFeatures
 *   PUT    /partners/{partnerId}/companies/{companyId}/features  PartnerFeaturesUpdate → PartnerCompanyFeatures
 *   POST   /partners/{partnerId}/card            CardSetupRequest → CardSetup (the card step, as billing's)
 *   POST   /partners/{partnerId}/card/confirm    CardConfirmRequest → CardSetup (test provider's 3-D Secure)
 *   POST   /partners/{partnerId}/collect         PartnerCollectRequest → PartnerOverview (pay the dues;
 *          402 with the provider's message when the card is refused, which marks the dues failed)
 *   POST   /partners/{partnerId}/create_portal_session            → PortalSession
 *   GET    /partners/{partnerId}/credits                          → CreditsResponse
 *   GET    /data/manager/packages                                 → AssignablePackages (the banner, the form)
 *   POST   /data/manager/assignpackage     AssignPackageRequest   → AssignPackageResult
 *          (`_csrf` from AssignablePackages.csrf; a cross-site Origin is refused)
 *   GET    /admin/partners                                        → AdminPartnersResponse
 *   POST   /admin/partners                 AdminPartnerCreate     → AdminPartner (201)
 *   POST   /admin/companies                AdminCompanyCreate     → AdminCompany (201)
 *   PUT    /admin/companies/{companyId}/partner AdminAttachCompany → AdminCompany
 */
import { z } from 'zod';
import {
  addMonths,
  CanBeRemovedResult,
  CanEditResult,
  PaymentClientToken,
  SeatCount,
  Tier,
} from './billing.ts';
import { SubscriptionDefinition } from './companies.ts';
import { LANGUAGES, ROLES, type LanguageCode } from './constants.ts';
import { FEATURES, PLAN_INTEGRATIONS } from './entitlements.ts';
import { PARTNER_MESSAGES } from './messages.ts';
import { companyName, companyNameRule, hasNoControlCharacters, MESSAGES } from './validation.ts';

export { CanBeRemovedResult, CanEditResult };

export const PARTNER = {
  /** Partner company table page size (spec 3 §9). */
  pageSize: 20,
  /** The free plan: 10 seats, validity code 1200 (spec 3 §4). */
  freeSeats: 10,
  freeValidity: 1200,
  /** A timespan's default: valid until a year ahead (spec 3 §4). */
  defaultValidity: 12,
  /** The date picker's last day (spec 3 §5). */
  maxValidTill: '2200-01-02',
  /** A new company's name in assign package: at least three characters (spec 1 §5, §9). */
  assignNameMin: 3,
  /** The search box: a case-insensitive substring of the name. */
  searchMax: 150,
  currencyCode: 'EUR',
} as const;

/** Timespans in months (spec 3 §9); 1200 reads 'Eternal'; -1 is a custom date (validTill). */
export const PARTNER_TIMESPANS = [1, 3, 6, 12, 18, 24, 60, 120, 1200] as const;
export const CUSTOM_TIMESPAN = -1;
export type PartnerTimespan = (typeof PARTNER_TIMESPANS)[number] | typeof CUSTOM_TIMESPAN;

export function timespanLabel(months: PartnerTimespan): string {
  if (months === CUSTOM_TIMESPAN) return PARTNER_MESSAGES.custom;
  if (months === PARTNER.freeValidity) return PARTNER_MESSAGES.eternal;
  return months === 1 ? '1 month' : `${months} months`;
}

const isoDay = /^\d{4}-\d{2}-\d{2}(T.*)?$/;

/** A date the picker may give: an ISO date (or date-time) up to 2200-01-02. */
export const ValidTill = z
  .string()
  .regex(isoDay, PARTNER_MESSAGES.validTillInvalid)
  .refine((s) => !Number.isNaN(Date.parse(s)), PARTNER_MESSAGES.validTillInvalid)
  .refine((s) => s.slice(0, 10) <= PARTNER.maxValidTill, PARTNER_MESSAGES.validTillInvalid);

const timespan = z
  .number({ error: PARTNER_MESSAGES.timespanRequired })
  .int(PARTNER_MESSAGES.timespanRequired)
  .refine(
    (n) => n === CUSTOM_TIMESPAN || (PARTNER_TIMESPANS as readonly number[]).includes(n),
    PARTNER_MESSAGES.timespanRequired,
  );

const planCode = z
  .string({ error: PARTNER_MESSAGES.tierRequired })
  .trim()
  .min(1, PARTNER_MESSAGES.tierRequired)
  .max(100);

/**
 * The company subscription form (spec 3 §3, §5): companyName, the plan code, seats, the timespan
 * `valid` (months, 1200 Eternal, -1 custom) and validTill (the custom date, or the date picked when an
 * active subscription is edited). The server applies the free plan rule (10 seats, 1200) itself.
 */
export const PartnerCompanyForm = z
  .object({
    companyName: companyNameRule(PARTNER_MESSAGES.companyNameRequired),
    subscriptionCode: planCode,
    seats: z
      .number({ error: PARTNER_MESSAGES.seatsRequired })
      .int(PARTNER_MESSAGES.seatsRequired)
      .min(1, PARTNER_MESSAGES.seatsRequired)
      .max(100_000, PARTNER_MESSAGES.seatsRequired),
    valid: timespan,
    validTill: ValidTill.nullable().optional(),
  })
  .refine((f) => f.valid !== CUSTOM_TIMESPAN || !!f.validTill, {
    message: PARTNER_MESSAGES.validTillInvalid,
    path: ['validTill'],
  });
export type PartnerCompanyForm = z.infer<typeof PartnerCompanyForm>;

/**
 * Spec 3 §4: choosing a free plan sets seats to 10 and validity to 1200; leaving a free plan for a paid
 * one resets seats and validity (the form asks again). Pure, for the form and the server alike.
 */
export function formAfterPlanChange<F extends { seats: number | null; valid: number | null }>(
  form: F,
  from: { free: boolean } | null,
  to: { free: boolean },
): F {
  if (to.free) return { ...form, seats: PARTNER.freeSeats, valid: PARTNER.freeValidity };
  if (from?.free) return { ...form, seats: null, valid: null };
  return form;
}

/** The valid-to date a timespan gives from `now` (months; -1 takes validTill). */
export function validToFor(valid: number, validTill: string | null | undefined, now: Date): Date {
  if (valid === CUSTOM_TIMESPAN) return new Date(validTill!);
  return addMonths(now, valid);
}

/** Default valid-until: a year ahead (spec 3 §4), as YYYY-MM-DD. */
export const defaultValidTill = (now: Date): string =>
  addMonths(now, PARTNER.defaultValidity).toISOString().slice(0, 10);

/** A partner company is active while its valid_to lies in the future (spec 3 §4). */
export const isPartnerCompanyActive = (validTo: string | null, now: Date): boolean =>
  validTo !== null && Date.parse(validTo) > now.getTime();

// ---------------------------------------------------------------------------------------------------
// Plans, overview, estimate

/** A plan a partner may sell (the billing catalogue's families, priced monthly per company). */
export const PartnerPlan = z.object({
  code: z.string(),
  name: z.string(),
  free: z.boolean(),
  /** Monthly tiers, cents per month for the whole tier. */
  tiers: z.array(Tier),
  definition: SubscriptionDefinition,
});
export type PartnerPlan = z.infer<typeof PartnerPlan>;

export const PartnerPlansResponse = z.object({
  plans: z.array(PartnerPlan),
  /** The partner's own plan: what its customers' features stay within. */
  partnerPlan: z.object({ code: z.string(), name: z.string() }),
  currencyCode: z.string(),
});
export type PartnerPlansResponse = z.infer<typeof PartnerPlansResponse>;

export const PARTNER_PAYMENT_STATES = ['ok', 'due', 'failed'] as const;
export type PartnerPaymentState = (typeof PARTNER_PAYMENT_STATES)[number];

/** Spec 3 §3 Partner overview; amounts in cents. Rows count the active customers only. */
export const PartnerOverview = z.object({
  partnerId: z.string(),
  partnerName: z.string(),
  rows: z.array(
    z.object({
      planCode: z.string(),
      planName: z.string(),
      totalCompanies: z.number().int(),
      totalSeats: z.number().int(),
      totalMonthlyCost: z.number().int(),
    }),
  ),
  sumMonthlyCost: z.number().int(),
  /** Open and failed dues, cents. */
  totalDues: z.number().int(),
  /** True once the last collection paid every due (spec 3 §4 'Collecting marks the overview as collected'). */
  collected: z.boolean(),
  hasValidCard: z.boolean(),
  /** e.g. 'Visa •••• 4242'. */
  paymentMethod: z.string().nullable(),
  /** What the card step of the payments page needs (the spec's chargebeeSite and chargebeeClientKey). */
  paymentClient: PaymentClientToken,
  currencyCode: z.string(),
  /** The oldest open due's date, or null. */
  dueSince: z.string().nullable(),
  /** The banner: 'due' → 'Payment due' / 'Pay now'; 'failed' → 'Payment failed' / 'Update your payment method'. */
  paymentState: z.enum(PARTNER_PAYMENT_STATES),
  /** The partner's payment history (the payments page). */
  payments: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      description: z.string(),
      amount: z.number().int(),
      status: z.enum(['open', 'paid', 'failed']),
      paidAt: z.string().nullable(),
    }),
  ),
});
export type PartnerOverview = z.infer<typeof PartnerOverview>;

/** Spec 3 §7 estimation (partner, plan code, seats, company): the company's cost with the change. */
export const PartnerEstimateRequest = z.object({
  subscriptionCode: planCode,
  seats: SeatCount,
  /** The company being changed; left out for a new one. */
  companyId: z.uuid().optional(),
});
export type PartnerEstimateRequest = z.infer<typeof PartnerEstimateRequest>;

/** Spec 3 §3 Partner estimate, cents per month. */
export const PartnerEstimate = z.object({
  newCompanyTotal: z.number().int(),
  newPartnerTotal: z.number().int(),
  newPartnerTotalForPlan: z.number().int(),
  newPartnerSubscriptionSeats: z.number().int(),
  currencyCode: z.string(),
});
export type PartnerEstimate = z.infer<typeof PartnerEstimate>;

// ---------------------------------------------------------------------------------------------------
// Companies

export const PartnerCompaniesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  search: z.string().trim().max(PARTNER.searchMax).optional(),
});
export type PartnerCompaniesQuery = z.input<typeof PartnerCompaniesQuery>;

/** One row of the companies list (spec 3 §2.6); price is the monthly price in cents. */
export const PartnerCompanyRow = z.object({
  company_id: z.string(),
  company_name: z.string(),
  subscriptionName: z.string().nullable(),
  subscriptionCode: z.string().nullable(),
  allowedUsers: z.number().int().nullable(),
  userCount: z.number().int(),
  valid_to: z.string().nullable(),
  price: z.number().int(),
  /** valid_to in the future. */
  active: z.boolean(),
});
export type PartnerCompanyRow = z.infer<typeof PartnerCompanyRow>;

/** GET /partners/{partnerId}/companies: 20 a page, by name ascending (the user menu reads id and name). */
export const PartnerCompaniesPage = z.object({
  rows: z.array(PartnerCompanyRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PartnerCompaniesPage = z.infer<typeof PartnerCompaniesPage>;

export const PartnerCompanySubscription = z.object({
  code: z.string(),
  name: z.string(),
  free: z.boolean(),
  seats: z.number().int().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  active: z.boolean(),
  /** Monthly, cents. */
  price: z.number().int(),
});
export type PartnerCompanySubscription = z.infer<typeof PartnerCompanySubscription>;

export const PartnerManager = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.union([z.literal(ROLES.admin), z.literal(ROLES.viewer)]),
  created: z.string(),
});
export type PartnerManager = z.infer<typeof PartnerManager>;

/** Spec 3 §2.6 company details: 'Joined on {date} · N employees · N active training programs · N active assessments'. */
export const PartnerCompanyDetail = z.object({
  company_id: z.string(),
  company_name: z.string(),
  company_created: z.string(),
  partnerId: z.string(),
  users_total: z.number().int(),
  activeTrainings: z.number().int(),
  activeAssessments: z.number().int(),
  defaultLanguage: z.string(),
  subscription: PartnerCompanySubscription.nullable(),
  managers: z.array(PartnerManager),
  /** The customer's Brand colour (the default green when it sets none) and logo address, or null. */
  primaryColor: z.string(),
  logoUrl: z.string().nullable(),
});
export type PartnerCompanyDetail = z.infer<typeof PartnerCompanyDetail>;

const languageCode = z.enum(LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]]);

/** Rename ('Rename company': 4–150 characters) and the default language for its employees. */
export const PartnerCompanyUpdate = z
  .object({ companyName: companyName.optional(), defaultLanguage: languageCode.optional() })
  .strict();
export type PartnerCompanyUpdate = z.infer<typeof PartnerCompanyUpdate>;

/** Spec 3 §7 can-edit-subscription (partner, company, plan code, new seats). */
export const PartnerCanEditRequest = z.object({ subscriptionCode: planCode, newSeats: SeatCount });
export type PartnerCanEditRequest = z.infer<typeof PartnerCanEditRequest>;

/** Reactivate: a new timespan from today (default 12 months). */
export const PartnerReactivateRequest = z.object({
  valid: timespan.default(PARTNER.defaultValidity),
  validTill: ValidTill.nullable().optional(),
});
export type PartnerReactivateRequest = z.input<typeof PartnerReactivateRequest>;

/** The customer's colour (null clears it); the logo has its own upload. */
export const PartnerBrandingUpdate = z
  .object({
    primaryColor: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Choose a colour like #2f9e44')
      .nullable(),
  })
  .strict();
export type PartnerBrandingUpdate = z.infer<typeof PartnerBrandingUpdate>;

/** The plan features a partner sets for a customer (within its own plan). */
export const PARTNER_FEATURES = FEATURES.filter((f) => f !== 'trainings');
export type PartnerFeature = (typeof PARTNER_FEATURES)[number];

const featureRecord = z.object(
  Object.fromEntries(PARTNER_FEATURES.map((f) => [f, z.boolean()])) as Record<PartnerFeature, z.ZodBoolean>,
);
const integrationRecord = z.object(
  Object.fromEntries(PLAN_INTEGRATIONS.map((i) => [i, z.boolean()])) as Record<
    (typeof PLAN_INTEGRATIONS)[number],
    z.ZodBoolean
  >,
);

/** GET …/features: what the customer has, what the partner's plan allows, and needsUpgrade per integration. */
export const PartnerCompanyFeatures = z.object({
  features: featureRecord,
  integrations: integrationRecord,
  allowed: z.object({ features: featureRecord, integrations: integrationRecord }),
  needsUpgrade: integrationRecord,
});
export type PartnerCompanyFeatures = z.infer<typeof PartnerCompanyFeatures>;

/** PUT …/features: any of them; one outside the partner's plan is refused (403). */
export const PartnerFeaturesUpdate = z
  .object({
    features: featureRecord.partial().strict().optional(),
    integrations: integrationRecord.partial().strict().optional(),
  })
  .strict();
export type PartnerFeaturesUpdate = z.infer<typeof PartnerFeaturesUpdate>;

/** POST …/collect: a new card from the card step, or none to charge the card on file. */
export const PartnerCollectRequest = z.object({ paymentNonce: z.string().max(2000).optional() });
export type PartnerCollectRequest = z.infer<typeof PartnerCollectRequest>;

/** The provider's billing portal; null when the provider has none (the built-in test provider). */
export const PortalSession = z.object({ url: z.string().nullable() });

// ---------------------------------------------------------------------------------------------------
// Credits and assign package (spec 1 §3 Unused package, §5, §7, §8)

/** Spec 1 §3 Unused package: id, users, company_name (who holds it: the partner or the company). */
export const UnusedPackage = z.object({
  id: z.string(),
  users: z.number().int(),
  company_name: z.string(),
  planCode: z.string(),
  planName: z.string(),
  /** How long the subscription it gives runs. */
  months: z.number().int(),
  partnerId: z.string().nullable(),
  companyId: z.string().nullable(),
});
export type UnusedPackage = z.infer<typeof UnusedPackage>;

export const CreditsResponse = z.object({ packages: z.array(UnusedPackage) });
export type CreditsResponse = z.infer<typeof CreditsResponse>;

/** GET /data/manager/packages: the user's unused packages, the companies they may go to, and the form's token. */
export const AssignablePackages = z.object({
  packages: z.array(UnusedPackage),
  companies: z.array(z.object({ company_id: z.string(), company_name: z.string() })),
  csrf: z.string(),
});
export type AssignablePackages = z.infer<typeof AssignablePackages>;

/** The new company's name in assign package (spec 1 §5): at least three characters. */
export const assignCompanyName = z
  .string()
  .trim()
  .min(PARTNER.assignNameMin, PARTNER_MESSAGES.assignNameTooShort)
  .max(150, 'Company name must be between 4 and 150 characters')
  .refine(hasNoControlCharacters, MESSAGES.controlCharacters);

/**
 * Spec 1 §3 Assign package payload: company_id (an existing company) or new_company_name, package_id,
 * _csrf. Exactly one of company_id and new_company_name.
 */
export const AssignPackageRequest = z
  .object({
    company_id: z.uuid().nullable().optional(),
    new_company_name: assignCompanyName.nullable().optional(),
    package_id: z.uuid(),
    _csrf: z.string().min(1).max(200),
  })
  .refine((r) => !!r.company_id !== !!r.new_company_name, {
    message: PARTNER_MESSAGES.chooseCompany,
    path: ['company_id'],
  });
export type AssignPackageRequest = z.infer<typeof AssignPackageRequest>;

/** The new-company name check the form runs as one types (spec 1 §5); null when fine. */
export function assignNameProblem(name: string, existing: readonly string[]): string | null {
  const trimmed = name.trim();
  if (trimmed.length < PARTNER.assignNameMin) return PARTNER_MESSAGES.assignNameTooShort;
  const lower = trimmed.toLowerCase();
  if (existing.some((n) => n.trim().toLowerCase() === lower)) return PARTNER_MESSAGES.assignNameTaken;
  return null;
}

/** Success; a failure is the usual error payload whose description follows 'Credit assign failed.'. */
export const AssignPackageResult = z.object({ success: z.literal(true), company_id: z.string() });
export type AssignPackageResult = z.infer<typeof AssignPackageResult>;

// ---------------------------------------------------------------------------------------------------
// Super-admin

export const AdminPartner = z.object({
  id: z.string(),
  name: z.string(),
  planCode: z.string(),
  companies: z.number().int(),
  admins: z.array(z.object({ userId: z.string(), email: z.string(), name: z.string() })),
});
export type AdminPartner = z.infer<typeof AdminPartner>;
export const AdminPartnersResponse = z.object({ rows: z.array(AdminPartner) });

const adminPerson = {
  adminEmail: z.email('Please enter a correct work email').max(100),
  adminName: z.string().trim().max(100).optional(),
};

export const AdminPartnerCreate = z.object({
  name: companyName,
  planCode: planCode.default('premium'),
  ...adminPerson,
});
export type AdminPartnerCreate = z.input<typeof AdminPartnerCreate>;

export const AdminCompanyCreate = z.object({
  companyName,
  partnerId: z.uuid().nullable().optional(),
  adminEmail: adminPerson.adminEmail.optional(),
  adminName: adminPerson.adminName,
});
export type AdminCompanyCreate = z.input<typeof AdminCompanyCreate>;

export const AdminAttachCompany = z.object({ partnerId: z.uuid().nullable() });
export type AdminAttachCompany = z.infer<typeof AdminAttachCompany>;

export const AdminCompany = z.object({
  company_id: z.string(),
  company_name: z.string(),
  partnerId: z.string().nullable(),
});
export type AdminCompany = z.infer<typeof AdminCompany>;
