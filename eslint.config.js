import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import serverModules from './scripts/eslint-server-modules.js';
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
            {
              target: './apps/embed',
              from: './apps/server',
              message: 'The embed player talks to the server over HTTP.',
            },
            {
              target: './apps/embed',
              from: ['./apps/web', './apps/learner'],
              message: 'The embed player holds nothing of the manager or learner app.',
            },
            { target: './apps/server', from: './apps/web' },
            { target: './apps/server', from: './apps/learner' },
            ...featureZones,
          ],
        },
      ],
    },
  },
  // The server's layers (docs/ARCHITECTURE.md): no import cycle between modules or files, no module
  // reading another's *.queries.ts, and a company scope minted only where a principal is resolved.
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'vigil-server': serverModules },
    rules: {
      'vigil-server/no-import-cycle': 'error',
      'vigil-server/no-foreign-queries': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)lib/scope(\\.ts)?$',
              importNames: ['mintScope', 'systemScope'],
              message:
                'Only the guards, jobs, the demo loader and tests mint a company scope; take it as a parameter.',
            },
            {
              regex: '(^|/)http/tenant(\\.ts)?$',
              importNames: ['managerScope'],
              message:
                'Only the guards, jobs, the demo loader and tests mint a company scope; take it as a parameter.',
            },
          ],
        },
      ],
    },
  },
  {
    // Where a principal is resolved: the manager guard (http/), the learner guard (an employee's link
    // token), background jobs acting for a company, the demo loader, and tests.
    files: [
      'apps/server/src/http/**',
      'apps/server/src/modules/campaigns/campaigns.learner.ts',
      'apps/server/src/modules/learner/learner.warmup.ts',
      'apps/server/src/jobs/**',
      'apps/server/src/**/*.jobs.ts',
      'apps/server/src/modules/demo/**',
      'apps/server/src/test/**',
      'apps/server/src/**/*.test.ts',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // A company's settings and brand are read through settingsOf/brandOf of the companies module
    // (typed, with their defaults), never from the stored map or columns.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/modules/companies/**',
      'apps/server/src/db/**',
      'apps/server/src/test/**',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^(settings|colorMain|logoName)$/]',
          message:
            "Read a company's settings with settingsOf and its brand with brandOf (companies.service).",
        },
        {
          selector: 'ObjectPattern > Property[key.name=/^(settings|colorMain|logoName)$/]',
          message:
            "Read a company's settings with settingsOf and its brand with brandOf (companies.service).",
        },
      ],
    },
  },
  {
    // The apps read the settings map through companySettings of @vigil/shared, never by key.
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/learner/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[computed=true][object.property.name="settings"]',
          message:
            'Read company settings with companySettings (@vigil/shared), which types them and gives defaults.',
        },
      ],
    },
  },
  {
    files: [
      'apps/web/**/*.{ts,tsx}',
      'apps/learner/**/*.{ts,tsx}',
      'apps/embed/**/*.{ts,tsx}',
      'packages/player/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
