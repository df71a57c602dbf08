// The learner app's first load: the JavaScript its index.html loads eagerly (module script and
// modulepreload links), raw, gzipped and brotli-compressed, against the 150 kB gzip budget of
// DESIGN.md. The lesson player (video, slides, quiz) is part of it; a decision scenario and a SCORM
// course load when such a subject is opened, so they are listed apart as lazy chunks.
// Usage: npm run build -w apps/learner && node bench/learner-bundle.mjs [distDir]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { root } from '../scripts/apps.mjs';

const BUDGET_KB = 150;

const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/learner/dist'));
const htmlPath = path.join(dist, 'index.html');
if (!existsSync(htmlPath)) throw new Error(`no ${htmlPath}: run npm run build -w apps/learner first`);
const html = readFileSync(htmlPath, 'utf8');

const kb = (bytes) => Math.round(bytes / 100) / 10;
const sum = (rows, key) => Math.round(rows.reduce((total, row) => total + row[key], 0) * 10) / 10;

function measure(file) {
  const bytes = readFileSync(path.join(dist, file));
  return {
    file,
    raw: kb(bytes.length),
    gzip: kb(gzipSync(bytes).length),
    brotli: kb(brotliCompressSync(bytes).length),
  };
}

/** The files index.html asks for, relative to dist (the app is served under /learn/). */
const eager = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)]
  .map((m) => m[0])
  .filter((tag) => /^<script\b[^>]*\bsrc=/.test(tag) || /\brel="modulepreload"/.test(tag))
  .map((tag) => tag.match(/\b(?:src|href)="(?:\/learn)?\/?([^"]+)"/)?.[1])
  .filter((file) => file?.endsWith('.js'));

const first = eager.map(measure).sort((a, b) => b.gzip - a.gzip);
const lazy = readdirSync(path.join(dist, 'assets'))
  .map((name) => `assets/${name}`)
  .filter((file) => file.endsWith('.js') && !eager.includes(file))
  .map(measure)
  .sort((a, b) => b.gzip - a.gzip);
const firstGzip = sum(first, 'gzip');

console.log(
  JSON.stringify(
    {
      bench: 'learner-bundle',
      unit: 'kB (1000 bytes)',
      budgetGzip: BUDGET_KB,
      firstLoad: { raw: sum(first, 'raw'), gzip: firstGzip, brotli: sum(first, 'brotli'), files: first },
      lazy,
      withinBudget: firstGzip <= BUDGET_KB,
    },
    null,
    2,
  ),
);
