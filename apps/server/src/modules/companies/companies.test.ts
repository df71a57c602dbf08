import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COLORS } from '@vigil/shared';
import {
  addMember,
  bearer,
  createCompany,
  createManager,
  createPartner,
  signIn,
} from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { pdfColors } from '../../lib/pdf/pdf-test-utils.ts';

describe.each(testDatabases())('companies on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let outsider: string;
  let companyA: { id: string };
  let companyB: { id: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.ctx.db;
    companyA = await createCompany(db, { name: 'Alpha Works' });
    companyB = await createCompany(db, { name: 'Beta Group' });
    const a = await createManager(db, { email: 'admin@alpha.example' });
    const v = await createManager(db, { email: 'viewer@alpha.example' });
    const o = await createManager(db, { email: 'admin@beta.example' });
    await addMember(db, companyA.id, a.id, 1, true);
    await addMember(db, companyA.id, v.id, 2);
    await addMember(db, companyB.id, o.id, 1);
    [admin, viewer, outsider] = await Promise.all([signIn(t, a.id), signIn(t, v.id), signIn(t, o.id)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    t.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

  it('lists only the companies the user belongs to, with the role of each', async () => {
    const res = await get('/api/companies/my_companies', viewer);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ company_id: companyA.id, company_name: 'Alpha Works', role: 2 });
    expect(list[0].managers.map((m: { email: string }) => m.email)).toEqual([
      'admin@alpha.example',
      'viewer@alpha.example',
    ]);
  });

  it('hides another company behind a 404 that reveals nothing', async () => {
    const other = await get(`/api/companies/${companyB.id}`, admin);
    const missing = await get(`/api/companies/${randomUUID()}`, admin);
    const malformed = await get('/api/companies/not-a-uuid', admin);
    for (const res of [other, missing, malformed]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not Found', description: 'Company not found.' });
    }
    const viaHeader = await get('/api/auth/user', outsider, { 'x-company-id': companyA.id });
    expect(viaHeader.json().permissions).toEqual([]);
  });

  it('lets an admin save the company and refuses a viewer with 403', async () => {
    const payload = { company_name: 'Alpha Works Ltd', primaryColor: '#1c7ed6', defaultLanguage: 'de' };
    const asViewer = await t.inject({
      method: 'PUT',
      url: `/api/companies/${companyA.id}`,
      headers: bearer(viewer),
      payload,
    });
    expect(asViewer.statusCode).toBe(403);
    const asOutsider = await t.inject({
      method: 'PUT',
      url: `/api/companies/${companyA.id}`,
      headers: bearer(outsider),
      payload,
    });
    expect(asOutsider.statusCode).toBe(404);
    const ok = await t.inject({
      method: 'PUT',
      url: `/api/companies/${companyA.id}`,
      headers: bearer(admin),
      payload,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      company_name: 'Alpha Works Ltd',
      color_main: '#1c7ed6',
      defaultLanguage: 'de',
      brand: { companyName: 'Alpha Works Ltd', primaryColor: '#1c7ed6', logoUrl: null },
    });

    const short = await t.inject({
      method: 'PUT',
      url: `/api/companies/${companyA.id}`,
      headers: bearer(admin),
      payload: { company_name: 'Abc' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].message).toMatch(/between 4 and 150/);
  });

  it('saves the secondary colour and the enrolment email, and says what an empty name needs', async () => {
    const put = (payload: object) =>
      t.inject({ method: 'PUT', url: `/api/companies/${companyB.id}`, headers: bearer(outsider), payload });
    const saved = await put({ secondaryColor: '#F08C00', sendEnrolment: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().brand.secondaryColor).toBe('#f08c00');
    expect(saved.json().settings).toMatchObject({ 'ui.secondary_color': '#f08c00', 'ui.sendEnrolment': '1' });
    expect((await put({ sendEnrolment: false })).json().settings['ui.sendEnrolment']).toBe('0');
    const empty = await put({ company_name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ message: 'You need to enter some information to save' }]);
    expect((await put({ secondaryColor: 'red' })).statusCode).toBe(400);
    expect((await put({ company_name: 'x'.repeat(151) })).statusCode).toBe(400);
  });

  it('has no way back from anonymous tracking', async () => {
    const own = await createCompany(t.ctx.db);
    const manager = await createManager(t.ctx.db);
    await addMember(t.ctx.db, own.id, manager.id, 1, true);
    const token = await signIn(t, manager.id);
    const switched = await t.inject({
      method: 'POST',
      url: `/api/companies/${own.id}/switchTrackingAnonymous`,
      headers: bearer(token),
    });
    expect(switched.json().anonymousTracking).toBe(1);
    const back = await t.inject({
      method: 'PUT',
      url: `/api/companies/${own.id}`,
      headers: bearer(token),
      payload: { anonymousTracking: 0 },
    });
    expect(back.statusCode).toBe(400);
    expect((await get(`/api/companies/${own.id}`, token)).json().anonymousTracking).toBe(1);
  });

  it('prints the certificate preview in the saved colour, not the default green', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyA.id}/download/certificate/preview`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    const colors = pdfColors(res.rawPayload);
    expect(colors).toContain('#1c7ed6');
    expect(colors).not.toContain(DEFAULT_COLORS.primary);
    const overview = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyA.id}/overview/report`,
      headers: bearer(admin),
    });
    expect(overview.statusCode).toBe(200);
    expect(pdfColors(overview.rawPayload)).toContain('#1c7ed6');
  });

  it('reports permissions of the company named in x-company-id', async () => {
    const res = await get('/api/auth/user', admin, { 'x-company-id': companyA.id });
    expect(res.json().permissions).toEqual(['manageUsers']);
  });

  it('gives partner admins their customer companies and no others', async () => {
    const db = t.ctx.db;
    const partnerUser = await createManager(db, { email: 'partner@northstar.example' });
    const partner = await createPartner(db, partnerUser.id, 'Northstar');
    const customer1 = await createCompany(db, { name: 'Zeta Dental', partnerAccountId: partner.id });
    await createCompany(db, { name: 'Eta Labs', partnerAccountId: partner.id });
    const token = await signIn(t, partnerUser.id);

    const me = await get('/api/auth/user', token);
    expect(me.json().superForAccounts).toEqual([{ id: partner.id, name: 'Northstar' }]);

    const list = await get(`/api/partners/${partner.id}/companies?page=1`, token);
    expect(list.statusCode).toBe(200);
    // The user menu reads id and name; the partner area's page has the other columns too.
    expect(list.json()).toMatchObject({
      rows: [
        { company_id: expect.any(String), company_name: 'Eta Labs' },
        { company_id: customer1.id, company_name: 'Zeta Dental' },
      ],
      total: 2,
    });
    const detail = await get(`/api/companies/${customer1.id}`, token);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().role).toBe(1);

    expect((await get(`/api/partners/${partner.id}/companies`, admin)).statusCode).toBe(404);
    expect((await get(`/api/companies/${companyA.id}`, token)).statusCode).toBe(404);
  });

  it('lets a super-admin open any company as admin', async () => {
    const root = await createManager(t.ctx.db, { superAdmin: true });
    const token = await signIn(t, root.id);
    const res = await get(`/api/companies/${companyB.id}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe(1);
  });
});
