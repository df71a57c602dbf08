/**
 * Seats beyond the plan (issue 18): a plan that allows overage lets employees in and records each
 * day over its seats; the renewal invoice of the term charges those seat-days as 'Additional seats'
 * at the plan's per-seat daily price. A plan without overage still refuses them.
 */
import { and, eq } from 'drizzle-orm';
import { ENTITLEMENT_MESSAGES } from '@vigil/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts, billingInvoices, seatOverages } from '../../db/schema/index.ts';
import { hasPoppler, pdfText } from '../../lib/pdf/pdf-test-utils.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { TEST_CARDS } from './test-provider.ts';

const DAY = 86_400_000;
const DETAILS = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@overage.example', country: 'GB' };
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

describe.each(testDatabases())('seat overage billing (test provider) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A company whose admin bought `planId` for `seats` seats with the test card, and one list. */
  async function companyOnPlan(planId: string, seats: number) {
    const company = await createCompany(t.ctx.db, { name: `Overage ${planId}` });
    const manager = await createManager(t.ctx.db);
    await addMember(t.ctx.db, company.id, manager.id, 1);
    const token = await signIn(t, manager.id);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.inject({ method, url: `/api/companies/${company.id}${url}`, headers: bearer(token), payload });
    const card = await call('POST', '/subscriptions/card', {
      card: { number: TEST_CARDS.success, expiry: '12/34', cvc: '123' },
      amount: 100,
    });
    expect(card.statusCode, card.body).toBe(200);
    const bought = await call('POST', '/subscriptions', {
      planId,
      seats,
      billing: DETAILS,
      paymentNonce: card.json().paymentNonce,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const list = (await call('POST', '/lists', { name: 'Everyone' })).json<{ id: string }>().id;
    const add = (from: number, to: number) =>
      call('POST', `/lists/${list}/users`, {
        users: Array.from({ length: to - from }, (_, i) => ({
          email: `p${from + i}@${company.id.slice(0, 8)}.example`,
          name: '',
        })),
      });
    return { company, call, add };
  }

  it('bills the seat-days over the plan on the renewal invoice, as "Additional seats"', async () => {
    const c = await companyOnPlan('business-monthly', 10);
    // The ended term: 31 whole days, ending at midnight UTC yesterday.
    const termEnd = new Date(Math.floor(Date.now() / DAY) * DAY - DAY);
    const termStart = new Date(termEnd.getTime() - 31 * DAY);
    const dayOne = new Date(termStart.getTime() + 3 * DAY);
    const dayTwo = new Date(termStart.getTime() + 10 * DAY);
    const moveToday = async (to: Date) =>
      t.ctx.db
        .update(seatOverages)
        .set({ day: utcDay(to) })
        .where(and(eq(seatOverages.companyId, c.company.id), eq(seatOverages.day, utcDay(new Date()))));

    // Day one: 12 employees on 10 seats (2 over); day two: 13 (3 over). Overage is recorded today,
    // then moved back into the term.
    expect((await c.add(0, 12)).statusCode).toBe(200);
    await moveToday(dayOne);
    expect((await c.add(12, 13)).statusCode).toBe(200);
    await moveToday(dayTwo);
    expect(
      await t.ctx.db
        .select({ day: seatOverages.day, seats: seatOverages.seats, used: seatOverages.used })
        .from(seatOverages)
        .where(eq(seatOverages.companyId, c.company.id))
        .orderBy(seatOverages.day),
    ).toEqual([
      { day: utcDay(dayOne), seats: 10, used: 12 },
      { day: utcDay(dayTwo), seats: 10, used: 13 },
    ]);

    // While the term runs, the overview tells the seat-days so far.
    await t.ctx.db
      .update(billingAccounts)
      .set({ termStart, termEnd: new Date(Date.now() + DAY) })
      .where(eq(billingAccounts.companyId, c.company.id));
    const running = await c.call('GET', '/subscriptions');
    expect(running.statusCode, running.body).toBe(200);
    expect(running.json()).toMatchObject({ overageSeatDays: 5, invoices: [{ total: 9900 }] });

    // The wizard's estimate shows the line the next invoice carries, by the same rule: on a 40-day term,
    // 5 seat-days × 9 900 / 10 seats / 40 days = 123.75 → 124; a change of period starts a new term
    // (the seat-days so far are then not carried), so it shows none.
    await t.ctx.db
      .update(billingAccounts)
      .set({ termStart, termEnd: new Date(termStart.getTime() + 40 * DAY) })
      .where(eq(billingAccounts.companyId, c.company.id));
    const same = await c.call('POST', '/subscriptions/estimate', { planId: 'business-monthly', seats: 20 });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().overage).toEqual({ seatDays: 5, amount: 124 });
    const plain = await c.call('POST', '/subscriptions/estimate', { planId: 'business-monthly', seats: 10 });
    expect(same.json().estimate.next_invoice_estimate.total - same.json().tier.price).toBe(124);
    expect(plain.json().overage).toEqual({ seatDays: 5, amount: 124 });
    const yearly = await c.call('POST', '/subscriptions/estimate', { planId: 'business-yearly', seats: 20 });
    expect(yearly.json().overage).toBeNull();
    expect(yearly.json().estimate.next_invoice_estimate.total).toBe(yearly.json().tier.price);

    // The term ends; reading billing renews it with one invoice.
    await t.ctx.db
      .update(billingAccounts)
      .set({ termStart, termEnd })
      .where(eq(billingAccounts.companyId, c.company.id));
    const overview = (await c.call('GET', '/subscriptions')).json();
    expect(overview.invoices).toHaveLength(2);
    expect(overview.overageSeatDays).toBe(0);
    // Business monthly, 10 seats: 9 900 a month. 5 seat-days × 9 900 / 10 seats / 31 days = 159.68 → 160.
    const renewal = overview.invoices.find((i: { date: string }) => i.date === termEnd.toISOString());
    expect(renewal).toMatchObject({ total: 10060, status: 'paid' });
    const [row] = await t.ctx.db.select().from(billingInvoices).where(eq(billingInvoices.id, renewal.id));
    expect(row).toMatchObject({ subTotal: 10060, overage: 160, overageSeatDays: 5, total: 10060 });

    const pdf = await c.call('GET', `/subscriptions/invoices/${renewal.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    if (hasPoppler) {
      const text = pdfText(pdf.rawPayload);
      for (const s of ['Additional seats', '5 seat-days', '99.00', '1.60', '100.60'])
        expect(text).toContain(s);
    }
    // The next term starts clean: a second read invoices nothing more.
    expect((await c.call('GET', '/subscriptions')).json().invoices).toHaveLength(2);
  });

  it('still refuses employees beyond the seats on a plan without overage', async () => {
    const c = await companyOnPlan('essentials-monthly', 10);
    expect((await c.add(0, 10)).statusCode).toBe(200);
    const refused = await c.add(10, 11);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message ?? refused.body).toContain(ENTITLEMENT_MESSAGES.limitReached);
    const days = await t.ctx.db.select().from(seatOverages).where(eq(seatOverages.companyId, c.company.id));
    expect(days).toEqual([]);
    expect((await c.call('GET', '/subscriptions')).json().overageSeatDays).toBe(0);
  });
});
