import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlogPage, DASHBOARD_LIMITS } from '@vigil/shared';
import { companies } from '../../db/schema/index.ts';
import { addMember, bearer, createCompany, createManager, signIn } from '../../test/factories.ts';
import { createTestApp, testDatabases, type TestApp } from '../../test/harness.ts';
import { loadBlogPosts, parsePostFile, renderPostHtml } from './blog-posts.ts';

describe('the shipped blog posts', () => {
  const posts = loadBlogPosts();

  it('are seven, newest first, dated in 2026, each with local media that exists', () => {
    expect(posts).toHaveLength(7);
    const dates = posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const post of posts) {
      expect(post.date >= '2026-01-01' && post.date < '2026-11-22').toBe(true);
      expect(post.media?.url).toMatch(/^\/media\//);
      expect(post.html).not.toMatch(/<script|on\w+=|javascript:/i);
      expect(post.html).toContain('<p>');
    }
  });

  it('keeps formatting and strips what could run or reach the network', () => {
    const html = renderPostHtml(
      [
        '## Heading',
        '',
        'Some **bold** text with a [link](https://example.com) and [a trap](javascript:alert(1)).',
        '',
        '<script>alert(1)</script><img src="/media/thumbs/clean-desk.jpg" onerror="alert(1)" alt="desk">',
        '<img src="https://tracker.example/pixel.gif"><iframe src="https://example.com"></iframe>',
      ].join('\n'),
    );
    expect(html).toContain('<h2>Heading</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">link</a>',
    );
    expect(html).toContain('<img src="/media/thumbs/clean-desk.jpg" alt="desk" />');
    expect(html).not.toMatch(/script|onerror|javascript|tracker|iframe/);
  });

  it('refuses a post whose front matter is wrong or whose media is missing', () => {
    const post = (front: string) => `---\n${front}\n---\nBody.`;
    expect(() => parsePostFile('a.md', 'No front matter')).toThrow(/front matter/);
    expect(() => parsePostFile('b.md', post('id: Bad Id\ntitle: T\ndate: "2026-01-01"\nsummary: S'))).toThrow(
      /id/,
    );
    expect(() =>
      parsePostFile(
        'c.md',
        post(
          'id: c\ntitle: T\ndate: "2026-01-01"\nsummary: S\nmedia:\n  type: image\n  url: /media/blog/none.svg',
        ),
      ),
    ).toThrow(/does not exist/);
    expect(() =>
      parsePostFile(
        'd.md',
        post(
          'id: d\ntitle: T\ndate: "2026-01-01"\nsummary: S\nmedia:\n  type: image\n  url: https://x.example/a.png',
        ),
      ),
    ).toThrow(/under \/media\//);
  });
});

describe.each(testDatabases())('GET /api/blog/posts (%s)', (kind) => {
  let t: TestApp;
  let providerId: string;
  let customerId: string;
  let viewer: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.ctx.db;
    const [provider, customer] = await Promise.all([createCompany(db), createCompany(db)]);
    await db.update(companies).set({ isProvider: true }).where(eq(companies.id, provider.id));
    providerId = provider.id;
    customerId = customer.id;
    const user = await createManager(db);
    await addMember(db, provider.id, user.id, 2);
    await addMember(db, customer.id, user.id, 1);
    viewer = bearer(await signIn(t, user.id));
  });

  afterAll(async () => {
    await t?.close();
  });

  const page = (companyId: string | null, query = '') =>
    t.inject({
      method: 'GET',
      url: `/api/blog/posts${query}`,
      headers: { ...viewer, ...(companyId ? { 'x-company-id': companyId } : {}) },
    });

  it('gives the provider’s company three posts a page, newest first', async () => {
    const res = await page(providerId);
    expect(res.statusCode).toBe(200);
    const body = BlogPage.parse(res.json());
    expect(DASHBOARD_LIMITS.blogPerPage).toBe(3);
    expect(body).toMatchObject({ page: 1, pages: 3, total: 7 });
    expect(body.posts.map((p) => p.id)).toEqual([
      'certificates-in-your-colours',
      'new-delivery-calendar',
      'building-a-reporting-culture',
    ]);
    expect(body.posts[0]).toMatchObject({
      title: 'Certificates of completion, in your colours',
      date: '2026-11-03',
      media: { type: 'image', url: '/media/blog/certificate.svg' },
    });
    expect(body.posts[2]?.media).toEqual({
      type: 'video',
      url: expect.stringMatching(/^\/media\/videos\/when-and-how-to-report\.en\.webm\?exp=\d+&sig=[\w-]+$/),
      poster: '/media/thumbs/when-and-how-to-report.svg',
    });
    for (const post of body.posts) expect(post.html).not.toContain('<script');
  });

  it('gives the remainder on the last page and nothing past it', async () => {
    const last = BlogPage.parse((await page(providerId, '?page=3')).json());
    expect(last).toMatchObject({ page: 3, pages: 3, total: 7 });
    expect(last.posts.map((p) => p.id)).toEqual(['first-baseline-assessment']);
    const past = BlogPage.parse((await page(providerId, '?page=4')).json());
    expect(past.posts).toEqual([]);
    expect((await page(providerId, '?page=0')).statusCode).toBe(400);
  });

  it('serves the posts’ media from this server', async () => {
    const body = BlogPage.parse((await page(providerId)).json());
    for (const post of body.posts) {
      const media = await t.inject({ method: 'GET', url: post.media!.url });
      expect(media.statusCode).toBe(200);
    }
  });

  it('answers 404 to a company that is not the provider, and to no company at all', async () => {
    const res = await page(customerId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Not Found' });
    expect((await page(null)).statusCode).toBe(404);
    const anonymous = await t.inject({
      method: 'GET',
      url: '/api/blog/posts',
      headers: { 'x-company-id': providerId },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
