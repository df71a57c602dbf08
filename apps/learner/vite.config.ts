import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';

const FIRST_SCREEN_SCRIPT = fileURLToPath(new URL('./src/boot/first-screen.ts', import.meta.url));

/** The first script, bundled on its own (nothing shared with the app's chunks) as one classic script. */
async function bundleFirstScreen(): Promise<string> {
  const output = (await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      target: 'es2022',
      lib: { entry: FIRST_SCREEN_SCRIPT, formats: ['iife'], name: 'vigilFirstScreen' },
    },
  })) as Rollup.RollupOutput[];
  const chunk = output[0]?.output.find((file) => file.type === 'chunk');
  if (!chunk) throw new Error(`${FIRST_SCREEN_SCRIPT} built to nothing`);
  return chunk.code.trim();
}

/**
 * Nothing stands between the document and its first paint on a slow phone connection: the app's
 * stylesheet (8 kB compressed) is written into index.html instead of linked, and the first script
 * (src/boot/first-screen.ts, ~2 kB compressed) runs inline at the top of the head, starting the first
 * page's API calls ahead of the app's scripts and painting a subject's head when they answer; it asks for
 * the app's scripts (kept in a template, not fetched by the document) once that head is on screen. The
 * server allows that one inline script by its hash (apps/server/src/http/static.ts).
 */
function inlineFirstScreen(): Plugin {
  return {
    name: 'vigil-inline-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: async (html, { bundle }) => {
        const styles = /<link rel="stylesheet"(?: crossorigin)? href="\/learn\/(assets\/[^"]+\.css)">/g;
        const withStyles = html.replace(styles, (tag, file: string) => {
          const asset = bundle?.[file];
          if (asset?.type !== 'asset') throw new Error(`${file} is not in the build`);
          return `<style>${String(asset.source).trim()}</style>`;
        });
        if (withStyles === html) throw new Error('index.html links no stylesheet to inline');
        const script = await bundleFirstScreen();
        if (script.includes('</script')) throw new Error('the first script cannot be inlined as it is');
        // The app's scripts wait in a template (which fetches nothing): the first script asks for them
        // once a subject's head is on screen, so on a fast network they cannot arrive before that paint.
        const scripts: string[] = [];
        const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const preload = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;
        const parked = withStyles
          .replace(entry, (_tag, src: string) => {
            scripts.push(`<link rel="modulepreload" crossorigin href="${src}" data-app-entry>`);
            return '';
          })
          .replace(preload, (tag) => {
            scripts.push(tag.trim());
            return '';
          });
        if (scripts.length === 0) throw new Error('index.html has no module entry to start later');
        const deferred = parked.replace(
          '</head>',
          `<template id="app-scripts">${scripts.join('')}</template>\n  </head>`,
        );
        const charset = /<meta charset="UTF-8" \/>/;
        if (!charset.test(deferred))
          throw new Error('index.html has no charset to put the first script after');
        return deferred.replace(charset, (tag) => `${tag}\n    <script>${script}</script>`);
      },
    },
  };
}

// The employees' app is served under /learn/ by the server; in development Vite proxies the API.
export default defineConfig({
  base: '/learn/',
  plugins: [react(), inlineFirstScreen()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:3000', '/static': 'http://localhost:3000' },
  },
});
