import { chromium } from 'playwright-core';
const base = 'http://localhost:3942';
const email = process.argv[2] ?? 'jordan.blake@northstar-partners.example';
const paths = process.argv.slice(3);
async function link() {
  const since = Date.now();
  await fetch(`${base}/api/auth/email/manager_signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, redirect: '/' }) });
  for (let i = 0; i < 60; i++) {
    const mails = await (await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
    const l = mails.filter((m) => new Date(m.createdAt).getTime() >= since - 1000).map((m) => m.text.match(/https?:\/\/\S+\/auth\/email\/signin\/\S+/)?.[0]).find(Boolean);
    if (l) return l;
    await new Promise((r) => setTimeout(r, 200));
  }
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const page = await ctx.newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message)); page.on('response', (r) => { if (r.status() >= 400) console.log('HTTP', r.status(), r.url()); });
page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
await page.goto(await link());
await page.waitForURL((u) => !u.pathname.startsWith('/auth/'));
const token = await page.evaluate(() => localStorage.getItem('token'));
const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })).newPage();
await phone.goto(base + '/auth/signin/');
await phone.evaluate((t) => localStorage.setItem('token', t), token);
for (const p of paths) {
  const name = p.replace(/[^a-z0-9]+/gi, '_');
  for (const [pg, w] of [[page, 'd'], [phone, 'm']]) {
    await pg.goto(base + p);
    await pg.waitForLoadState('networkidle');
    await pg.waitForTimeout(800);
    await pg.screenshot({ path: `/tmp/i19/shots/${name}-${w}.png`, fullPage: true });
  }
  console.log('shot', p, page.url());
}
await browser.close();
