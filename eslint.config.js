import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

const featuresDir = './apps/web/src/features';
const features = existsSync(featuresDir) ? readdirSync(featuresDir) : [];
/** Each web feature may import another feature only through that feature's public index.ts. */
const featureZones = features.map((feature) => ({
  target: `${featuresDir}/${feature}`,
  from: featuresDir,
  except: [`./${feature}`, ...features.filter((f) => f !== feature).map((f) => `./${f}/index.ts`)],
  message: 'A feature imports another feature only through its public index.ts.',
}));

export default tseslint.config(
  // content/media holds content (SCORM packages are the course's own code), not the product's code.
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'e2e/screenshots/**',
      'content/media/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Dependency rules of DESIGN.md "Layout and dependency rules".
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/shared',
              from: './apps',
              message: 'packages/shared imports nothing from the apps.',
            },
            {
              target: './packages/shared',
              from: './packages/player',
              message: 'packages/shared imports nothing from the player.',
            },
            {
              target: './packages/player',
              from: './apps',
              message: 'The player imports only @vigil/shared; its hosts pass it what it needs.',
            },
            {
              target: './apps/web',
              from: './apps/server',
              message: 'The web app talks to the server over HTTP.',
            },
            {
              target: './apps/learner',
              from: './apps/server',
              message: 'The learner app talks to the server over HTTP.',
            },
            {
              target: './apps/learner',
              from: './apps/web',
              message: 'The learner app stays independent of the manager app.',
            },
            { target: './apps/server', from: './apps/web' },
            { target: './apps/server', from: './apps/learner' },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/learner/**/*.{ts,tsx}', 'packages/player/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
