import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_SETTINGS, SSO_MESSAGES, type SsoSettings } from '@vigil/shared';
import { auditLog, companies, employees, ssoRequests } from '../../db/schema/index.ts';
import {
  assertionXml,
  certBody,
  IDP_CERT,
  OTHER_CERT,
  OTHER_KEY,
  parseAuthnRequest,
  response,
  responseAround,
  signedAssertion,
  startFakeSamlIdp,
  type FakeSamlIdp,
  type ResponseOptions,
} from '../../test/fake-saml-idp.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';

const TENANT = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const DOMAIN = 'contoso.example';
const APP_NAME = 'https://vigil.example/saml/contoso';
const ISSUER = `https://sts.windows.net/${TENANT}/`;

describe.each(testDatabases())('single sign-on, SAML 2.0 (%s)', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  let idp: FakeSamlIdp;
  let companyId: string;
  let admin: Awaited<ReturnType<typeof createManager>>;
  let headers: Record<string, string>;
  const email = `admin@${DOMAIN}`;
  const acsUrl = () => `http://localhost:3000/api/auth/saml/${companyId}/acs`;

  const azureForm = (over: Record<string, string> = {}) => ({
    tenant: TENANT,
    cert: IDP_CERT,
    appName: APP_NAME,
    domain: DOMAIN,
    enabled: '1',
    ...over,
  });
  const putAzure = (body: unknown, h = headers, id = companyId) =>
    t.inject({
      method: 'PUT',
      url: `/api/companies/${id}/integrations/azuresso`,
      headers: h,
      payload: body as object,
    });

  /** A fresh request, as the sign-in page starts it: the IdP's redirect URL, read as the IdP reads it. */
  async function start(audience: 'manager' | 'employee', email: string, redirect?: string) {
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/sso/start',
      payload: { audience, email, ...(redirect ? { redirect } : {}) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { redirect: url } = res.json<{ redirect: string }>();
    expect(url.startsWith(`${idp.url}/${TENANT}/saml2?`)).toBe(true);
    return parseAuthnRequest(url);
  }

  const azureResponse = (requestId: string | null, email: string, over: Partial<ResponseOptions> = {}) =>
    response({
      inResponseTo: requestId,
      acsUrl: acsUrl(),
      audience: APP_NAME,
      issuer: ISSUER,
      email,
      tenantId: TENANT,
      ...over,
    });

  const postAcs = (SAMLResponse: string, RelayState?: string) =>
    t.inject({
      method: 'POST',
      url: `/api/auth/saml/${companyId}/acs`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        SAMLResponse,
        ...(RelayState !== undefined ? { RelayState } : {}),
      }).toString(),
    });

  const refusals = async () =>
    t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.actorKind, 'sso')));

  beforeAll(async () => {
    idp = await startFakeSamlIdp();
    // Every case makes its own requests: more than a person's sign-in attempts a minute.
    t = await createTestApp(kind, { MICROSOFT_LOGIN_URL: idp.url, JOBS: '0', AUTH_RATE_LIMIT: '1000' });
    admin = await createManager(t.ctx.db, { email: `admin@${DOMAIN}` });
    const company = await createCompany(t.ctx.db);
    companyId = company.id;
    await addMember(t.ctx.db, companyId, admin.id, 1);
    headers = bearer(await signIn(t, admin.id));
  });

  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  describe('settings', () => {
    it('saves the Azure page, sets ui.sso.configured and logs the change with before and after', async () => {
      const res = await putAzure(azureForm());
      expect(res.statusCode, res.body).toBe(200);
      const settings = res.json<SsoSettings>();
      expect(settings).toMatchObject({
        provider: 'azuresso',
        tenant: TENANT,
        cert: certBody(IDP_CERT),
        appName: APP_NAME,
        domain: DOMAIN,
        enabled: '1',
        idpEntityId: ISSUER,
        ssoUrl: `${idp.url}/${TENANT}/saml2`,
        needsUpgrade: false,
        sp: { entityId: APP_NAME, acsUrl: acsUrl() },
      });
      expect(settings.certInfo?.subject).toContain('Vigil test saml-idp');
      const [company] = await t.ctx.db.select().from(companies).where(eq(companies.id, companyId));
      expect(company!.settings[COMPANY_SETTINGS.ssoConfigured]).toBe('1');
      const [entry] = await t.ctx.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.companyId, companyId),
            eq(auditLog.action, 'PUT /api/companies/:id/integrations/azuresso'),
          ),
        );
      expect(entry).toMatchObject({ actorKind: 'manager', actorId: admin.id, status: 200 });
      expect(entry!.before).toMatchObject({ provider: null, enabled: '0' });
      expect(entry!.after).toMatchObject({ provider: 'azuresso', enabled: '1', domain: DOMAIN });
    });

    it('refuses what is not a certificate, an empty one, a bad domain and missing fields', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ cert: 'hello' }, SSO_MESSAGES.certInvalid],
        [{ cert: '' }, SSO_MESSAGES.certRequired],
        // Base64 that is not a certificate.
        [{ cert: Buffer.alloc(600, 7).toString('base64') }, SSO_MESSAGES.certInvalid],
        [{ domain: 'not a domain' }, SSO_MESSAGES.domainInvalid],
        [{ appName: '' }, SSO_MESSAGES.appNameRequired],
        [{ tenant: 'a/b' }, SSO_MESSAGES.tenantInvalid],
      ];
      for (const [over, message] of cases) {
        const res = await putAzure(azureForm(over));
        expect(res.statusCode, JSON.stringify(over)).toBe(400);
        expect(res.body).toContain(message);
      }
      // The certificate as bare Base64 (no PEM lines) is accepted.
      expect((await putAzure(azureForm({ cert: certBody(IDP_CERT) }))).statusCode).toBe(200);
    });

    it("claims only the admin's own email domain, and a domain one company at most", async () => {
      const res = await putAzure(azureForm({ domain: 'fabrikam.example' }));
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(SSO_MESSAGES.domainNotYours);

      const other = await createCompany(t.ctx.db);
      const otherAdmin = await createManager(t.ctx.db, { email: `second@${DOMAIN}` });
      await addMember(t.ctx.db, other.id, otherAdmin.id, 1);
      const taken = await putAzure(azureForm(), bearer(await signIn(t, otherAdmin.id)), other.id);
      expect(taken.statusCode).toBe(400);
      expect(taken.body).toContain(SSO_MESSAGES.domainTaken);
    });

    it('is for admins of the company only, and for plans with single sign-on', async () => {
      expect(
        (await t.inject({ method: 'GET', url: `/api/companies/${companyId}/integrations/azuresso` }))
          .statusCode,
      ).toBe(401);
      const viewer = await createManager(t.ctx.db, { email: `viewer@${DOMAIN}` });
      await addMember(t.ctx.db, companyId, viewer.id, 2);
      const viewerHeaders = bearer(await signIn(t, viewer.id));
      expect((await putAzure(azureForm(), viewerHeaders)).statusCode).toBe(403);

      const stranger = await createManager(t.ctx.db);
      const strangerCompany = await createCompany(t.ctx.db);
      await addMember(t.ctx.db, strangerCompany.id, stranger.id, 1);
      const strangerHeaders = bearer(await signIn(t, stranger.id));
      expect((await putAzure(azureForm(), strangerHeaders)).statusCode).toBe(404);
      const read = await t.inject({
        method: 'GET',
        url: `/api/companies/${companyId}/integrations/saml`,
        headers: strangerHeaders,
      });
      expect(read.statusCode).toBe(404);

      const basic = await createCompany(t.ctx.db, {
        subscription: { definition: { trainingSubjects: 'all', assessmentQuestions: 'all', sso: false } },
      });
      const basicAdmin = await createManager(t.ctx.db, { email: `basic@basic-${kind}.example` });
      await addMember(t.ctx.db, basic.id, basicAdmin.id, 1);
      const basicHeaders = bearer(await signIn(t, basicAdmin.id));
      const refused = await putAzure(azureForm({ domain: `basic-${kind}.example` }), basicHeaders, basic.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'not_in_plan' });
      const page = await t.inject({
        method: 'GET',
        url: `/api/companies/${basic.id}/integrations/azuresso`,
        headers: basicHeaders,
      });
      expect(page.json<SsoSettings>().needsUpgrade).toBe(true);
    });

    it('serves our metadata: entity id and the ACS', async () => {
      const res = await t.inject({ method: 'GET', url: `/api/auth/saml/${companyId}/metadata` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('attachment');
      expect(res.body).toContain(`entityID="${APP_NAME}"`);
      expect(res.body).toContain(`Location="${acsUrl()}"`);
      expect(res.body).toContain('WantAssertionsSigned="true"');
    });
  });

  describe('a manager signs in', () => {
    it('from the sign-in page through the identity provider (assertion signed, as Azure does)', async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/auth/email/manager_signin',
        payload: { email: admin.email, redirect: '/trainings' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const request = parseAuthnRequest(res.json<{ redirect: string }>().redirect);
      expect(request).toMatchObject({ acsUrl: acsUrl(), issuer: APP_NAME, relayState: '/trainings' });
      const [kept] = await t.ctx.db.select().from(ssoRequests).where(eq(ssoRequests.id, request.id));
      expect(kept).toMatchObject({ companyId, audience: 'manager', relay: '/trainings' });

      const acs = await postAcs(azureResponse(request.id, admin.email), '/trainings');
      expect(acs.statusCode, acs.body).toBe(303);
      const location = acs.headers.location as string;
      expect(location).toMatch(
        /^http:\/\/localhost:3000\/auth\/email\/signin\/[\w-]+\?redirect=%2Ftrainings$/,
      );
      const token = location.split('/auth/email/signin/')[1]!.split('?')[0]!;
      const session = await t.inject({ method: 'POST', url: `/api/auth/email/signin/${token}` });
      expect(session.statusCode).toBe(200);
      expect(session.json()).toMatchObject({ user: { email: admin.email } });
      // The request is used up, and the sign-in is in the audit log.
      expect(await t.ctx.db.select().from(ssoRequests).where(eq(ssoRequests.id, request.id))).toHaveLength(0);
      const [entry] = await t.ctx.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.companyId, companyId),
            eq(auditLog.actorKind, 'manager'),
            eq(auditLog.actorId, admin.id),
            eq(auditLog.action, 'POST /api/auth/saml/:companyId/acs'),
          ),
        );
      expect(entry).toMatchObject({ status: 200, after: { audience: 'manager' } });
    });

    it('an email outside any single sign-on domain still gets a mailed link', async () => {
      const other = await createManager(t.ctx.db);
      const res = await t.inject({
        method: 'POST',
        url: '/api/auth/email/manager_signin',
        payload: { email: other.email },
      });
      expect(res.json()).toEqual({ status: 'sent' });
    });

    it('someone of the domain who is not a manager of the company is refused', async () => {
      const request = await start('manager', `nobody@${DOMAIN}`);
      const acs = await postAcs(azureResponse(request.id, `nobody@${DOMAIN}`));
      expect(acs.statusCode).toBe(403);
      expect(acs.body).toContain(SSO_MESSAGES.notManager);
    });
  });

  describe('an employee signs in to the learner app', () => {
    it('with the response and the assertion signed, lands on the page asked for', async () => {
      const [employee] = await t.ctx.db
        .insert(employees)
        .values({ companyId, email: `emma@${DOMAIN}`, name: 'Emma' })
        .returning();
      const request = await start('employee', employee!.email, '/assessments/abc');
      const acs = await postAcs(
        azureResponse(request.id, employee!.email, { sign: 'both' }),
        '/assessments/abc',
      );
      expect(acs.statusCode, acs.body).toBe(303);
      const location = acs.headers.location as string;
      expect(location).toMatch(/^http:\/\/localhost:3000\/learn\/#t=[\w%-]+&go=assessments%2Fabc$/);
      const token = decodeURIComponent(/#t=([^&]+)/.exec(location)![1]!);
      const me = await t.inject({ method: 'GET', url: '/api/learner/me', headers: bearer(token) });
      expect(me.statusCode, me.body).toBe(200);
      const [entry] = await t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, companyId), eq(auditLog.actorKind, 'employee')));
      expect(entry).toMatchObject({ actorId: employee!.id, actorLabel: employee!.email, status: 200 });
    });

    it('by the company of a shared link, without an email', async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/auth/sso/start',
        payload: { audience: 'employee', companyId },
      });
      expect(res.statusCode).toBe(200);
      const none = await t.inject({
        method: 'POST',
        url: '/api/auth/sso/start',
        payload: { audience: 'employee', email: 'someone@elsewhere.example' },
      });
      expect(none.statusCode).toBe(404);
    });

    it('someone of the domain who is not an employee is refused', async () => {
      const request = await start('employee', `stranger@${DOMAIN}`);
      const acs = await postAcs(azureResponse(request.id, `stranger@${DOMAIN}`));
      expect(acs.statusCode).toBe(403);
      expect(acs.body).toContain(SSO_MESSAGES.notEmployee);
    });
  });

  describe('refuses, each with a fresh request', () => {
    /** What is refused, why (the audit log's reason), the response, and the RelayState posted with it. */
    const refusedCases: [string, string, (id: string) => string, string?][] = [
      [
        'a response signed with another certificate',
        'Invalid signature',
        (id) => azureResponse(id, email, { key: OTHER_KEY, cert: OTHER_CERT }),
      ],
      ['an unsigned assertion', 'Invalid signature', (id) => azureResponse(id, email, { sign: 'none' })],
      [
        'an expired assertion',
        'No valid subject confirmation',
        (id) => azureResponse(id, email, { window: [-3 * 3_600_000, -3_600_000] }),
      ],
      [
        'an assertion not yet valid',
        'not yet valid',
        (id) => azureResponse(id, email, { window: [3_600_000, 7_200_000] }),
      ],
      [
        'another audience',
        'audience mismatch',
        (id) => azureResponse(id, email, { audience: 'https://other.example/app' }),
      ],
      [
        'another recipient',
        'Wrong Recipient',
        (id) => azureResponse(id, email, { recipient: 'https://evil.example/acs' }),
      ],
      [
        'another destination',
        'Wrong Destination',
        (id) => azureResponse(id, email, { destination: 'https://evil.example/acs' }),
      ],
      [
        'another issuer',
        'Wrong Issuer',
        (id) => azureResponse(id, email, { issuer: 'https://sts.windows.net/other/' }),
      ],
      [
        'another tenant',
        'Wrong tenant',
        (id) => azureResponse(id, email, { tenantId: '11111111-2222-3333-4444-555555555555' }),
      ],
      ['an email outside the domain', 'Email outside', (id) => azureResponse(id, 'admin@fabrikam.example')],
      [
        'a response to a request never made',
        'InResponseTo is not valid',
        () => azureResponse('_never-asked', email),
      ],
      [
        'an unsolicited response (no InResponseTo)',
        'InResponseTo is missing',
        () => azureResponse(null, email),
      ],
      [
        'an absolute RelayState',
        'RelayState is not a relative path',
        (id) => azureResponse(id, email),
        'https://evil.example/',
      ],
      [
        'a protocol-relative RelayState',
        'RelayState is not a relative path',
        (id) => azureResponse(id, email),
        '//evil.example/',
      ],
    ];
    for (const [name, reason, build, relay] of refusedCases) {
      it(name, async () => {
        const before = (await refusals()).length;
        const request = await start('manager', email);
        const acs = await postAcs(build(request.id), relay);
        expect(acs.statusCode, acs.body).toBe(403);
        expect(acs.headers['content-type']).toContain('text/html');
        expect(acs.headers.location).toBeUndefined();
        // The request answered is used up whatever the outcome, and the refusal is in the audit log.
        const answered = name.includes('never made') || name.includes('unsolicited') ? 1 : 0;
        expect(await t.ctx.db.select().from(ssoRequests).where(eq(ssoRequests.id, request.id))).toHaveLength(
          answered,
        );
        const logged = await refusals();
        expect(logged.length).toBe(before + 1);
        expect((logged.at(-1)?.after as { reason: string }).reason).toContain(reason);
      });
    }

    it('a response used a second time, and an assertion replayed into a new request', async () => {
      const first = await start('manager', email);
      const assertionId = `_replayed-${kind}`;
      const ok = azureResponse(first.id, email, { assertionId });
      expect((await postAcs(ok)).statusCode).toBe(303);
      // The same response again: its request is used up.
      expect((await postAcs(ok)).statusCode).toBe(403);
      // The same assertion answering a new request: the replay cache refuses it.
      const second = await start('manager', email);
      const replay = await postAcs(azureResponse(second.id, email, { assertionId }));
      expect(replay.statusCode).toBe(403);
      const last = (await refusals()).at(-1);
      expect(JSON.stringify(last?.after)).toContain('used before');
    });

    it('XML signature wrapping: a forged assertion beside or around the signed one', async () => {
      const base = (id: string): ResponseOptions => ({
        inResponseTo: id,
        acsUrl: acsUrl(),
        audience: APP_NAME,
        issuer: ISSUER,
        email: `viewer@${DOMAIN}`,
        tenantId: TENANT,
      });
      const forged = (id: string) => assertionXml({ ...base(id), email: email, assertionId: '_forged' });
      const wraps: ((id: string) => string)[] = [
        // The forged assertion first, the signed one after it.
        (id) => responseAround(base(id), forged(id) + signedAssertion(base(id))),
        // The signed assertion hidden in the forged one's Subject.
        (id) =>
          responseAround(
            base(id),
            forged(id).replace('</Subject>', `${signedAssertion(base(id))}</Subject>`),
          ),
        // The signed assertion moved into an Extensions element, the forged one in its place.
        (id) =>
          responseAround(
            base(id),
            `<samlp:Extensions>${signedAssertion(base(id))}</samlp:Extensions>${forged(id)}`,
          ),
        // The forged assertion carrying the signed one's Signature (same ID as the signed one).
        (id) => {
          const signed = signedAssertion({ ...base(id), assertionId: '_orig' });
          const signature = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(signed)![0];
          const evil = assertionXml({ ...base(id), email, assertionId: '_orig' }).replace(
            '</Issuer>',
            `</Issuer>${signature}`,
          );
          return responseAround(base(id), evil);
        },
      ];
      for (const wrap of wraps) {
        const request = await start('manager', email);
        const acs = await postAcs(Buffer.from(wrap(request.id)).toString('base64'));
        expect(acs.statusCode, acs.body).toBe(403);
        expect(acs.headers.location).toBeUndefined();
        expect(((await refusals()).at(-1)?.after as { reason: string }).reason).toContain(
          'Invalid signature',
        );
      }
    });
  });

  describe('a generic SAML identity provider', () => {
    it('from metadata (downloaded from its URL, or pasted): Okta, Google and others', async () => {
      // No metadata while Azure is the provider: nothing to keep.
      const none = await t.inject({
        method: 'PUT',
        url: `/api/companies/${companyId}/integrations/saml`,
        headers,
        payload: { domain: DOMAIN, enabled: '1' },
      });
      expect(none.statusCode).toBe(400);
      expect(none.body).toContain(SSO_MESSAGES.metadataRequired);

      const viaUrl = await t.inject({
        method: 'PUT',
        url: `/api/companies/${companyId}/integrations/saml`,
        headers,
        payload: { metadataUrl: `${idp.url}/metadata`, domain: DOMAIN, enabled: '1' },
      });
      expect(viaUrl.statusCode, viaUrl.body).toBe(200);
      const settings = viaUrl.json<SsoSettings>();
      expect(settings).toMatchObject({
        provider: 'saml',
        idpEntityId: idp.entityId,
        ssoUrl: `${idp.url}/sso`,
        cert: certBody(IDP_CERT),
        metadataUrl: `${idp.url}/metadata`,
        appName: `http://localhost:3000/api/auth/saml/${companyId}/metadata`,
      });

      const pasted = await t.inject({
        method: 'PUT',
        url: `/api/companies/${companyId}/integrations/saml`,
        headers,
        payload: { metadataXml: idp.metadata(), domain: DOMAIN, enabled: '1' },
      });
      expect(pasted.statusCode).toBe(200);

      const broken = await t.inject({
        method: 'PUT',
        url: `/api/companies/${companyId}/integrations/saml`,
        headers,
        payload: { metadataXml: '<EntityDescriptor entityID="x"/>', domain: DOMAIN, enabled: '1' },
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.body).toContain(SSO_MESSAGES.metadataInvalid);

      const res = await t.inject({
        method: 'POST',
        url: '/api/auth/sso/start',
        payload: { audience: 'manager', email },
      });
      const request = parseAuthnRequest(res.json<{ redirect: string }>().redirect);
      const acs = await postAcs(
        response({
          inResponseTo: request.id,
          acsUrl: acsUrl(),
          audience: settings.appName,
          issuer: idp.entityId,
          email,
        }),
      );
      expect(acs.statusCode, acs.body).toBe(303);
    });

    it('turned off (the provider saved before kept): the sign-in page mails a link again, and ui.sso.configured is 0', async () => {
      const off = await t.inject({
        method: 'PUT',
        url: `/api/companies/${companyId}/integrations/saml`,
        headers,
        payload: { domain: DOMAIN, enabled: '0' },
      });
      expect(off.json<SsoSettings>()).toMatchObject({
        provider: 'saml',
        idpEntityId: idp.entityId,
        enabled: '0',
      });
      expect(off.statusCode).toBe(200);
      const [company] = await t.ctx.db.select().from(companies).where(eq(companies.id, companyId));
      expect(company!.settings[COMPANY_SETTINGS.ssoConfigured]).toBe('0');
      const res = await t.inject({
        method: 'POST',
        url: '/api/auth/email/manager_signin',
        payload: { email },
      });
      expect(res.json()).toEqual({ status: 'sent' });
    });
  });
});
