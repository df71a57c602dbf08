import { describe, expect, it } from 'vitest';
import {
  addMonths,
  baseIdOf,
  BillingInfo,
  couponDiscount,
  couponProblem,
  estimateChange,
  formatPrice,
  isCouponError,
  overageCharge,
  perUserPrice,
  planButtonText,
  tierFor,
  tierLabel,
  termDays,
  unusedShare,
  type Coupon,
  type Tier,
} from './billing.ts';
import { COUNTRIES } from './billing-countries.ts';

const TIERS: Tier[] = [
  { starting_unit: 1, ending_unit: 50, price: 9900 },
  { starting_unit: 51, ending_unit: 100, price: 17900 },
  { starting_unit: 101, ending_unit: 300, price: 39900 },
  { starting_unit: 301, ending_unit: null, price: 59900 },
];
const d = (iso: string) => new Date(`${iso}T00:00:00Z`);
const coupon = (c: Partial<Coupon>): Coupon => ({
  code: 'X',
  kind: 'percent',
  value: 10,
  duration: 'once',
  validTill: null,
  description: '',
  ...c,
});

describe('tiers and prices', () => {
  it.each([
    [1, 9900],
    [50, 9900],
    [51, 17900],
    [300, 39900],
    [301, 59900],
    [999, 59900],
  ])('%i seats fall in the tier priced %i', (seats, price) => {
    expect(tierFor(TIERS, seats)?.price).toBe(price);
  });

  it('finds no tier below the first one, labels an open-ended tier up to 500', () => {
    expect(tierFor(TIERS, 0)).toBeNull();
    expect(tierLabel(TIERS[0]!)).toBe('up to 50');
    expect(tierLabel(TIERS[3]!)).toBe('up to 500');
  });

  it.each([
    // tier price, period, seats, per-user price shown
    [39900, 'monthly', 300, '1.33'],
    [399000, 'yearly', 300, '1.11'],
    [9900, 'monthly', 10, '9.90'],
    [99000, 'yearly', 50, '1.65'],
  ] as const)('%i cents %s for %i seats is %s per user and month', (price, period, seats, shown) => {
    expect(perUserPrice(price, period, seats).toFixed(2)).toBe(shown);
  });

  it('shows cents as units with two decimals', () => {
    expect(formatPrice(399000)).toBe('3990.00');
    expect(formatPrice(5)).toBe('0.05');
  });
});

describe('billing dates', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-03-15', 12, '2027-03-15'],
    ['2026-12-31', 1, '2027-01-31'],
    ['2028-02-29', 12, '2029-02-28'],
  ])('%s plus %i months is %s', (from, months, to) => {
    expect(addMonths(d(from), months).toISOString().slice(0, 10)).toBe(to);
  });

  it('measures the unused share of a term', () => {
    expect(unusedShare(d('2026-04-01'), d('2026-05-01'), d('2026-04-16'))).toBe(0.5);
    expect(unusedShare(d('2026-04-01'), d('2026-05-01'), d('2026-06-01'))).toBe(0);
    expect(unusedShare(d('2026-04-01'), d('2026-05-01'), d('2026-03-01'))).toBe(1);
    // Any time of the change day counts that day as unused.
    expect(unusedShare(d('2026-04-01'), d('2026-05-01'), new Date('2026-04-16T23:59:00Z'))).toBe(0.5);
    expect(unusedShare(d('2026-04-01'), d('2026-05-01'), new Date('2026-04-16T00:00:01Z'))).toBe(0.5);
  });
});

describe('coupons', () => {
  it.each([
    ['percent', 10, 39900, 3990],
    ['percent', 15, 9999, 1500],
    ['percent', 100, 9900, 9900],
    ['amount', 5000, 39900, 5000],
    ['amount', 5000, 3000, 3000],
  ] as const)('%s %i off %i takes %i', (kind, value, amount, off) => {
    expect(couponDiscount(coupon({ kind, value }), amount)).toBe(off);
  });

  it('refuses an unknown or expired coupon with a message starting with coupon', () => {
    const now = d('2026-06-01');
    expect(couponProblem(null, now)).toBe('coupon_code is not valid');
    expect(couponProblem(coupon({ validTill: d('2026-05-31') }), now)).toBe('coupon_code has expired');
    expect(couponProblem(coupon({ validTill: d('2026-06-02') }), now)).toBeNull();
    expect(isCouponError(couponProblem(null, now)!)).toBe(true);
    expect(isCouponError('Your card was declined.')).toBe(false);
  });
});

describe('estimates', () => {
  const term = (price: number, period: 'monthly' | 'yearly', from: string, to: string) => ({
    price,
    period,
    termStart: d(from),
    termEnd: d(to),
  });

  it.each([
    {
      name: 'first purchase, yearly, 10 % once',
      input: { current: null, price: 399000, period: 'yearly', coupon: coupon({}), now: '2026-03-01' },
      out: {
        subTotal: 399000,
        discount: 39900,
        creditsApplied: 0,
        total: 359100,
        creditLeft: 0,
        next: '2027-03-01',
        nextTotal: 399000,
      },
    },
    {
      name: 'upgrade half-way through a month',
      input: {
        current: term(39900, 'monthly', '2026-04-01', '2026-05-01'),
        price: 59900,
        period: 'monthly',
        coupon: null,
        now: '2026-04-16',
      },
      out: {
        subTotal: 29950,
        discount: 0,
        creditsApplied: 19950,
        total: 10000,
        creditLeft: 0,
        next: '2026-05-01',
        nextTotal: 59900,
      },
    },
    {
      name: 'downgrade half-way leaves credit for unused time',
      input: {
        current: term(59900, 'monthly', '2026-04-01', '2026-05-01'),
        price: 17900,
        period: 'monthly',
        coupon: null,
        now: '2026-04-16',
      },
      out: {
        subTotal: 8950,
        discount: 0,
        creditsApplied: 8950,
        total: 0,
        creditLeft: 21000,
        next: '2026-05-01',
        nextTotal: 17900,
      },
    },
    {
      name: 'monthly to yearly starts a new term, crediting the unused month',
      input: {
        current: term(39900, 'monthly', '2026-04-01', '2026-05-01'),
        price: 399000,
        period: 'yearly',
        coupon: null,
        now: '2026-04-16',
      },
      out: {
        subTotal: 399000,
        discount: 0,
        creditsApplied: 19950,
        total: 379050,
        creditLeft: 0,
        next: '2027-04-16',
        nextTotal: 399000,
      },
    },
    {
      name: 'seats up a third into the month, rounded to the cent',
      input: {
        current: term(39900, 'monthly', '2026-04-01', '2026-05-01'),
        price: 59900,
        period: 'monthly',
        coupon: null,
        now: '2026-04-11',
      },
      out: {
        subTotal: 39933,
        discount: 0,
        creditsApplied: 26600,
        total: 13333,
        creditLeft: 0,
        next: '2026-05-01',
        nextTotal: 59900,
      },
    },
  ] as const)('$name', ({ input, out }) => {
    const r = estimateChange({ ...input, creditBalance: 0, now: d(input.now) });
    expect({
      subTotal: r.subTotal,
      discount: r.discount,
      creditsApplied: r.creditsApplied,
      total: r.total,
      creditLeft: r.creditLeft,
      next: r.nextBillingAt.toISOString().slice(0, 10),
      nextTotal: r.nextInvoiceTotal,
    }).toEqual(out);
  });

  it('applies an amount coupon forever and an earlier credit balance', () => {
    const r = estimateChange({
      current: null,
      price: 9900,
      period: 'monthly',
      coupon: coupon({ kind: 'amount', value: 2000, duration: 'forever' }),
      creditBalance: 5000,
      now: d('2026-01-31'),
    });
    expect(r).toMatchObject({
      subTotal: 9900,
      discount: 2000,
      creditsApplied: 5000,
      total: 2900,
      nextInvoiceTotal: 7900,
    });
    expect(r.nextBillingAt.toISOString().slice(0, 10)).toBe('2026-02-28');
  });
});

describe('plan buttons (spec 3 §4)', () => {
  const plan = { baseId: 'business', name: 'Business' };
  it.each([
    [{ baseId: null, seats: null, period: null }, { seats: 300, period: 'yearly' }, 'Choose Business', false],
    [
      { baseId: 'essentials', seats: 300, period: 'yearly' },
      { seats: 300, period: 'yearly' },
      'Choose Business',
      false,
    ],
    [
      { baseId: 'business', seats: 300, period: 'yearly' },
      { seats: 300, period: 'yearly' },
      'Current plan',
      true,
    ],
    [
      { baseId: 'business', seats: 300, period: 'yearly' },
      { seats: 200, period: 'yearly' },
      'Change seats',
      false,
    ],
    [
      { baseId: 'business', seats: 300, period: 'monthly' },
      { seats: 300, period: 'yearly' },
      'Bill annually',
      false,
    ],
    [
      { baseId: 'business', seats: 300, period: 'yearly' },
      { seats: 100, period: 'monthly' },
      'Change seats & Bill monthly',
      false,
    ],
  ] as const)('current %o, choice %o: %s', (current, choice, text, disabled) => {
    expect(planButtonText(plan, choice, current)).toEqual({ text, disabled });
  });

  it('names a family from a plan id', () => {
    expect(baseIdOf('business-yearly')).toBe('business');
    expect(baseIdOf('free')).toBe('free');
  });
});

describe('billing form', () => {
  it('requires names and a valid email; the rest is optional', () => {
    expect(BillingInfo.safeParse({ firstName: 'Ada', lastName: 'L', email: 'ada@example.com' }).success).toBe(
      true,
    );
    const bad = BillingInfo.safeParse({ firstName: '', lastName: 'L', email: 'nope' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path[0])).toEqual(['firstName', 'email']);
  });

  it('offers every ISO 3166 country once', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(249);
    expect(COUNTRIES.find((c) => c.code === 'DE')?.name).toBe('Germany');
  });
});

describe('overage: seat-days over the plan at the per-seat daily price, rounded once', () => {
  it.each([
    // price, seats bought, days in term, days over (seats, used), seat-days, cents
    // 5 seat-days × 9 900 / 10 / 31 = 159.68
    [
      9900,
      10,
      31,
      [
        [10, 12],
        [10, 13],
      ],
      5,
      160,
    ],
    // 5 × 9 900 / 10 / 30 = 165
    [
      9900,
      10,
      30,
      [
        [10, 12],
        [10, 13],
      ],
      5,
      165,
    ],
    // 7 × 179 000 / 100 / 365 = 34.33 (rounding each day, 7 × 4.90 → 7 × 5, would give 35)
    [179000, 100, 365, Array.from({ length: 7 }, () => [100, 101]), 7, 34],
    // a leap year: 10 × 399 000 / 300 / 366 = 36.34
    [399000, 300, 366, [[300, 310]], 10, 36],
    // days at or under the seats bill nothing
    [
      9900,
      10,
      31,
      [
        [10, 9],
        [10, 10],
      ],
      0,
      0,
    ],
    [9900, 10, 31, [], 0, 0],
  ] as Array<[number, number, number, number[][], number, number]>)(
    'price %i for %i seats over %i days',
    (price, seats, days, over, seatDays, amount) => {
      expect(
        overageCharge({
          price,
          seats,
          termDays: days,
          days: over.map(([s, u]) => ({ seats: s!, used: u! })),
        }),
      ).toEqual({ seatDays, amount });
    },
  );

  it('counts whole days in a term', () => {
    expect(termDays(d('2026-01-01'), d('2026-02-01'))).toBe(31);
    expect(termDays(d('2026-02-01'), d('2026-03-01'))).toBe(28);
    expect(termDays(d('2028-01-01'), d('2029-01-01'))).toBe(366);
  });
});
