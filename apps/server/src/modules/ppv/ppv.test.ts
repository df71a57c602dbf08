import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMBED_TICKET_META,
  SUBJECT_TYPES,
  PPV_EVENT,
  PPV_LIMITS,
  PPV_MESSAGES,
  type EmbedVideosPage,
  type PpvGrant,
  type PpvLogPage,
  type PpvStatus,
} from '@vigil/shared';
import { companyPpv, ppvLog, ppvSnippets, ppvViews, subjects } from '../../db/schema/index.ts';
import { systemScope } from '../../lib/scope.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { TEST_CARDS } from '../billing/test-provider.ts';
import { loadPpvHistory } from './ppv.service.ts';

const EMBED_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/embed-dist');
const ALLOWED = 'intranet.example.com';
const PAGE = `https://${ALLOWED}/training.html`;
const RATE_LIMIT = 40;

describe.each(testDatabases())('Embed content and pay-per-view on %s', (kind) => {
  let t: TestApp;
  let company: { id: string };
  let other: { id: string };
  let admin: string;
  let viewer: string;
  let otherAdmin: string;
  let subject: string;
  let second: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { EMBED_DIR, EMBED_GRANT_RATE_LIMIT: String(RATE_LIMIT) });
    const db = t.ctx.db;
    company = await createCompany(db, { name: 'Embed Co' });
    other = await createCompany(db, { name: 'Other Embed Co' });
    const [a, v, o] = await Promise.all([createManager(db), createManager(db), createManager(db)]);
    await addMember(db, company.id, a.id, 1);
    await addMember(db, company.id, v.id, 2);
    await addMember(db, other.id, o.id, 1);
    [admin, viewer, otherAdmin] = await Promise.all([signIn(t, a.id), signIn(t, v.id), signIn(t, o.id)]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string,
    payload?: object,
    companyId = company.id,
  ) => t.inject({ method, url: `/api/companies/${companyId}${url}`, headers: bearer(token), payload });
  const status = async (companyId = company.id, token = admin) =>
    (await call('GET', '/ppv', token, undefined, companyId)).json<PpvStatus>();
  const embedDoc = (query: string, referer?: string) =>
    t.inject({ method: 'GET', url: `/embed?${query}`, headers: referer ? { referer } : {} });
  const ticketOf = (html: string) =>
    new RegExp(`name="${EMBED_TICKET_META}" content="([^"]+)"`).exec(html)?.[1];
  const grantCall = (body: object, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url: '/api/embed/grant', payload: body, headers });
  const views = (grant: string, event: 'view' | 'error' = 'view', message?: string) =>
    t.inject({ method: 'POST', url: '/api/embed/views', payload: { grant, event, message } });
  /** A grant as the player gets it: the /embed document framed by an allowed page, then the call. */
  async function playerGrant(key: string, s: string, viewerId: string, referer = PAGE) {
    const doc = await embedDoc(`key=${key}&s=${s}`, referer);
    return grantCall(
      {
        key,
        s,
        viewer: viewerId,
        ticket: ticketOf(doc.body),
        uid: undefined,
        location: referer,
        jsVideoId: 'v1',
      },
      { origin: 'http://localhost:80' },
    );
  }

  it('tells a company without PPV so, and starts a trial with free views once (admins only)', async () => {
    const none = await status();
    expect(none).toMatchObject({ enabled: false, apiKey: null, percent: 100, viewsPurchased: 0 });
    const list = await call('GET', '/ppv/videos', admin);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toMatchObject({
      error: 'ppv_no_access',
      description: PPV_MESSAGES.noAccess.replace('{support}', t.config.supportEmail),
    });
    expect((await call('POST', '/ppv/trial', viewer)).statusCode).toBe(403);
    const started = await call('POST', '/ppv/trial', admin);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      enabled: true,
      trial: true,
      viewsPurchased: PPV_LIMITS.trialViews,
      viewsUsed: 0,
      percent: 0,
    });
    expect(started.json().apiKey).toMatch(/^pk_[\w-]{22}$/);
    expect((await call('POST', '/ppv/trial', admin)).statusCode).toBe(409);
    const tx = (await call('GET', '/ppv_transactions', viewer)).json();
    expect(tx.rows).toEqual([
      expect.objectContaining({ kind: 'trial', views: PPV_LIMITS.trialViews, amount: 0 }),
    ]);
    expect((await call('POST', '/ppv/trial', otherAdmin, undefined, other.id)).statusCode).toBe(200);
  });

  it('lists the embeddable videos 20 a page with a filter, and generates and disables snippets', async () => {
    const page1 = (await call('GET', '/ppv/videos', viewer)).json<EmbedVideosPage>();
    expect(page1.pageSize).toBe(20);
    expect(page1.rows.length).toBe(Math.min(20, page1.total));
    expect(page1.total).toBeGreaterThan(20);
    const page2 = (await call('GET', '/ppv/videos?page=2', viewer)).json<EmbedVideosPage>();
    expect(page2.rows[0]!.subject_id).not.toBe(page1.rows[0]!.subject_id);
    // The journeys below play videos; interactive subjects have their own test.
    const videos = page1.rows.filter((r) => r.type === SUBJECT_TYPES.video);
    [subject, second] = [videos[0]!.subject_id, videos[1]!.subject_id];
    expect(videos[0]).toMatchObject({ status: false, views: 0, disabled: false });
    const title = videos[0]!.title;
    const found = (
      await call('GET', `/ppv/videos?search=${encodeURIComponent(title.toUpperCase())}`, viewer)
    ).json();
    expect(found.rows.map((r: { subject_id: string }) => r.subject_id)).toContain(subject);
    expect(found.total).toBeLessThan(page1.total);
    expect((await call('GET', '/ppv/videos?search=zzzz-nothing', viewer)).json().total).toBe(0);

    expect((await call('PUT', `/ppv/videos/${subject}/status`, viewer, { enabled: true })).statusCode).toBe(
      403,
    );
    const on = await call('PUT', `/ppv/videos/${subject}/status`, admin, { enabled: true });
    expect(on.json()).toMatchObject({ subject_id: subject, status: true });
    await call('PUT', `/ppv/videos/${second}/status`, admin, { enabled: true });
    const off = await call('PUT', `/ppv/videos/${second}/status`, admin, { enabled: false });
    expect(off.json()).toMatchObject({ status: false });
    expect((await call('PUT', '/ppv/videos/no-such-video/status', admin, { enabled: true })).statusCode).toBe(
      404,
    );
    // Another company's manager reaches none of it.
    expect((await call('GET', '/ppv/videos', otherAdmin)).statusCode).toBe(404);
    expect((await call('PUT', '/ppvkey', otherAdmin)).statusCode).toBe(404);
  });

  it('serves /embed for a known key, framed only by the allowed domains, with a ticket for an allowed page', async () => {
    const bad = await call('PUT', '/ppv/settings', admin, { allowedDomains: ['not a domain'] });
    expect(bad.statusCode).toBe(400);
    const saved = await call('PUT', '/ppv/settings', admin, { allowedDomains: [ALLOWED, '*.example.org'] });
    expect(saved.json().allowedDomains).toEqual([ALLOWED, '*.example.org']);
    const { apiKey } = await status();

    const unknown = await embedDoc(`key=pk_unknown&s=${subject}`);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.body).toContain(PPV_MESSAGES.keyUnknown);

    const doc = await embedDoc(`key=${apiKey}&s=${subject}&lang=en&hideLogo=1`, PAGE);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toContain('text/html');
    expect(doc.headers['x-frame-options']).toBeUndefined();
    const csp = String(doc.headers['content-security-policy']);
    expect(csp).toContain(
      `frame-ancestors 'self' https://${ALLOWED} http://${ALLOWED} https://*.example.org`,
    );
    expect(doc.headers['cache-control']).toBe('no-store');
    expect(ticketOf(doc.body)).toBeTruthy();
    expect(
      ticketOf((await embedDoc(`key=${apiKey}&s=${subject}`, 'https://evil.example.net/')).body),
    ).toBeUndefined();
    expect(
      ticketOf((await embedDoc(`key=${apiKey}&s=${subject}`, 'https://a.b.example.org/x')).body),
    ).toBeTruthy();

    const asset = await t.inject({ method: 'GET', url: '/embed/assets/player.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('grants playback only to allowed pages, with signed media that plays by ranges', async () => {
    const { apiKey } = await status();
    const key = apiKey!;
    // No ticket (a page that did not frame /embed): refused and logged.
    const bare = await grantCall({ key, s: subject });
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ error: 'origin_refused', description: PPV_MESSAGES.originRefused });
    // A ticket from an allowed page, but the call comes from another site.
    const doc = await embedDoc(`key=${key}&s=${subject}`, PAGE);
    const foreign = await grantCall(
      { key, s: subject, ticket: ticketOf(doc.body) },
      { origin: 'https://evil.example.net' },
    );
    expect(foreign.statusCode).toBe(403);
    // A disabled snippet.
    const inactive = await playerGrant(key, second, 'viewer-0001');
    expect(inactive.json()).toMatchObject({ error: 'snippet_inactive' });
    // Unknown key, or the key of another company named with this company's id.
    expect((await grantCall({ key: 'pk_nope', s: subject })).json().error).toBe('key_unknown');

    const res = await playerGrant(key, subject, 'viewer-0001');
    expect(res.statusCode, res.body).toBe(200);
    const g = res.json<PpvGrant>();
    expect(g.preview).toBe(false);
    const media = g.media[g.subject.language]!;
    expect(media.video).toMatch(/^\/media\/videos\/.+\?exp=\d+&sig=[\w-]+$/);
    expect(g.exp * 1000).toBeGreaterThan(Date.now() + (PPV_LIMITS.grantSeconds - 60) * 1000);

    const ranged = await t.inject({ method: 'GET', url: media.video, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(100);
    expect(ranged.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const [file] = media.video.split('?');
    expect((await t.inject({ method: 'GET', url: file! })).statusCode).toBe(403);
    // A signature with its first character changed (to one it is not: 'x' could be what it was).
    const tampered = media.video.replace(/sig=(.)/, (_, c: string) => `sig=${c === 'x' ? 'y' : 'x'}`);
    expect((await t.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const expired = media.video.replace(/exp=\d+/, 'exp=1000');
    expect((await t.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
    // Thumbnails stay public.
    const thumb = (await call('GET', `/ppv/videos/${subject}`, viewer)).json().thumb as string | null;
    if (thumb) expect((await t.inject({ method: 'GET', url: thumb })).statusCode).toBe(200);
  });

  it('counts a view once per viewer, subject and day, logs every event and refuses beyond the purchased views', async () => {
    const key = (await status()).apiKey!;
    const before = await status();
    const first = (await playerGrant(key, subject, 'viewer-0001')).json<PpvGrant>();
    expect((await views(first.grant)).json()).toEqual({ counted: true });
    expect((await views(first.grant)).json()).toEqual({ counted: false });
    const again = (await playerGrant(key, subject, 'viewer-0001')).json<PpvGrant>();
    expect((await views(again.grant)).json()).toEqual({ counted: false });
    const other = (await playerGrant(key, subject, 'viewer-0002')).json<PpvGrant>();
    expect((await views(other.grant)).json()).toEqual({ counted: true });
    expect((await views(other.grant, 'error', 'MEDIA_ERR_DECODE')).json()).toEqual({ counted: false });

    const after = await status();
    expect(after.viewsUsed).toBe(before.viewsUsed + 2);
    expect(after.percent).toBe(Math.round((after.viewsUsed / after.viewsPurchased) * 100));
    const video = (await call('GET', `/ppv/videos/${subject}`, viewer)).json();
    expect(video.views).toBe(2);

    const log = (await call('GET', '/ppv_log', viewer)).json<PpvLogPage>();
    const types = log.rows.map((r) => r.event_type);
    expect(types.filter((x) => x === 2)).toHaveLength(2);
    expect(types).toContain(1);
    expect(types).toContain(3);
    const view = log.rows.find((r) => r.event_type === 2)!;
    expect(view).toMatchObject({
      subject_id: subject,
      client_ip: '127.0.0.0',
      js_video_id: 'v1',
      locaction: PAGE,
      api_key: key,
    });
    expect(view.subject_title).toBeTruthy();
    const onlyViews = (await call('GET', `/ppv_log?type=2&subjectId=${subject}`, viewer)).json<PpvLogPage>();
    expect(onlyViews.total).toBe(2);
    const error = (await call('GET', '/ppv_log?type=3', viewer)).json<PpvLogPage>();
    expect(error.rows.map((r) => r.message)).toContain('MEDIA_ERR_DECODE');
    const today = new Date().toISOString().slice(0, 10);
    expect((await call('GET', `/ppv_log?from=${today}&to=${today}&type=2`, viewer)).json().total).toBe(2);
    expect((await call('GET', `/ppv_log?to=2000-01-01`, viewer)).json().total).toBe(0);

    const csv = await t.inject({
      method: 'GET',
      url: `/api/companies/${company.id}/ppv/export/?token=${viewer}&type=2`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Event type');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(',"View",');
    expect(
      (await t.inject({ method: 'GET', url: `/api/companies/${company.id}/ppv/export/?token=${otherAdmin}` }))
        .statusCode,
    ).toBe(404);

    // Every purchased view used: the grant and the report are refused with the message.
    await t.ctx.db
      .update(companyPpv)
      .set({ viewsPurchased: after.viewsUsed })
      .where(eq(companyPpv.companyId, company.id));
    expect((await status()).percent).toBe(100);
    const refused = await playerGrant(key, subject, 'viewer-0003');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ error: 'limit_reached', description: PPV_MESSAGES.limitReached });
    const late = await views(other.grant.replace(/^/, ''));
    expect(late.statusCode).toBe(200); // viewer-0002 was already counted today
    const granted = (await playerGrant(key, subject, 'viewer-0001')).statusCode;
    expect(granted).toBe(402);
    await t.ctx.db
      .update(companyPpv)
      .set({ viewsPurchased: after.viewsUsed + 1 })
      .where(eq(companyPpv.companyId, company.id));
    const g3 = (await playerGrant(key, subject, 'viewer-0003')).json<PpvGrant>();
    const g4 = (await playerGrant(key, subject, 'viewer-0004')).json<PpvGrant>();
    expect((await views(g3.grant)).json()).toEqual({ counted: true });
    const over = await views(g4.grant);
    expect(over.statusCode).toBe(402);
    expect((await status()).viewsUsed).toBe(after.viewsUsed + 1);
  });

  it('plays the configurator preview without a ticket and counts nothing, for its own company only', async () => {
    await t.ctx.db
      .update(companyPpv)
      .set({ viewsPurchased: 1000 })
      .where(eq(companyPpv.companyId, company.id));
    const key = (await status()).apiKey!;
    const before = await status();
    const logBefore = (await call('GET', '/ppv_log', viewer)).json<PpvLogPage>().total;
    const token = (await call('POST', '/ppv/preview', viewer, { subjectId: second })).json().token as string;
    // The preview plays even a disabled snippet (the configurator shows it before it is generated).
    const g = await grantCall({ key, s: second, preview: token });
    expect(g.statusCode, g.body).toBe(200);
    expect(g.json<PpvGrant>().preview).toBe(true);
    expect((await views(g.json<PpvGrant>().grant)).json()).toEqual({ counted: false });
    expect((await status()).viewsUsed).toBe(before.viewsUsed);
    expect((await call('GET', '/ppv_log', viewer)).json<PpvLogPage>().total).toBe(logBefore);
    // Not for another subject, nor with another company's key.
    expect((await grantCall({ key, s: subject, preview: token })).statusCode).toBe(403);
    const otherKey = (await status(other.id, otherAdmin)).apiKey!;
    expect((await grantCall({ key: otherKey, s: second, preview: token })).statusCode).toBe(403);
    // Another company's grant counts nothing here, and its key opens nothing of this company.
    await call('PUT', '/ppv/settings', otherAdmin, { allowedDomains: [ALLOWED] }, other.id);
    await call('PUT', `/ppv/videos/${subject}/status`, otherAdmin, { enabled: true }, other.id);
    const theirs = (await playerGrant(otherKey, subject, 'viewer-0009')).json<PpvGrant>();
    expect((await views(theirs.grant)).json()).toEqual({ counted: true });
    expect((await status()).viewsUsed).toBe(before.viewsUsed);
    expect((await status(other.id, otherAdmin)).viewsUsed).toBe(1);
    const mine = (await call('GET', '/ppv_log', admin)).json<PpvLogPage>();
    expect(mine.rows.every((r) => r.api_key === key || r.api_key === null)).toBe(true);
  });

  it('embeds an interactive subject: its scenes in every language come with the grant, and a view counts', async () => {
    const [row] = await t.ctx.db
      .select({ id: subjects.id })
      .from(subjects)
      .where(eq(subjects.type, SUBJECT_TYPES.interactive))
      .limit(1);
    const id = row!.id;
    const key = (await status()).apiKey!;
    expect((await call('PUT', `/ppv/videos/${id}/status`, admin, { enabled: true })).statusCode).toBe(200);
    const listed = (await call('GET', `/ppv/videos/${id}`, viewer)).json();
    expect(listed).toMatchObject({ type: SUBJECT_TYPES.interactive, languages: ['de', 'en', 'es', 'fr'] });
    const answer = await playerGrant(key, id, 'viewer-interactive-1');
    expect(answer.statusCode, answer.body).toBe(200);
    const grant = answer.json<PpvGrant>();
    expect(grant.subject).toMatchObject({
      type: SUBJECT_TYPES.interactive,
      languages: ['de', 'en', 'es', 'fr'],
    });
    expect(grant.media).toEqual({});
    expect(Object.keys(grant.interactive!)).toEqual(['de', 'en', 'es', 'fr']);
    expect(grant.interactive!.en!.scenes.length).toBeGreaterThan(0);
    expect(grant.interactive!.de!.scenes[0]!.situation).not.toBe(grant.interactive!.en!.scenes[0]!.situation);
    const before = (await status()).viewsUsed;
    expect((await views(grant.grant)).json()).toEqual({ counted: true });
    expect((await status()).viewsUsed).toBe(before + 1);
  });

  it('regenerates the key: old snippets and their grants stop working', async () => {
    const old = (await status()).apiKey!;
    const grantBefore = (await playerGrant(old, subject, 'viewer-0100')).json<PpvGrant>();
    const renewed = await call('PUT', '/ppvkey', admin);
    expect(renewed.statusCode).toBe(200);
    const key = renewed.json<PpvStatus>().apiKey!;
    expect(key).not.toBe(old);
    expect((await embedDoc(`key=${old}&s=${subject}`, PAGE)).statusCode).toBe(403);
    expect((await playerGrant(old, subject, 'viewer-0100')).statusCode).toBe(403);
    expect((await views(grantBefore.grant)).statusCode).toBe(403);
    expect((await playerGrant(key, subject, 'viewer-0100')).statusCode).toBe(200);
  });

  it('buys views through the payment provider; an empty amount does nothing', async () => {
    const before = await status();
    const empty = await call('POST', '/ppv_transactions', admin, { views: null });
    expect(empty.json()).toMatchObject({
      transaction: null,
      status: { viewsPurchased: before.viewsPurchased },
    });
    expect((await call('POST', '/ppv_transactions', viewer, { views: 100 })).statusCode).toBe(403);
    const noCard = await call('POST', '/ppv_transactions', admin, { views: 100 });
    expect(noCard.statusCode).toBe(402);
    const card = await call('POST', '/subscriptions/card', admin, {
      card: { number: TEST_CARDS.success, expiry: '12/34', cvc: '123' },
      amount: 100 * PPV_LIMITS.viewPriceCents,
    });
    const bought = await call('POST', '/ppv_transactions', admin, {
      views: 100,
      paymentNonce: card.json().paymentNonce,
    });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json()).toMatchObject({
      status: { viewsPurchased: before.viewsPurchased + 100, trial: false },
      transaction: { kind: 'purchase', views: 100, amount: 100 * PPV_LIMITS.viewPriceCents, currency: 'EUR' },
    });
    // The card stays the company's billing account: the next views need no new card, and the company
    // has no subscription to reactivate for it.
    expect(bought.json().status.cardOnFile).toBe(`Visa •••• ${TEST_CARDS.success.slice(-4)}`);
    expect((await status(company.id, viewer)).cardOnFile).toBeNull();
    const again = await call('POST', '/ppv_transactions', admin, { views: 10 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().status.viewsPurchased).toBe(before.viewsPurchased + 110);
    const overview = await call('GET', '/subscriptions', admin);
    expect(overview.json()).toMatchObject({ canReactivate: false, cancelled: false, nextBillingAt: null });
    expect((await call('PUT', '/reactivateSubscription', admin)).statusCode).toBe(409);
    const declined = await call('POST', '/subscriptions/card', admin, {
      card: { number: TEST_CARDS.declined, expiry: '12/34', cvc: '123' },
      amount: 1,
    });
    expect(declined.statusCode).toBe(402);
    expect((await call('GET', '/ppv_transactions', admin)).json().rows).toHaveLength(3);
  });

  it('lists every category with its videos publicly, and signs a video for the manager preview', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/embed/categories?lang=en' });
    expect(res.statusCode).toBe(200);
    const subjects = res.json().categories.flatMap((c: { subjects: { subject_id: string }[] }) => c.subjects);
    expect(subjects.map((s: { subject_id: string }) => s.subject_id)).toContain(subject);
    expect(res.body).not.toContain('/media/videos/');
    const url = await call('POST', '/video/token', viewer, { videoId: subject, lang: 'en' });
    expect(url.json()).toMatchObject({
      url: expect.stringMatching(/\?exp=\d+&sig=/),
      exp: expect.any(Number),
    });
    expect(
      (await t.inject({ method: 'GET', url: url.json().url, headers: { range: 'bytes=0-9' } })).statusCode,
    ).toBe(206);
  });

  /** A company with PPV from the demo's loader: one active snippet, `views` purchased, its key. */
  async function companyWithViews(views: number) {
    const made = await createCompany(t.ctx.db, { name: `Counted Co ${views}` });
    await loadPpvHistory(t.ctx.db, systemScope(made.id, 'test'), {
      allowedDomains: [ALLOWED],
      viewsPurchased: views,
      snippets: 1,
      days: 0,
      now: new Date(),
    });
    const [row] = await t.ctx.db
      .select({ key: companyPpv.apiKey, subject: ppvSnippets.subjectId })
      .from(companyPpv)
      .innerJoin(ppvSnippets, eq(ppvSnippets.companyId, companyPpv.companyId))
      .where(eq(companyPpv.companyId, made.id));
    const counts = async () => {
      const [ppv] = await t.ctx.db.select().from(companyPpv).where(eq(companyPpv.companyId, made.id));
      const [snippet] = await t.ctx.db.select().from(ppvSnippets).where(eq(ppvSnippets.companyId, made.id));
      const rows = await t.ctx.db.select().from(ppvViews).where(eq(ppvViews.companyId, made.id));
      const log = await t.ctx.db.select().from(ppvLog).where(eq(ppvLog.companyId, made.id));
      const logged = (type: number) => log.filter((r) => r.eventType === type).length;
      return {
        used: ppv!.viewsUsed,
        snippet: snippet!.views,
        viewers: rows.length,
        signatures: logged(PPV_EVENT.signature),
        views: logged(PPV_EVENT.view),
        errors: logged(PPV_EVENT.error),
      };
    };
    return { id: made.id, key: row!.key, subject: row!.subject, counts };
  }

  it('counts the last views exactly when many viewers report at the same instant, and each viewer once', async () => {
    const c = await companyWithViews(3);
    const grants = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const answer = await playerGrant(c.key, c.subject, `viewer-race-${i}`);
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json<PpvGrant>().grant;
      }),
    );
    const reports = await Promise.all(grants.map((g) => views(g)));
    expect(reports.filter((r) => r.statusCode === 200).map((r) => r.json())).toEqual([
      { counted: true },
      { counted: true },
      { counted: true },
    ]);
    expect(reports.filter((r) => r.statusCode === 402)).toHaveLength(9);
    expect(await c.counts()).toEqual({
      used: 3,
      snippet: 3,
      viewers: 3,
      signatures: 12,
      views: 3,
      errors: 9,
    });
    // No view left: the grant is refused and logged as an Error.
    expect((await playerGrant(c.key, c.subject, 'viewer-race-late')).statusCode).toBe(402);
    expect((await c.counts()).errors).toBe(10);

    // One viewer's report sent five times at once counts once.
    await t.ctx.db.update(companyPpv).set({ viewsPurchased: 10 }).where(eq(companyPpv.companyId, c.id));
    const once = (await playerGrant(c.key, c.subject, 'viewer-race-again')).json<PpvGrant>().grant;
    const repeated = await Promise.all(Array.from({ length: 5 }, () => views(once)));
    expect(repeated.map((r) => r.json<{ counted: boolean }>().counted).sort()).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
    expect(await c.counts()).toMatchObject({ used: 4, snippet: 4, viewers: 4, views: 4 });
  });

  it('refuses at once a key that another process replaced, although this one still keeps the old one', async () => {
    const c = await companyWithViews(10);
    const before = (await playerGrant(c.key, c.subject, 'viewer-kept-1')).json<PpvGrant>().grant;
    const doc = await embedDoc(`key=${c.key}&s=${c.subject}`, PAGE);
    // As PUT ppvkey does it in another process: this process is not told.
    await t.ctx.db
      .update(companyPpv)
      .set({ apiKey: `pk_${c.id.slice(0, 8)}` })
      .where(eq(companyPpv.companyId, c.id));
    const stale = await grantCall(
      { key: c.key, s: c.subject, viewer: 'viewer-kept-2', ticket: ticketOf(doc.body) },
      { origin: 'http://localhost:80' },
    );
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ error: 'key_unknown' });
    expect((await views(before)).statusCode).toBe(403);
    expect(await c.counts()).toEqual({ used: 0, snippet: 0, viewers: 0, signatures: 1, views: 0, errors: 0 });
  });

  it('limits grant requests per client address and key', async () => {
    const key = (await status()).apiKey!;
    let limited = 0;
    for (let i = 0; i < RATE_LIMIT + 5; i++) {
      const res = await grantCall({ key, s: subject });
      if (res.statusCode === 429) limited++;
    }
    expect(limited).toBeGreaterThan(0);
    // Another key from the same address has its own allowance.
    const otherKey = (await status(other.id, otherAdmin)).apiKey!;
    expect((await grantCall({ key: otherKey, s: subject })).statusCode).not.toBe(429);
  });
});
