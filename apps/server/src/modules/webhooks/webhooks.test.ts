import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@vigil/shared';
import { employees, webhookDeliveries } from '../../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { scanAcrossCompanies } from './webhooks.jobs.ts';
import { postSigned } from './webhooks.send.ts';
import { isPublicAddress } from '../../lib/outbound-target.ts';

/** A receiver that answers 500 to the first call (unless told not to) and 200 after, and keeps what it got. */
function receiver(failFirst = true) {
  const got: { at: number; headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      got.push({ at: Date.now(), headers: req.headers, body });
      const fail = failFirst && got.length === 1;
      res.statusCode = fail ? 500 : 200;
      res.end(fail ? 'try again' : 'thanks');
    });
  });
  return {
    got,
    server,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** How a receiver checks a delivery: the HMAC of "<t>.<body>" under its secret, compared with v1. */
function verify(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected;
}

describe('webhook targets (SSRF)', () => {
  it('refuses private, loopback, link-local, multicast and mapped addresses; allows public ones', () => {
    for (const blocked of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '[::1]',
      'not-an-ip',
    ])
      expect(isPublicAddress(blocked), blocked).toBe(false);
    for (const open of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(open), open).toBe(true);
  });
});

describe.each(testDatabases())('webhooks on %s', (kind) => {
  let t: TestApp;
  let strict: TestApp;
  let company: { id: string };
  let admin: string;
  let viewer: string;
  let outsider: string;
  let strictAdmin: string;
  let strictCompany: { id: string };
  const hook = receiver();
  const steady = receiver(false);
  let url: string;
  let otherUrl: string;

  beforeAll(async () => {
    [t, strict] = await Promise.all([
      createTestApp(kind, { WEBHOOK_RETRY_DELAY: '1' }),
      createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: '0', JOBS: '0' }),
    ]);
    const db = t.ctx.db;
    company = await createCompany(db, { name: 'Hooked Co' });
    const other = await createCompany(db);
    const [a, v, o] = await Promise.all([createManager(db), createManager(db), createManager(db)]);
    await addMember(db, company.id, a.id, 1);
    await addMember(db, company.id, v.id, 2);
    await addMember(db, other.id, o.id, 1);
    [admin, viewer, outsider] = await Promise.all([signIn(t, a.id), signIn(t, v.id), signIn(t, o.id)]);
    strictCompany = await createCompany(strict.ctx.db);
    const s = await createManager(strict.ctx.db);
    await addMember(strict.ctx.db, strictCompany.id, s.id, 1);
    strictAdmin = await signIn(strict, s.id);
    [url, otherUrl] = await Promise.all([hook.listen(), steady.listen()]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([hook.close(), steady.close()]);
    await Promise.all([t?.close(), strict?.close()]);
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, token: string, payload?: object) =>
    t.inject({ method, url: `/api/companies/${company.id}${path}`, headers: bearer(token), payload });

  it('signs each delivery, retries a failed one with back-off, and lists the answers', async () => {
    const created = await call('POST', '/webhooks', admin, { url, events: ['employee.bounced'] });
    expect(created.statusCode, created.body).toBe(200);
    const endpoint = created.json<{ id: string; secret: string }>();
    expect(endpoint.secret).toMatch(/^whsec_/);
    const listed = await call('GET', '/webhooks', admin);
    expect(listed.json().rows).toEqual([expect.objectContaining({ id: endpoint.id, url })]);
    expect(listed.body).not.toContain(endpoint.secret);

    // An employee's mail bounces after the endpoint exists: one event.
    const [employee] = await t.ctx.db
      .insert(employees)
      .values({ companyId: company.id, email: 'bounce@hooked.example', name: 'Bo Unce' })
      .returning();
    await new Promise((r) => setTimeout(r, 5));
    await t.ctx.db.update(employees).set({ bouncedAt: new Date() }).where(eq(employees.id, employee!.id));
    await scanAcrossCompanies(t.ctx);
    // A second scan finds the same event and sends nothing twice.
    await scanAcrossCompanies(t.ctx);

    const deadline = Date.now() + 40_000;
    while (hook.got.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(hook.got).toHaveLength(2);
    const [first, second] = hook.got;
    // Back-off: the retry waited at least the configured delay.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(900);
    for (const attempt of hook.got) {
      const header = String(attempt.headers['vigil-signature']);
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      expect(verify(endpoint.secret, header, attempt.body)).toBe(true);
      expect(verify('whsec_wrong', header, attempt.body)).toBe(false);
      expect(verify(endpoint.secret, header, attempt.body.replace('bounce', 'bounce2'))).toBe(false);
      expect(attempt.headers['vigil-event']).toBe('employee.bounced');
    }
    const body = JSON.parse(second!.body);
    expect(body).toMatchObject({
      event: 'employee.bounced',
      company: company.id,
      data: { employee: { id: employee!.id, email: 'bounce@hooked.example', name: 'Bo Unce' } },
    });

    let rows: {
      status: string;
      attempts: number;
      responseStatus: number;
      responseExcerpt: string;
      durationMs: number;
    }[] = [];
    while (Date.now() < deadline) {
      rows = (await call('GET', `/webhooks/${endpoint.id}/deliveries`, admin)).json().rows;
      if (rows[0]?.status === 'delivered') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'delivered',
        attempts: 2,
        responseStatus: 200,
        responseExcerpt: 'thanks',
      }),
    ]);
    expect(rows[0]!.durationMs).toBeGreaterThanOrEqual(0);
    const stored = await t.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(stored).toHaveLength(1);
  }, 60_000);

  it('lets admins of the company only manage webhooks', async () => {
    expect((await call('GET', '/webhooks', viewer)).statusCode).toBe(403);
    expect((await call('POST', '/webhooks', viewer, { url, events: ['program.started'] })).statusCode).toBe(
      403,
    );
    expect((await call('GET', '/webhooks', outsider)).statusCode).toBe(404);
    const created = (await call('POST', '/webhooks', admin, { url, events: ['program.started'] })).json();
    expect((await call('GET', `/webhooks/${created.id}/deliveries`, outsider)).statusCode).toBe(404);
    expect((await call('POST', '/webhooks', admin, { url, events: [] })).json().errors).toEqual([
      { message: WEBHOOK_MESSAGES.noEvents },
    ]);
    expect((await call('DELETE', `/webhooks/${created.id}`, admin)).statusCode).toBe(204);
    expect((await call('DELETE', `/webhooks/${created.id}`, admin)).statusCode).toBe(404);
  });

  it('changes an endpoint (address, events, paused) and sends a signed test event on demand', async () => {
    const created = (await call('POST', '/webhooks', admin, { url, events: ['program.started'] })).json<{
      id: string;
      secret: string;
      active: boolean;
    }>();
    expect(created.active).toBe(true);
    const path = `/webhooks/${created.id}`;

    const changed = await call('PATCH', path, admin, {
      url: otherUrl,
      events: ['employee.bounced', 'employee.bounced'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ url: otherUrl, events: ['employee.bounced'], active: true });
    expect(changed.body).not.toContain(created.secret);

    // Paused: the scan makes no delivery for it, even for an event it asked for.
    expect((await call('PATCH', path, admin, { active: false })).json()).toMatchObject({ active: false });
    await t.ctx.db
      .insert(employees)
      .values({ companyId: company.id, email: 'paused@hooked.example', bouncedAt: new Date() });
    await scanAcrossCompanies(t.ctx);
    expect((await call('GET', `${path}/deliveries`, admin)).json().rows).toEqual([]);
    // Resumed: it starts from now; the bounce that happened while paused is not sent.
    expect((await call('PATCH', path, admin, { active: true })).json()).toMatchObject({ active: true });
    await scanAcrossCompanies(t.ctx);
    expect((await call('GET', `${path}/deliveries`, admin)).json().rows).toEqual([]);

    // The test event: signed with the endpoint's secret, tried once, answered with the delivery.
    const before = steady.got.length;
    const sent = await call('POST', `${path}/test`, admin);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      event: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      responseExcerpt: 'thanks',
    });
    expect(steady.got).toHaveLength(before + 1);
    const got = steady.got.at(-1)!;
    expect(got.headers['vigil-event']).toBe('webhook.test');
    expect(verify(created.secret, String(got.headers['vigil-signature']), got.body)).toBe(true);
    expect(JSON.parse(got.body)).toMatchObject({
      event: 'webhook.test',
      company: company.id,
      data: { endpoint: created.id },
    });
    expect((await call('GET', `${path}/deliveries`, admin)).json().rows).toEqual([
      expect.objectContaining({ id: sent.json().id, event: 'webhook.test', status: 'delivered' }),
    ]);

    // A target that cannot be reached: one try, failed, with the error kept; nothing is retried.
    await call('PATCH', path, admin, { url: 'http://127.0.0.1:1/hook' });
    const failed = (await call('POST', `${path}/test`, admin)).json();
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, responseStatus: null });
    expect(failed.error).toBeTruthy();
  });

  it('lets admins of the company only change endpoints or send test events', async () => {
    const created = (await call('POST', '/webhooks', admin, { url, events: ['program.started'] })).json();
    const path = `/webhooks/${created.id}`;
    expect((await call('PATCH', path, viewer, { active: false })).statusCode).toBe(403);
    expect((await call('POST', `${path}/test`, viewer)).statusCode).toBe(403);
    expect((await call('PATCH', path, outsider, { active: false })).statusCode).toBe(404);
    expect((await call('POST', `${path}/test`, outsider)).statusCode).toBe(404);
    expect((await call('PATCH', path, admin, {})).statusCode).toBe(400);
    expect((await call('PATCH', path, admin, { events: [] })).json().errors).toEqual([
      { message: WEBHOOK_MESSAGES.noEvents },
    ]);
    const missing = '/webhooks/00000000-0000-4000-8000-000000000000';
    expect((await call('PATCH', missing, admin, { active: false })).statusCode).toBe(404);
    expect((await call('POST', `${missing}/test`, admin)).statusCode).toBe(404);
  });

  it('outside development refuses plain http and private, loopback or link-local targets', async () => {
    const save = (target: string) =>
      strict.inject({
        method: 'POST',
        url: `/api/companies/${strictCompany.id}/webhooks`,
        headers: bearer(strictAdmin),
        payload: { url: target, events: ['program.started'] },
      });
    const plain = await save('http://example.com/hook');
    expect(plain.statusCode).toBe(400);
    expect(plain.json().errors).toEqual([{ message: WEBHOOK_MESSAGES.https }]);
    for (const target of [
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://10.0.0.5/hook',
    ]) {
      const res = await save(target);
      expect(res.statusCode, target).toBe(400);
      expect(res.body).toContain('private address');
    }
    // At send time too (a name may change its answer after the save): nothing reaches the receiver.
    const before = hook.got.length;
    const attempt = await postSigned(url, 'whsec_x', {}, '{}', false);
    expect(attempt).toMatchObject({ ok: false, status: null });
    expect(attempt.error).toContain('private address');
    expect(hook.got.length).toBe(before);
  });
});
