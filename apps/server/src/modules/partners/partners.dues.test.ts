import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mails, partnerAccounts, partnerAdmins, partnerDues } from '../../db/schema/index.ts';
import { bearer, createManager, createPartner, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { billingFor } from '../billing/billing.service.ts';
import { TEST_CARDS } from '../billing/test-provider.ts';
import { billPastMonth, pastMonth } from './partners.dues.ts';
import { insertCustomer } from './partners.queries.ts';
import { monthlyPrice } from './partners.service.ts';

const DAY = 86_400_000;
/** The job's run on 1 November 2026 bills October. */
const RUN = new Date(Date.UTC(2026, 10, 1, 3, 30));

describe.each(testDatabases())('partner dues job on %s', (kind) => {
  let t: TestApp;
  const partners: Record<'noCard' | 'card' | 'declined' | 'idle', { id: string; admin: string }> =
    {} as never;
  let cardToken: string;

  async function customer(partnerId: string, name: string, seats: number, validTo: Date) {
    await insertCustomer(t.ctx.db, partnerId, {
      name,
      subscription: {
        packageName: 'Business',
        planCode: 'business',
        seats,
        definition: {},
        validFrom: new Date(Date.UTC(2026, 0, 1)),
        validTo,
      },
    });
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.ctx.db;
    for (const key of ['noCard', 'card', 'declined', 'idle'] as const) {
      const admin = await createManager(db, { email: `${key.toLowerCase()}@partner.example`, name: key });
      const partner = await createPartner(db, admin.id, `Partner ${key}`);
      partners[key] = { id: partner.id, admin: admin.email };
    }
    const later = new Date(Date.UTC(2030, 0, 1));
    for (const key of ['noCard', 'card', 'declined'] as const) {
      await customer(partners[key].id, `${key} One`, 40, later);
      await customer(partners[key].id, `${key} Two`, 120, later);
      // Expired in the middle of October: not valid at the month's end, so not billed (the overview's rule).
      await customer(partners[key].id, `${key} Gone`, 300, new Date(Date.UTC(2026, 9, 15)));
    }
    // A partner whose only customer has expired owes nothing: no due is made.
    await customer(partners.idle.id, 'Idle One', 40, new Date(Date.UTC(2026, 5, 1)));
    // A second admin of the partner with a card: both are mailed.
    const adminId = (await createManager(db, { email: 'card-admin@partner.example' })).id;
    await db.insert(partnerAdmins).values({ partnerAccountId: partners.card.id, userId: adminId });
    cardToken = await signIn(t, adminId);
    // Cards on file as the payments page leaves them (the card step, then collect): one that pays, one
    // the test provider declines when charged again (its renewal-declined test card).
    const onFile = async (partnerId: string, customerId: string, paymentMethod: string) =>
      db
        .update(partnerAccounts)
        .set({ billingProvider: 'test', billingCustomerId: customerId, paymentMethod })
        .where(eq(partnerAccounts.id, partnerId));
    await onFile(partners.card.id, 'tcus_card', 'Visa •••• 4242');
    await onFile(partners.declined.id, 'tcus_declined', `Visa •••• ${TEST_CARDS.renewalDeclined.slice(-4)}`);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const duesOf = (partnerId: string) =>
    t.ctx.db.select().from(partnerDues).where(eq(partnerDues.partnerAccountId, partnerId));
  const mailsTo = (to: string) =>
    t.ctx.db
      .select()
      .from(mails)
      .where(and(eq(mails.toAddress, to), eq(mails.kind, 'partner-dues')));

  it('names the month before the run', () => {
    expect(pastMonth(RUN)).toMatchObject({ period: '2026-10', name: 'October 2026' });
    expect(pastMonth(new Date(Date.UTC(2027, 0, 1))).period).toBe('2026-12');
    expect(pastMonth(new Date(Date.UTC(2026, 11, 31, 23, 59))).period).toBe('2026-11');
  });

  it('bills the past month once per partner, however often and concurrently it runs', async () => {
    await Promise.all([billPastMonth(t.ctx, RUN), billPastMonth(t.ctx, RUN)]);
    await billPastMonth(t.ctx, new Date(RUN.getTime() + 3 * DAY));

    const expected = monthlyPrice('business', 40) + monthlyPrice('business', 120);
    expect(expected).toBeGreaterThan(0);
    for (const key of ['noCard', 'card', 'declined'] as const) {
      const dues = await duesOf(partners[key].id);
      expect(dues, key).toHaveLength(1);
      expect(dues[0]).toMatchObject({
        period: '2026-10',
        amount: expected,
        description: 'Dues for October 2026: 2 companies, 160 seats',
      });
      expect(dues[0]!.billedAt).not.toBeNull();
    }
    expect(await duesOf(partners.idle.id)).toHaveLength(0);

    const [noCard] = await duesOf(partners.noCard.id);
    expect(noCard).toMatchObject({ status: 'open', providerPaymentId: null });
    const [paid] = await duesOf(partners.card.id);
    expect(paid).toMatchObject({ status: 'paid' });
    expect(paid!.providerPaymentId).toMatch(/^tpay_/);
    expect(paid!.paidAt).not.toBeNull();
    const [declined] = await duesOf(partners.declined.id);
    expect(declined).toMatchObject({ status: 'failed', providerPaymentId: null });
  });

  it('the overview shows what the job made: due, paid, failed', async () => {
    const overview = async (partnerId: string, token: string) =>
      (
        await t.inject({
          method: 'GET',
          url: `/api/partners/${partnerId}/overview`,
          headers: bearer(token),
        })
      ).json();
    const paid = await overview(partners.card.id, cardToken);
    expect(paid).toMatchObject({ paymentState: 'ok', collected: true, totalDues: 0 });
    // Its monthly sum (now) is what October was billed: the same customers are valid.
    expect(paid.payments[0]).toMatchObject({ amount: paid.sumMonthlyCost, status: 'paid' });
  });

  it('mails each partner admin once, saying what became of the dues', async () => {
    const everyone = [
      partners.card.admin,
      'card-admin@partner.example',
      partners.noCard.admin,
      partners.declined.admin,
    ];
    await expect
      .poll(async () => (await Promise.all(everyone.map(mailsTo))).every((m) => m.length > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    // A little longer, to be sure no second mail follows.
    await new Promise((r) => setTimeout(r, 2500));
    const subjects = async (to: string) => (await mailsTo(to)).map((m) => m.subject);
    expect(await subjects(partners.card.admin)).toEqual(['Your Vigil partner dues were paid']);
    expect(await subjects('card-admin@partner.example')).toEqual(['Your Vigil partner dues were paid']);
    expect(await subjects(partners.noCard.admin)).toEqual(['Your Vigil partner dues are due']);
    expect(await subjects(partners.declined.admin)).toEqual(['Payment failed for your Vigil partner dues']);
    const [due] = await mailsTo(partners.noCard.admin);
    expect(due!.text).toContain('Dues for October 2026: 2 companies, 160 seats (Partner noCard)');
    expect(due!.text).toContain(`http://localhost:3000/partner/${partners.noCard.id}/payments/`);
    expect(await mailsTo(partners.idle.admin)).toHaveLength(0);
  });

  it('finishes a due a crash left unbilled, charging it once', async () => {
    // As if the process died after creating November's due, before charging it.
    const december = new Date(Date.UTC(2026, 11, 1, 3, 30));
    await t.ctx.db.insert(partnerDues).values({
      partnerAccountId: partners.card.id,
      period: '2026-11',
      amount: 777,
      description: 'Dues for November 2026: 2 companies, 160 seats',
    });
    await billPastMonth(t.ctx, december);
    await billPastMonth(t.ctx, december);
    const november = (await duesOf(partners.card.id)).filter((d) => d.period === '2026-11');
    expect(november).toHaveLength(1);
    // The due as it was created is kept (not recomputed), and charged.
    expect(november[0]).toMatchObject({ amount: 777, status: 'paid' });
    expect(november[0]!.billedAt).not.toBeNull();
  });

  it('charges once per idempotency key (the test provider answers the same payment)', async () => {
    const charge = () =>
      billingFor(t.ctx).provider.chargeOnce({
        ownerId: partners.card.id,
        customerId: 'tcus_card',
        paymentNonce: null,
        amount: 100,
        description: 'x',
        email: null,
        idempotencyKey: 'partner-due-1',
      });
    const [a, b] = [await charge(), await charge()];
    expect(a.paymentId).toBe(b.paymentId);
  });
});
