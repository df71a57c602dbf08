/**
 * The company logo (spec 1 §4, §5, §9): PUT /companies/{id}/logo takes a PNG of at most 80,000 bytes,
 * judged by its bytes; the stored file is served publicly with its type; removal and replacement
 * drop the old file.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO } from '@vigil/shared';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { makePng, multipartFile } from '../../test/png.ts';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="264"><script>alert(document.cookie)</script></svg>',
);

describe.each(testDatabases())('company logo on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let outsider: string;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    const db = t.ctx.db;
    const company = await createCompany(db, { name: 'Logo Works' });
    const other = await createCompany(db, { name: 'Other Works' });
    companyId = company.id;
    const a = await createManager(db);
    const v = await createManager(db);
    const o = await createManager(db);
    await addMember(db, company.id, a.id, 1, true);
    await addMember(db, company.id, v.id, 2, true);
    await addMember(db, other.id, o.id, 1, true);
    [admin, viewer, outsider] = await Promise.all([signIn(t, a.id), signIn(t, v.id), signIn(t, o.id)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (token: string, file: { bytes: Buffer; filename: string; type: string }, id = companyId) => {
    const body = multipartFile(file);
    return t.inject({
      method: 'PUT',
      url: `/api/companies/${id}/logo`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };
  const company = async () =>
    (await t.inject({ method: 'GET', url: `/api/companies/${companyId}`, headers: bearer(admin) })).json();
  const logo = (query = '', id = companyId) =>
    t.inject({ method: 'GET', url: `/api/companies/${id}/logo${query}` });
  const png = makePng({ width: 640, height: 264 });

  it('takes a PNG from an admin and serves it to anyone with its type and a long cache', async () => {
    const res = await upload(admin, { bytes: png, filename: 'logo.png', type: 'image/png' });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved.logo_name).toMatch(/^[0-9a-f]{16}\.png$/);
    expect(saved.brand.logoUrl).toBe(
      `http://localhost:3000/api/companies/${companyId}/logo?v=${encodeURIComponent(saved.logo_name)}`,
    );

    const served = await logo(`?v=${saved.logo_name}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(Buffer.compare(served.rawPayload, png)).toBe(0);
    // An old version's link gets the current logo, cached briefly.
    expect((await logo('?v=0000000000000000.png')).headers['cache-control']).toBe('public, max-age=300');
  });

  it('draws the logo on the certificate preview', async () => {
    const pdf = (
      await t.inject({
        method: 'GET',
        url: `/api/companies/${companyId}/download/certificate/preview`,
        headers: bearer(admin),
      })
    ).rawPayload.toString('latin1');
    expect(pdf).toMatch(/\/Subtype \/Image/);
    expect(pdf).toMatch(/\/Width 640/);
  });

  it('judges the bytes, not the name or type: a PNG renamed .gif is a PNG', async () => {
    const before = (await company()).logo_name;
    const res = await upload(admin, { bytes: makePng(), filename: 'logo.gif', type: 'image/gif' });
    expect(res.statusCode).toBe(200);
    expect(res.json().logo_name).not.toBe(before);
    // The replaced file is gone from storage.
    expect(await t.ctx.storage.get(`logos/${companyId}/${before}`)).toBeNull();
    expect(await t.ctx.storage.get(`logos/${companyId}/${res.json().logo_name}`)).not.toBeNull();
  });

  it.each([
    [
      'a GIF named .png',
      { bytes: GIF, filename: 'logo.png', type: 'image/png' },
      "'image/gif' is not a supported format",
    ],
    [
      'an SVG with a script',
      { bytes: SVG, filename: 'logo.png', type: 'image/png' },
      "'image/svg+xml' is not a supported format",
    ],
    [
      'a text file named .png',
      { bytes: Buffer.from('just some words\n'), filename: 'notes.png', type: 'image/png' },
      "'text/plain' is not a supported format",
    ],
    [
      'a PNG cut short',
      { bytes: png.subarray(0, png.length - 12), filename: 'cut.png', type: 'image/png' },
      "'image/png' is not a supported format",
    ],
    [
      'a 90 KB PNG',
      { bytes: makePng({ noiseBytes: 90_000 }), filename: 'big.png', type: 'image/png' },
      "'big.png' is too large, please pick a smaller file",
    ],
  ])('refuses %s with the spec message and keeps the logo', async (_, file, message) => {
    const before = (await company()).logo_name;
    const res = await upload(admin, file);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ message }]);
    expect((await company()).logo_name).toBe(before);
  });

  it('takes a PNG of exactly 80,000 bytes', async () => {
    const base = makePng().length;
    const exact = makePng({ noiseBytes: LOGO.maxBytes - base - 12 });
    expect(exact.length).toBe(LOGO.maxBytes);
    expect((await upload(admin, { bytes: exact, filename: 'exact.png', type: 'image/png' })).statusCode).toBe(
      200,
    );
  });

  it('lets only the admins of the company change it', async () => {
    const file = { bytes: makePng(), filename: 'logo.png', type: 'image/png' };
    expect((await upload(viewer, file)).statusCode).toBe(403);
    expect((await upload(outsider, file)).statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'PUT', url: `/api/companies/${companyId}/logo`, ...multipartFile(file) }))
        .statusCode,
    ).toBe(401);
    const remove = (token: string) =>
      t.inject({ method: 'POST', url: `/api/companies/${companyId}/remove_logo`, headers: bearer(token) });
    expect((await remove(viewer)).statusCode).toBe(403);
    expect((await remove(outsider)).statusCode).toBe(404);
  });

  it('removes the logo and its file', async () => {
    const name = (await company()).logo_name;
    const res = await t.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/remove_logo`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ logo_name: null, brand: { logoUrl: null } });
    expect((await logo()).statusCode).toBe(404);
    expect(await t.ctx.storage.get(`logos/${companyId}/${name}`)).toBeNull();
    const pdf = (
      await t.inject({
        method: 'GET',
        url: `/api/companies/${companyId}/download/certificate/preview`,
        headers: bearer(admin),
      })
    ).rawPayload.toString('latin1');
    expect(pdf).not.toMatch(/\/Subtype \/Image/);
  });

  it('answers 404 for a company without a logo, an unknown one or a malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', "x'--"]) expect((await logo('', id)).statusCode).toBe(404);
  });
});
