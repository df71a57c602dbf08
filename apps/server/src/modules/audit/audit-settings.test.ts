import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { makePng, multipartFile } from '../../test/png.ts';

type Entry = { action: string; target: Record<string, string>; before: unknown; after: unknown };

/**
 * Every route that changes a company's settings (company, appearance and logo, user logging, admins and
 * the billing manager, API keys, webhooks) leaves its state before and after in the audit log; a secret
 * shown once (a key's value, a webhook's signing secret) never reaches it.
 */
describe.each(testDatabases())('settings changes in the audit log on %s', (kind) => {
  let t: TestApp;
  let company: { id: string };
  let admin: string;
  let colleague: { id: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    const db = t.ctx.db;
    company = await createCompany(db, { name: 'Audited Co' });
    const a = await createManager(db);
    colleague = await createManager(db, { name: 'Col League' });
    await addMember(db, company.id, a.id, 1);
    await addMember(db, company.id, colleague.id, 2);
    admin = await signIn(t, a.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
    t.inject({ method, url: `/api/companies/${company.id}${path}`, headers: bearer(admin), payload });

  /** The newest audit row of an action. */
  async function lastOf(action: string): Promise<Entry> {
    const res = await call('GET', `/audit?limit=200&action=${encodeURIComponent(action)}`);
    const row = res.json<{ rows: Entry[] }>().rows.find((r) => r.action === action);
    expect(row, action).toBeDefined();
    return row!;
  }

  it('company settings, the logo and user logging', async () => {
    expect((await call('PUT', '', { primaryColor: '#123456', sendEnrolment: true })).statusCode).toBe(200);
    const saved = await lastOf('PUT /api/companies/:id');
    expect(saved.before).toMatchObject({ company_name: 'Audited Co' });
    expect(saved.before).not.toMatchObject({ color_main: '#123456' });
    expect(saved.after).toMatchObject({ color_main: '#123456' });

    const file = multipartFile({ bytes: makePng(), filename: 'logo.png', type: 'image/png' });
    const uploaded = await t.inject({
      method: 'PUT',
      url: `/api/companies/${company.id}/logo`,
      headers: { ...bearer(admin), ...file.headers },
      payload: file.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const logo = await lastOf('PUT /api/companies/:id/logo');
    expect((logo.before as { logo_name: unknown }).logo_name ?? null).toBeNull();
    expect((logo.after as { logo_name: unknown }).logo_name).toBeTruthy();

    expect((await call('POST', '/remove_logo')).statusCode).toBe(200);
    const removed = await lastOf('POST /api/companies/:id/remove_logo');
    expect((removed.before as { logo_name: unknown }).logo_name).toBeTruthy();
    expect((removed.after as { logo_name: unknown }).logo_name ?? null).toBeNull();

    const switched = await call('POST', '/switchTrackingAnonymous');
    expect(switched.statusCode, switched.body).toBe(200);
    const logging = await lastOf('POST /api/companies/:id/switchTrackingAnonymous');
    expect(logging.before).not.toEqual(logging.after);
    expect(logging.after).toEqual(switched.json());
  });

  it('admins: add, change role, billing manager, remove', async () => {
    const added = await call('POST', '/managers', {
      name: 'New Admin',
      email: 'new.admin@audited.example',
      role: 2,
    });
    expect(added.statusCode, added.body).toBe(200);
    const add = await lastOf('POST /api/companies/:id/managers');
    const emails = (v: unknown) => (v as { managers: { email: string }[] }).managers.map((m) => m.email);
    expect(emails(add.before)).not.toContain('new.admin@audited.example');
    expect(emails(add.after)).toContain('new.admin@audited.example');

    const id = added.json<{ userId: string }>().userId;
    expect((await call('PUT', `/managers/${id}`, { role: 1, manageUsers: false })).statusCode).toBe(200);
    const role = await lastOf('PUT /api/companies/:id/managers/:userId');
    const roleOf = (v: unknown) =>
      (v as { managers: { userId: string; role: number }[] }).managers.find((m) => m.userId === id)?.role;
    expect([roleOf(role.before), roleOf(role.after)]).toEqual([2, 1]);
    expect(role.target).toMatchObject({ userId: id });

    expect((await call('POST', '/set_billing_manager', { userId: colleague.id })).statusCode).toBe(200);
    const billing = await lastOf('POST /api/companies/:id/set_billing_manager');
    expect(JSON.stringify(billing.before)).not.toEqual(JSON.stringify(billing.after));

    expect((await call('DELETE', `/managers/${id}`)).statusCode).toBe(204);
    const removed = await lastOf('DELETE /api/companies/:id/managers/:userId');
    expect(emails(removed.before)).toContain('new.admin@audited.example');
    expect(emails(removed.after)).not.toContain('new.admin@audited.example');
  });

  it('API keys: never the value', async () => {
    const created = await call('POST', '/apikeys', { name: 'Audit key' });
    const { id, value } = created.json<{ id: string; value: string }>();
    const made = await lastOf('POST /api/companies/:id/apikeys');
    expect(made.before).toEqual({ rows: [] });
    expect(made.after).toEqual({ rows: [expect.objectContaining({ id, name: 'Audit key' })] });

    await call('PUT', `/apikeys/${id}`, { name: 'Renamed key' });
    const renamed = await lastOf('PUT /api/companies/:id/apikeys/:keyId');
    expect(renamed.after).toEqual({ rows: [expect.objectContaining({ name: 'Renamed key' })] });

    await call('DELETE', `/apikeys/${id}`);
    const deleted = await lastOf('DELETE /api/companies/:id/apikeys/:keyId');
    expect(deleted.before).toEqual({ rows: [expect.objectContaining({ id })] });
    expect(deleted.after).toEqual({ rows: [] });

    const log = await call('GET', `/audit/csv?token=${admin}`);
    expect(log.body).toContain('Renamed key');
    expect(log.body).not.toContain(value);
  });

  it('webhooks: never the signing secret', async () => {
    const created = await call('POST', '/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['program.started'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, secret } = created.json<{ id: string; secret: string }>();
    const made = await lastOf('POST /api/companies/:id/webhooks');
    expect(made.after).toEqual({ rows: [expect.objectContaining({ id, active: true })] });

    await call('PATCH', `/webhooks/${id}`, { active: false, events: ['employee.bounced'] });
    const patched = await lastOf('PATCH /api/companies/:id/webhooks/:endpointId');
    expect(patched.before).toEqual({
      rows: [expect.objectContaining({ active: true, events: ['program.started'] })],
    });
    expect(patched.after).toEqual({
      rows: [expect.objectContaining({ active: false, events: ['employee.bounced'] })],
    });

    await call('DELETE', `/webhooks/${id}`);
    expect((await lastOf('DELETE /api/companies/:id/webhooks/:endpointId')).after).toEqual({ rows: [] });
    const log = await call('GET', `/audit/csv?token=${admin}`);
    expect(log.body).not.toContain(secret);
  });
});
