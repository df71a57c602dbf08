/**
 * A declined renewal with the test provider (issue 18): the card 4000 0000 0000 0341 is saved but its
 * renewals are declined. The renewal invoice fails, the managers who handle billing are mailed and the
 * subscription is flagged; it is charged again 3, 5 and 7 days after the renewal (PAYMENT_RETRY_DAYS),
 * each failure mailed once, and after the last one the subscription ends.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts, billingInvoices, mails } from '../../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { TEST_CARDS } from './test-provider.ts';

const DAY = 86_400_000;
const DETAILS = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@dunning.example', country: 'GB' };

describe.each(testDatabases())('declined renewal payments (test provider) on %s', (kind) => {
  let t: TestApp;
  let company: { id: string };
  let email: string;
  let call: (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) => Promise<Awaited<ReturnType<TestApp['inject']>>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    company = await createCompany(t.ctx.db, { name: 'Dunning Co' });
    const manager = await createManager(t.ctx.db);
    email = manager.email;
    await addMember(t.ctx.db, company.id, manager.id, 1);
    const token = await signIn(t, manager.id);
    call = (method, url, payload) =>
      t.inject({ method, url: `/api/companies/${company.id}${url}`, headers: bearer(token), payload });
  });
  afterAll(async () => {
    await t?.close();
  });

  const sent = () =>
    t.ctx.db
      .select()
      .from(mails)
      .where(and(eq(mails.companyId, company.id), eq(mails.kind, 'payment-failed')))
      .orderBy(mails.createdAt);
  /** Waits for the n-th payment mail, then a little more to be sure no other follows. */
  async function mailCount(n: number) {
    await expect.poll(async () => (await sent()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
    await new Promise((r) => setTimeout(r, 2500));
    const all = await sent();
    expect(all).toHaveLength(n);
    return all.at(-1)!;
  }
  /** Moves the failed renewal `days` into the past, as if that much time had gone by since. */
  async function renewalWas(days: number) {
    const [failed] = await t.ctx.db
      .select()
      .from(billingInvoices)
      .where(and(eq(billingInvoices.companyId, company.id), eq(billingInvoices.status, 'failed')));
    await t.ctx.db
      .update(billingInvoices)
      .set({ issuedAt: new Date(Date.now() - days * DAY - 60_000) })
      .where(eq(billingInvoices.id, failed!.id));
  }

  it('saves the card that declines renewals, as Stripe’s 0341 test card does', async () => {
    const card = await call('POST', '/subscriptions/card', {
      card: { number: TEST_CARDS.renewalDeclined, expiry: '12/34', cvc: '123' },
      amount: 9900,
    });
    expect(card.statusCode, card.body).toBe(200);
    const bought = await call('POST', '/subscriptions', {
      planId: 'business-monthly',
      seats: 10,
      billing: DETAILS,
      paymentNonce: card.json().paymentNonce,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await call('GET', '/subscriptions')).json()).toMatchObject({
      paymentFailed: false,
      state: 'active',
    });
  });

  it('fails the renewal, flags it and mails the admin once, however often billing is read', async () => {
    const termEnd = new Date(Math.floor(Date.now() / DAY) * DAY - DAY);
    await t.ctx.db
      .update(billingAccounts)
      .set({ termStart: new Date(termEnd.getTime() - 31 * DAY), termEnd })
      .where(eq(billingAccounts.companyId, company.id));
    const overview = (await call('GET', '/subscriptions')).json();
    expect(overview).toMatchObject({ paymentFailed: true, state: 'active' });
    expect(overview.invoices.map((i: { status: string }) => i.status).sort()).toEqual(['failed', 'paid']);
    await call('GET', '/subscriptions');
    const mail = await mailCount(1);
    expect(mail.toAddress).toBe(email);
    expect(mail.subject).toBe('Payment failed for your Vigil subscription');
    expect(mail.text).toContain(
      'We could not take the payment of 99.00 for Business, 10 seats, billed monthly',
    );
    expect(mail.text).toContain('We will try your card again on');
    expect(mail.text).toContain('/settings/subscriptions/');
  });

  it('charges again on day 3, mails again, and ends the subscription after the last attempt on day 7', async () => {
    await call('GET', '/subscriptions');
    await renewalWas(3);
    expect((await call('GET', '/subscriptions')).json()).toMatchObject({
      paymentFailed: true,
      state: 'active',
    });
    await call('GET', '/subscriptions');
    expect((await mailCount(2)).text).toContain('We will try your card again on');

    // Away for a week: the attempts of day 5 and day 7 are made at once, and one mail tells the end.
    await renewalWas(7);
    const ended = (await call('GET', '/subscriptions')).json();
    expect(ended).toMatchObject({ paymentFailed: false, state: 'expired' });
    await call('GET', '/subscriptions');
    expect((await mailCount(3)).text).toContain('This was our last attempt, so your subscription ended on');
  });
});
