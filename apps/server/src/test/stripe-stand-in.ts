import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that answers the Stripe API calls our Stripe provider makes, with the objects
 * and errors Stripe documents (https://docs.stripe.com/api), so the official SDK can be pointed at it
 * (its host/port/protocol options). It keeps what it was sent for the tests to read.
 */
export interface StripeStandIn {
  url: string;
  requests: Array<{ method: string; path: string; params: URLSearchParams; idempotencyKey: string | null }>;
  /** The invoice items created (POST /v1/invoiceitems), once per idempotency key as Stripe keeps them. */
  invoiceItems: Json[];
  /** What Stripe.js does in the browser after the 3-D Secure check: the SetupIntent succeeds. */
  confirmSetupIntent(id: string, card: { brand: string; last4: string }): void;
  /** Makes the next subscription creation fail as a declined card does. */
  declineNext(): void;
  /** The PaymentIntents created (POST /v1/payment_intents), once per idempotency key as Stripe keeps them. */
  paymentIntents: Json[];
  /** Makes the next PaymentIntent's charge fail as a declined card does (402 card_error). */
  declineNextPayment(): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

export async function startStripeStandIn(opts: {
  prices: Record<string, string>;
  promotionCodes: Record<string, Json>;
  /** What an invoice preview of a change charges and credits, in cents. */
  preview: { charge: number; credit: number };
}): Promise<StripeStandIn> {
  const requests: StripeStandIn['requests'] = [];
  const setupIntents = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoiceItems: Json[] = [];
  const customers = new Map<string, Json>();
  const paymentIntents: Json[] = [];
  let declinePayment = false;
  /** Stripe answers a repeated idempotency key with the first answer, and does nothing again. */
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let seq = 0;
  let decline = false;
  const id = (prefix: string) => `${prefix}_test${++seq}`;
  const now = () => Math.floor(Date.now() / 1000);
  const list = (data: Json[], url: string) => ({ object: 'list', data, has_more: false, url });
  const error = (status: number, type: string, message: string, code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  });

  function subscription(subId: string, params: URLSearchParams, previous?: Json): Json {
    const quantity = Number(params.get('items[0][quantity]') ?? 1);
    const start = now();
    const end = start + 365 * 86_400;
    return {
      id: subId,
      object: 'subscription',
      status: 'active',
      customer: params.get('customer') ?? previous?.customer,
      cancel_at_period_end: params.get('cancel_at_period_end') === 'true',
      metadata: { companyId: params.get('metadata[companyId]'), planId: params.get('metadata[planId]') },
      items: {
        object: 'list',
        data: [
          {
            id: `si_${subId}`,
            object: 'subscription_item',
            quantity,
            price: { id: params.get('items[0][price]') },
            current_period_start: start,
            current_period_end: end,
          },
        ],
      },
    };
  }

  function answer(method: string, path: string, params: URLSearchParams): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/v1/prices') {
      const key = params.get('lookup_keys[0]') ?? '';
      const price = opts.prices[key];
      return {
        status: 200,
        body: list(price ? [{ id: price, object: 'price', lookup_key: key, active: true }] : [], path),
      };
    }
    if (method === 'GET' && path === '/v1/promotion_codes') {
      const promo = opts.promotionCodes[params.get('code') ?? ''];
      return { status: 200, body: list(promo ? [promo] : [], path) };
    }
    if (method === 'POST' && path === '/v1/setup_intents') {
      const intent = {
        id: id('seti'),
        object: 'setup_intent',
        status: 'requires_payment_method',
        usage: params.get('usage'),
        payment_method: null,
        metadata: { companyId: params.get('metadata[companyId]'), amount: params.get('metadata[amount]') },
      };
      const withSecret = { ...intent, client_secret: `${intent.id}_secret_x` };
      setupIntents.set(intent.id, withSecret);
      return { status: 200, body: withSecret };
    }
    if (method === 'GET' && (m = /^\/v1\/setup_intents\/([^/]+)$/.exec(path))) {
      const intent = setupIntents.get(m[1]!);
      return intent
        ? { status: 200, body: intent }
        : error(404, 'invalid_request_error', 'No such setupintent');
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: params.get('email'),
        invoice_settings: { default_payment_method: null },
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const known = customers.get(m[1]!) ?? {
        id: m[1],
        object: 'customer',
        invoice_settings: { default_payment_method: null },
      };
      if (method === 'GET') return { status: 200, body: known };
      const pm = params.get('invoice_settings[default_payment_method]');
      const next = pm ? { ...known, invoice_settings: { default_payment_method: pm } } : known;
      customers.set(m[1]!, next);
      return { status: 200, body: next };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      // Off-session and confirmed at once: it succeeds, or the card is declined with a card_error that
      // carries the failed PaymentIntent (https://docs.stripe.com/api/errors).
      const intent = {
        id: id('pi'),
        object: 'payment_intent',
        amount: Number(params.get('amount')),
        currency: params.get('currency'),
        customer: params.get('customer'),
        payment_method: params.get('payment_method'),
        description: params.get('description'),
        status: declinePayment ? 'requires_payment_method' : 'succeeded',
      };
      paymentIntents.push(intent);
      if (declinePayment) {
        declinePayment = false;
        return {
          status: 402,
          body: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: 'generic_decline',
              message: 'Your card was declined.',
              payment_intent: intent,
            },
          },
        };
      }
      return { status: 200, body: intent };
    }
    if (method === 'POST' && (m = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(path))) {
      return { status: 200, body: { id: m[1], object: 'payment_method', customer: params.get('customer') } };
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      if (decline) {
        decline = false;
        return error(402, 'card_error', 'Your card was declined.', 'card_declined');
      }
      const sub = subscription(id('sub'), params);
      subscriptions.set(sub.id as string, sub);
      return { status: 200, body: sub };
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return error(404, 'invalid_request_error', 'No such subscription');
      if (method === 'GET') return { status: 200, body: sub };
      const next = params.has('items[0][price]')
        ? subscription(m[1]!, params, sub)
        : { ...sub, cancel_at_period_end: params.get('cancel_at_period_end') === 'true' };
      subscriptions.set(m[1]!, next);
      return { status: 200, body: next };
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      const sub = subscriptions.get(params.get('subscription') ?? '');
      if (!sub) return error(404, 'invalid_request_error', 'No such subscription');
      // A proration as Stripe itemises it: the unused time of the old price credited, the new price charged.
      const quantity = Number(params.get('subscription_details[items][0][quantity]') ?? 1);
      const lines = [
        { id: 'il_unused', object: 'line_item', amount: -opts.preview.credit, quantity: 1 },
        { id: 'il_new', object: 'line_item', amount: opts.preview.charge, quantity },
      ];
      const total = opts.preview.charge - opts.preview.credit;
      return {
        status: 200,
        body: {
          id: null,
          object: 'invoice',
          subtotal: total,
          total,
          total_discount_amounts: [],
          lines: { object: 'list', data: lines, has_more: false },
        },
      };
    }
    if (method === 'POST' && path === '/v1/invoiceitems') {
      const metadata: Record<string, string> = {};
      for (const [k, v] of params) {
        const key = /^metadata\[(.+)\]$/.exec(k)?.[1];
        if (key) metadata[key] = v;
      }
      const item = {
        id: id('ii'),
        object: 'invoiceitem',
        customer: params.get('customer'),
        invoice: params.get('invoice'),
        amount: Number(params.get('amount')),
        currency: params.get('currency'),
        description: params.get('description'),
        metadata,
      };
      invoiceItems.push(item);
      return { status: 200, body: item };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return {
        status: 200,
        body: {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: params.get('customer'),
          return_url: params.get('return_url'),
          url: `https://billing.stripe.com/p/session/${id('test')}`,
        },
      };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const params =
        req.method === 'GET' ? url.searchParams : new URLSearchParams(Buffer.concat(chunks).toString());
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : null;
      requests.push({ method: req.method ?? '', path: url.pathname, params, idempotencyKey });
      const replay = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
      const { status, body } = replay ?? answer(req.method ?? '', url.pathname, params);
      if (idempotencyKey && !replay) idempotent.set(idempotencyKey, { status, body });
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    invoiceItems,
    confirmSetupIntent(intentId, card) {
      const intent = setupIntents.get(intentId)!;
      setupIntents.set(intentId, {
        ...intent,
        status: 'succeeded',
        payment_method: { id: id('pm'), object: 'payment_method', type: 'card', card },
      });
    },
    declineNext() {
      decline = true;
    },
    paymentIntents,
    declineNextPayment() {
      declinePayment = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
