// The manager app's first load: the JavaScript that index.html loads eagerly (its module script and
// modulepreload links) and the chunks the dashboard route (/) adds, raw, gzipped and brotli-compressed.
// Also the /embed player (apps/embed), whose whole JavaScript has its own budget of 100 kB compressed.
// Reads the builds as they are.
// Usage: npm run build -w apps/web -w apps/embed && node bench/web-bundle.mjs [distDir] [embedDistDir]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { root } from '../scripts/apps.mjs';

const BUDGET_KB = 300;
const EMBED_BUDGET_KB = 100;
/** The module behind the dashboard route, as lazy-pages.ts imports it. */
const DASHBOARD_ENTRY = 'src/features/dashboard/index.ts';

const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
const embedDist = path.resolve(process.argv[3] ?? path.join(root, 'apps/embed/dist'));
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) throw new Error(`no ${manifestPath}: run npm run build -w apps/web first`);
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

const kb = (bytes) => Math.round(bytes / 100) / 10;

function measure(file, from = dist) {
  const bytes = readFileSync(path.join(from, file));
  return {
    file,
    raw: kb(bytes.length),
    gzip: kb(gzipSync(bytes).length),
    brotli: kb(brotliCompressSync(bytes).length),
  };
}

function group(files, from = dist) {
  const rows = files.map((file) => measure(file, from)).sort((a, b) => b.gzip - a.gzip);
  const sum = (key) => Math.round(rows.reduce((total, row) => total + row[key], 0) * 10) / 10;
  return { raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli'), files: rows };
}

/** Every JS file the page asks for before any route is chosen (module scripts and classic ones). */
const tags = [...html.matchAll(/<(script|link)\b[^>]*>/g)].map((m) => m[0]);
const eager = tags
  .filter((tag) => /^<script\b[^>]*\bsrc=/.test(tag) || /\brel="modulepreload"/.test(tag))
  .map((tag) => tag.match(/\b(?:src|href)="\/?([^"]+)"/)?.[1])
  .filter((file) => file?.endsWith('.js'));

/** A lazy entry's own chunk and the static imports it needs beyond what is already loaded. */
function lazyChunks(key, loaded) {
  const seen = new Set();
  const visit = (k) => {
    const chunk = manifest[k];
    if (!chunk || seen.has(k) || loaded.has(chunk.file)) return;
    seen.add(k);
    (chunk.imports ?? []).forEach(visit);
  };
  visit(key);
  return [...seen].map((k) => manifest[k].file);
}

if (!manifest[DASHBOARD_ENTRY]) throw new Error(`${DASHBOARD_ENTRY} is not in the build manifest`);
/** Scripts written into index.html itself (the first-screen script), counted as one more file. */
const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('');
const first = group(eager);
if (inline) {
  const bytes = Buffer.from(inline);
  const row = {
    file: 'index.html (inline scripts)',
    raw: kb(bytes.length),
    gzip: kb(gzipSync(bytes).length),
    brotli: kb(brotliCompressSync(bytes).length),
  };
  first.files.push(row);
  for (const key of ['raw', 'gzip', 'brotli']) first[key] = Math.round((first[key] + row[key]) * 10) / 10;
}
const dashboard = group(lazyChunks(DASHBOARD_ENTRY, new Set(eager)));
const total = Math.round((first.gzip + dashboard.gzip) * 10) / 10;

/**
 * The /embed player: what a video-only snippet loads (the JavaScript its index.html names) is held to
 * the budget; the chunks loaded on demand (an interactive subject's player) are listed apart.
 */
function embedBundle() {
  const index = path.join(embedDist, 'index.html');
  if (!existsSync(index)) return { missing: `no ${embedDist}: npm run build -w apps/embed` };
  const html = readFileSync(index, 'utf8');
  const named = new Set([...html.matchAll(/(?:src|href)="\/embed\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
  const files = readdirSync(path.join(embedDist, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => `assets/${name}`);
  const videoOnly = group(
    files.filter((file) => named.has(file)),
    embedDist,
  );
  const onDemand = group(
    files.filter((file) => !named.has(file)),
    embedDist,
  );
  return {
    budgetGzip: EMBED_BUDGET_KB,
    ...videoOnly,
    withinBudget: videoOnly.gzip <= EMBED_BUDGET_KB,
    onDemand,
    withInteractiveGzip: Math.round((videoOnly.gzip + onDemand.gzip) * 10) / 10,
  };
}

console.log(
  JSON.stringify(
    {
      bench: 'web-bundle',
      unit: 'kB (1000 bytes)',
      budgetGzip: BUDGET_KB,
      eager: first,
      dashboardRoute: dashboard,
      firstLoadDashboardGzip: total,
      withinBudget: total <= BUDGET_KB,
      embedPlayer: embedBundle(),
    },
    null,
    2,
  ),
);
