import {
  BILLING,
  type Coupon,
  type Plan,
  type PlanDefinition,
  type PlanVariant,
  type Tier,
} from '@vigil/shared';

/**
 * The plan catalogue, as data. A change of prices or plans is a new version: companies keep the plan
 * they bought (billing_accounts.price holds what they pay) until their next change. With Stripe, every
 * plan variant is a tiered Price (volume mode, a flat amount per tier) whose lookup key is the plan id.
 */
export const CATALOGUE_VERSION = 1;

/** Monthly tiers (cents per month for the whole tier, 'stairstep'); a year costs ten months. */
const monthlyTiers = (prices: [number, number, number, number]): Tier[] => [
  { starting_unit: 1, ending_unit: 50, price: prices[0] },
  { starting_unit: 51, ending_unit: 100, price: prices[1] },
  { starting_unit: 101, ending_unit: 300, price: prices[2] },
  { starting_unit: 301, ending_unit: null, price: prices[3] },
];
const yearly = (tiers: Tier[]): Tier[] =>
  tiers.map((t) => ({ ...t, price: t.price * (12 - BILLING.annualFreeMonths) }));

const DIRECTORY = ['google', 'azure'];
const ALL_INTEGRATIONS = ['slack', 'teams', 'google', 'azure', 'azuresso'];

interface Family {
  baseId: string;
  name: string;
  free?: boolean;
  description: string;
  keyFacts: string[];
  recommended?: boolean;
  tiers: Tier[];
  definition: PlanDefinition;
}

const FAMILIES: Family[] = [
  {
    baseId: 'free',
    name: 'Free',
    free: true,
    description: 'Try training programs with a small team.',
    keyFacts: [`Up to ${BILLING.freeSeats} employees`, 'Training programs', 'Email support'],
    tiers: [{ starting_unit: 1, ending_unit: BILLING.freeSeats, price: 0 }],
    definition: { trainingSubjects: 'all', assessmentQuestions: [], integrations: [], overage: false },
  },
  {
    baseId: 'essentials',
    name: 'Essentials',
    description: 'Security-awareness training for every employee.',
    keyFacts: ['All training subjects', 'Google and Azure AD employee sync', 'Certificates'],
    tiers: monthlyTiers([5900, 9900, 24900, 39900]),
    definition: { trainingSubjects: 'all', assessmentQuestions: [], integrations: DIRECTORY, overage: false },
  },
  {
    baseId: 'business',
    name: 'Business',
    description: 'Training and human-risk assessments, delivered where people work.',
    keyFacts: ['Everything in Essentials', 'Human-risk assessments', 'Slack and Teams delivery'],
    recommended: true,
    tiers: monthlyTiers([9900, 17900, 39900, 59900]),
    definition: {
      trainingSubjects: 'all',
      assessmentQuestions: 'all',
      integrations: ALL_INTEGRATIONS,
      overage: true,
    },
  },
  {
    baseId: 'premium',
    name: 'Premium',
    description: 'Your own content, brand and sign-in on top of Business.',
    keyFacts: ['Everything in Business', 'SCORM and cmi5 packages', 'Branding, single sign-on and API'],
    tiers: monthlyTiers([14900, 26900, 59900, 89900]),
    definition: {
      trainingSubjects: 'all',
      assessmentQuestions: 'all',
      integrations: ALL_INTEGRATIONS,
      scorm: true,
      branding: true,
      sso: true,
      api: true,
      overage: true,
    },
  },
];

function variant(f: Family, period: 'monthly' | 'yearly'): PlanVariant {
  return {
    id: `${f.baseId}-${period}`,
    period_unit: period === 'monthly' ? 'month' : 'year',
    description: f.description,
    keyFacts: f.keyFacts,
    recommended: f.recommended ?? false,
    tiers: period === 'monthly' ? f.tiers : yearly(f.tiers),
    definition: f.definition,
  };
}

export const PLANS: Plan[] = FAMILIES.map((f) => ({
  baseId: f.baseId,
  name: f.name,
  free: f.free ?? false,
  monthly: variant(f, 'monthly'),
  yearly: variant(f, 'yearly'),
}));

/** A plan variant by id, with its family. */
export function findPlan(planId: string): { plan: Plan; variant: PlanVariant } | null {
  for (const plan of PLANS) {
    if (plan.monthly.id === planId) return { plan, variant: plan.monthly };
    if (plan.yearly.id === planId) return { plan, variant: plan.yearly };
  }
  return null;
}

/** The built-in test provider's coupons (Stripe has its own promotion codes). */
export const TEST_COUPONS: Coupon[] = [
  {
    code: 'WELCOME10',
    kind: 'percent',
    value: 10,
    duration: 'forever',
    validTill: null,
    description: '10 % off every invoice',
  },
  {
    code: 'SAVE50',
    kind: 'amount',
    value: 5000,
    duration: 'once',
    validTill: null,
    description: '50.00 off the first invoice',
  },
  {
    code: 'LAUNCH2025',
    kind: 'percent',
    value: 25,
    duration: 'once',
    validTill: new Date('2025-12-31T23:59:59Z'),
    description: '25 % off the first invoice',
  },
];
