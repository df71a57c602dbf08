/**
 * Feature settings (issue 17): a super-admin sets a company's `ui.*` flags, white-label branding,
 * favicon and score ranges, and the global ranges; company admins may not. What is set reaches the
 * company as its people and managers see it (settings, Brand, ranges), the audit log, the reports' bands
 * and their PDFs.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { FAVICON, SCORE_RANGE_MESSAGES, visibleMenuTabs } from '@vigil/shared';
import { auditLog } from '../../db/schema/index.ts';
import { pdfColors } from '../../lib/pdf/pdf-test-utils.ts';
import { seedAssessment } from '../../test/assessment-reports.fixture.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { makePng, multipartFile } from '../../test/png.ts';

const RANGES = [
  { from_score: 0, to_score: 39, category: 'Needs work', color: '#5F3DC4' },
  { from_score: 40, to_score: 79, category: 'On track', color: '#1098ad' },
  { from_score: 80, to_score: 100, category: 'Champion', color: '#0b7285' },
];
const GLOBAL = [
  { from_score: 0, to_score: 59, category: 'Below par', color: '#862e9c' },
  { from_score: 60, to_score: 100, category: 'Above par', color: '#2b8a3e' },
];

/** A one-image ICO holding a 16 × 16 PNG. */
function makeIco(): Buffer {
  const png = makePng({ width: 16, height: 16 });
  const head = Buffer.alloc(6 + 16);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head.writeUInt8(16, 6);
  head.writeUInt8(16, 7);
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(head.length, 18);
  return Buffer.concat([head, png]);
}

describe.each(testDatabases())('feature settings on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let admin: string;
  let viewer: string;
  let outsider: string;
  let companyId: string;
  let otherId: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { JOBS: '0' });
    const db = t.ctx.db;
    companyId = (await createCompany(db, { name: 'Feature Works' })).id;
    otherId = (await createCompany(db, { name: 'Plain Works' })).id;
    const [s, a, v, o] = await Promise.all([
      createManager(db, { superAdmin: true }),
      createManager(db),
      createManager(db),
      createManager(db),
    ]);
    await addMember(db, companyId, a.id, 1, true);
    await addMember(db, companyId, v.id, 2);
    await addMember(db, otherId, o.id, 1, true);
    [root, admin, viewer, outsider] = await Promise.all([
      signIn(t, s.id),
      signIn(t, a.id),
      signIn(t, v.id),
      signIn(t, o.id),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const features = (token: string, payload?: unknown, id = companyId) =>
    t.inject({
      method: payload === undefined ? 'GET' : 'PUT',
      url: `/api/companies/${id}/features`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const company = async (token: string, id = companyId) =>
    (await t.inject({ method: 'GET', url: `/api/companies/${id}`, headers: bearer(token) })).json();
  const uploadFavicon = (token: string, file: { bytes: Buffer; filename: string; type: string }) => {
    const body = multipartFile(file);
    return t.inject({
      method: 'PUT',
      url: `/api/companies/${companyId}/favicon`,
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
  };

  it('refuses company admins and viewers (403) and hides the company from strangers (404)', async () => {
    expect((await features(admin)).statusCode).toBe(403);
    expect((await features(viewer)).statusCode).toBe(403);
    expect((await features(admin, { accountName: 'Mine' })).statusCode).toBe(403);
    expect((await features(outsider)).statusCode).toBe(404);
    expect((await features(outsider, { accountName: 'Theirs' })).statusCode).toBe(404);
    expect((await features(root, undefined, randomUUID())).statusCode).toBe(404);
    const global = {
      method: 'PUT' as const,
      url: '/api/admin/score-ranges',
      payload: { scoreRanges: GLOBAL },
    };
    expect((await t.inject({ ...global, headers: bearer(admin) })).statusCode).toBe(404);
    const settings = (await company(admin)).settings;
    expect(settings['ui.account_name']).toBeUndefined();
  });

  it('shows a super-admin the defaults of a company that set nothing', async () => {
    const res = await features(root);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      companyId,
      companyName: 'Feature Works',
      assessments: true,
      assessmentDashboard: true,
      certificatesEnabled: true,
      cmi5Enabled: false,
      menuHidden: { reports: false, users: false },
      supportEmail: null,
      scoreRanges: null,
      faviconUrl: null,
    });
  });

  it('refuses ranges with a gap, an overlap or a colour that is not hex, and changes nothing', async () => {
    const gap = await features(root, {
      scoreRanges: [RANGES[0], { ...RANGES[1], from_score: 45 }, RANGES[2]],
    });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().errors.map((e: { message: string }) => e.message)).toContain(
      SCORE_RANGE_MESSAGES.gap(39),
    );
    const overlap = await features(root, {
      scoreRanges: [RANGES[0], { ...RANGES[1], from_score: 30 }, RANGES[2]],
    });
    expect(overlap.statusCode).toBe(400);
    expect(
      (await features(root, { scoreRanges: [{ ...RANGES[0], to_score: 100, color: 'purple' }] })).statusCode,
    ).toBe(400);
    expect((await features(root, { supportEmail: 'not-an-email' })).statusCode).toBe(400);
    expect((await features(root, { helpUrl: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await features(root, { menuHidden: { nowhere: true } })).statusCode).toBe(400);
    expect((await features(root)).json().scoreRanges).toBeNull();
  });

  it('saves flags, branding and ranges; the company, its Brand and its menu follow; the audit log keeps before and after', async () => {
    const res = await features(root, {
      menuHidden: { reports: true },
      cmi5Enabled: true,
      presetCaptionLanguage: 'de',
      captionsSettings: '{"size":"large"}',
      accountName: 'Shield Academy',
      supportEmail: 'help@shield.example',
      helpUrl: 'https://help.shield.example/',
      privacyUrl: 'https://shield.example/privacy',
      termsUrl: 'https://shield.example/terms',
      scoreRanges: RANGES,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      menuHidden: { reports: true },
      cmi5Enabled: true,
      accountName: 'Shield Academy',
    });

    const seen = await company(admin);
    expect(seen.settings).toMatchObject({
      'ui.menu_hide_reports_tab': '1',
      'ui.cmi5.enabled': '1',
      'ui.preset_caption_language': 'de',
      'contact.support': 'help@shield.example',
    });
    expect(visibleMenuTabs(seen)).not.toContain('reports');
    expect(visibleMenuTabs(seen)).toContain('users');
    expect(seen.brand).toMatchObject({
      accountName: 'Shield Academy',
      supportEmail: 'help@shield.example',
      helpUrl: 'https://help.shield.example/',
      privacyUrl: 'https://shield.example/privacy',
      termsUrl: 'https://shield.example/terms',
    });
    expect(seen.scoreRanges).toEqual(RANGES);

    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'PUT /api/companies/:id/features')));
    expect(row).toMatchObject({ actorKind: 'superadmin', status: 200 });
    expect(row!.before).toMatchObject({
      accountName: null,
      scoreRanges: null,
      menuHidden: { reports: false },
    });
    expect(row!.after).toMatchObject({ accountName: 'Shield Academy', menuHidden: { reports: true } });

    // Null clears a value: back to the product's name and the spec's support address.
    await features(root, { accountName: null, menuHidden: { reports: false } });
    const cleared = await company(admin);
    expect(cleared.brand.accountName).toBe('Vigil');
    expect(visibleMenuTabs(cleared)).toContain('reports');
  });

  it('sets global ranges that every company without its own follows', async () => {
    const put = await t.inject({
      method: 'PUT',
      url: '/api/admin/score-ranges',
      headers: bearer(root),
      payload: { scoreRanges: GLOBAL },
    });
    expect(put.statusCode).toBe(200);
    expect((await company(outsider, otherId)).scoreRanges).toEqual(GLOBAL);
    expect((await company(admin)).scoreRanges).toEqual(RANGES);
    expect((await features(root)).json().globalScoreRanges).toEqual(GLOBAL);
    const bad = await t.inject({
      method: 'PUT',
      url: '/api/admin/score-ranges',
      headers: bearer(root),
      payload: { scoreRanges: [{ ...GLOBAL[0], to_score: 100 }, GLOBAL[1]] },
    });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'PUT /api/admin/score-ranges'));
    expect(row).toMatchObject({
      actorKind: 'superadmin',
      before: { scoreRanges: null },
      after: { scoreRanges: GLOBAL },
    });
  });

  it('bands the assessment report and the overview PDF by the company’s ranges', async () => {
    const seeded = await seedAssessment(t.ctx.db, companyId);
    const overview = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/assessments/${seeded.id}/overview`,
      headers: bearer(admin),
    });
    expect(overview.statusCode).toBe(200);
    const body = overview.json();
    expect(body.distribution.map((b: { title: string; color: string }) => [b.title, b.color])).toEqual(
      RANGES.map((r) => [r.category, r.color.toLowerCase()]),
    );
    expect(body.band).toMatchObject({ custom: true });
    const pdf = await t.inject({
      method: 'GET',
      url: `/api/companies/${companyId}/overview/report`,
      headers: bearer(admin),
    });
    expect(pdf.statusCode).toBe(200);
    const colors = pdfColors(pdf.rawPayload);
    expect([...colors].some((c) => RANGES.some((r) => r.color.toLowerCase() === c))).toBe(true);
    // The spec's band colours are gone from a company with its own ranges.
    expect(colors.has('#e03131')).toBe(false);
  });

  it('takes a PNG or ICO favicon judged by its bytes, serves it publicly, and refuses the rest', async () => {
    const png = makePng({ width: 32, height: 32 });
    expect(
      (await uploadFavicon(admin, { bytes: png, filename: 'icon.png', type: 'image/png' })).statusCode,
    ).toBe(403);
    const saved = await uploadFavicon(root, { bytes: png, filename: 'icon.png', type: 'image/png' });
    expect(saved.statusCode).toBe(200);
    const url: string = saved.json().faviconUrl;
    expect(url).toMatch(/\/api\/companies\/.+\/favicon\?v=[0-9a-f]{16}\.png$/);
    const served = await t.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await company(admin)).brand.faviconUrl).toBe(`http://localhost:3000${url}`);

    const ico = await uploadFavicon(root, {
      bytes: makeIco(),
      filename: 'favicon.ico',
      type: 'image/x-icon',
    });
    expect(ico.statusCode).toBe(200);
    const icoServed = await t.inject({ method: 'GET', url: ico.json().faviconUrl });
    expect(icoServed.headers['content-type']).toBe('image/x-icon');
    // The replaced PNG is gone.
    expect((await t.inject({ method: 'GET', url })).headers['cache-control']).toBe('public, max-age=300');

    const refused = async (bytes: Buffer, filename: string) => {
      const res = await uploadFavicon(root, { bytes, filename, type: 'image/png' });
      expect(res.statusCode).toBe(400);
      return res.json().errors[0].message as string;
    };
    expect(await refused(Buffer.from('just text'), 'icon.png')).toBe(
      "'text/plain' is not a supported format, please pick a PNG or ICO file",
    );
    expect(await refused(Buffer.alloc(FAVICON.maxBytes + 10, 1), 'big.png')).toMatch(/too large/);
    expect(await refused(makePng({ width: 512, height: 512 }), 'wide.png')).toMatch(/at most 256/);

    const removed = await t.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/remove_favicon`,
      headers: bearer(root),
    });
    expect(removed.json().faviconUrl).toBeNull();
    expect((await t.inject({ method: 'GET', url: `/api/companies/${companyId}/favicon` })).statusCode).toBe(
      404,
    );
  });
});
