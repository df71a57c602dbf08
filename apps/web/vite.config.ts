import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** The API server during development (apps/server, `npm run dev`); VIGIL_API_URL points elsewhere. */
const apiTarget = process.env.VIGIL_API_URL ?? 'http://localhost:3000';

/**
 * Vendor groups that every first load needs, kept apart from the app code so they stay cached
 * between releases. Libraries only some pages use are left to automatic splitting. The last group
 * holds the app's own first-load modules in one chunk, in the order they run, so that the start-up
 * stages' top-level awaits (src/app/boot/next-task.ts) split their evaluation into tasks; without it
 * the build moves the modules the pages share into small chunks of their own, which all run before
 * the first await.
 */
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 5 },
  { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 4 },
  { name: 'mantine', test: /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui)[\\/]/, priority: 3 },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
  { name: 'data', test: /node_modules[\\/](@tanstack|i18next|react-i18next)[\\/]/, priority: 1 },
  {
    name: 'app',
    test: /apps[\\/]web[\\/]src[\\/](?!app[\\/]boot[\\/]paint-first-screen)|packages[\\/]shared[\\/]|@tabler[\\/]/,
    priority: 0,
  },
].map((group) => ({ ...group, tags: ['$initial' as const] }));

/**
 * The entry's stylesheets (Mantine's, 41 kB compressed) no longer block the first paint: the built
 * index.html preloads them instead of linking them, so the boot mark paints while they and the scripts
 * download, and main.tsx applies them before the app's first render (see applyPreloadedStyles).
 */
function nonBlockingStyles(): Plugin {
  return {
    name: 'vigil-non-blocking-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g,
          '<link rel="preload" as="style"$1 href="$2">',
        ),
    },
  };
}

const FIRST_SCREEN_SCRIPT = 'src/app/boot/paint-first-screen.ts';

/**
 * The script that paints the dashboard's remembered first screen (src/app/boot/paint-first-screen.ts)
 * is built as a chunk of its own and loaded first of all, as a classic script in the head: the first
 * paint waits for it (1.9 kB compressed, ahead of every other request), and it paints before the app's
 * scripts have arrived.
 */
function firstScreen(): Plugin {
  let reference = '';
  return {
    name: 'vigil-first-screen',
    apply: 'build',
    buildStart() {
      reference = this.emitFile({ type: 'chunk', id: FIRST_SCREEN_SCRIPT, name: 'first-screen' });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        const chunk = Object.values(bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(FIRST_SCREEN_SCRIPT),
        );
        if (!chunk || !reference) throw new Error(`${FIRST_SCREEN_SCRIPT} is not in the build`);
        if (chunk.type === 'chunk' && (chunk.imports.length > 0 || chunk.exports.length > 0))
          throw new Error(
            `${FIRST_SCREEN_SCRIPT} must import and export nothing: it runs as a classic script`,
          );
        return [
          {
            tag: 'script',
            attrs: { src: `/${chunk.fileName}` },
            injectTo: 'head-prepend' as const,
          },
        ];
      },
    },
  };
}

/**
 * packages/shared declares no side effects, but its zod schemas are top-level constants built by calls,
 * which the bundler keeps unless told the calls are pure: one constant or rule the app uses brought its
 * whole module into the chunk, and every schema of that module was built as the app started. Every call
 * that builds a top-level constant of the package (not those inside the functions it passes, which run
 * later) is marked pure here, so a schema the app never reads is left out of its chunks and never built;
 * one it reads is built as before.
 */
function pureSharedConstants(): Plugin {
  return {
    name: 'vigil-pure-shared-constants',
    apply: 'build',
    // After TypeScript is stripped: the code parses as JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!/packages[\\/]shared[\\/]src[\\/][^\\/]+\.ts$/.test(id)) return null;
      const calls = new Set<number>();
      const visit = (value: unknown): void => {
        if (Array.isArray(value)) return value.forEach(visit);
        if (!value || typeof value !== 'object' || !('type' in value) || !('start' in value)) return;
        const node = value as { type: string; start: number };
        if (/Function|Class/.test(node.type)) return;
        if (node.type === 'CallExpression' || node.type === 'NewExpression') calls.add(node.start);
        Object.values(node).forEach(visit);
      };
      for (const statement of this.parse(code).body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type === 'VariableDeclaration')
          declaration.declarations.forEach((declarator) => visit(declarator.init));
      }
      let marked = code;
      for (const start of [...calls].sort((a, b) => b - a))
        marked = `${marked.slice(0, start)}/* @__PURE__ */ ${marked.slice(start)}`;
      // No source maps are built, and the marks are the only change.
      return calls.size > 0 ? { code: marked, map: null } : null;
    },
  };
}

/** The module behind the dashboard route, the page a manager lands on (bench/web-bundle.mjs counts it). */
const DASHBOARD_ENTRY = 'src/features/dashboard/index.ts';

/**
 * The dashboard route's chunks and stylesheets are fetched beside the entry's instead of after the
 * session and the company have loaded and the router has chosen the route: on a slow connection that
 * wait is the largest part of the dashboard's largest paint. The chunks are only fetched, not run, on
 * other pages; the route's stylesheets are preloaded like the entry's, so main.tsx applies them with
 * the entry's and the route's first render does not wait for another round trip.
 */
function preloadDashboard(): Plugin {
  return {
    name: 'vigil-preload-dashboard',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        const chunks = Object.values(bundle ?? {}).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.facadeModuleId?.endsWith(DASHBOARD_ENTRY));
        if (!entry) throw new Error(`${DASHBOARD_ENTRY} is not in the build`);
        const files = new Set<string>();
        const styles = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file) || html.includes(`/${file}"`)) return;
          files.add(file);
          const chunk = chunks.find((c) => c.fileName === file);
          chunk?.viteMetadata?.importedCss.forEach((css) => {
            if (!html.includes(`/${css}"`)) styles.add(css);
          });
          chunk?.imports.forEach(visit);
        };
        visit(entry.fileName);
        return [
          ...[...styles].map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          ...[...files].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), pureSharedConstants(), nonBlockingStyles(), preloadDashboard(), firstScreen()],
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(version),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/dev': apiTarget,
      '/.well-known': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route needs (bench/web-bundle.mjs reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
