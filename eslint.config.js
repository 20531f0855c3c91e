import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importCycles from './scripts/eslint-no-import-cycle.mjs';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';

/** The contract's schemas, which the vocabulary subpath leaves out. */
const CONTRACT_BUT_VOCABULARY = '^@mako/contract(?!/vocabulary$)(/.*)?$';

/**
 * The contract's types, but no value: a type import is erased at build, so a screen or a fixture
 * spells an API shape once, the contract's way, and still ships no zod.
 */
const CONTRACT_TYPES_ONLY = {
  regex: CONTRACT_BUT_VOCABULARY,
  allowTypeImports: true,
  message:
    'Import only types from @mako/contract (`import type`, erased at build, so no zod ships); values come from @mako/contract/vocabulary.',
};

/** What no module of packages/ui may import. */
const UI_FORBIDDEN = [
  {
    group: ['@mako/api-client', '@mako/api-client/*'],
    message: 'packages/ui must not import the API client: take data through props.',
  },
  {
    group: ['@tanstack/react-router', '@tanstack/router-*'],
    message: 'packages/ui must not import the router: report navigation through on* callbacks.',
  },
  {
    // Story data may draw seeded numbers; the model itself (and with it the contract) stays out.
    regex: '^@mako/perf-model(?!/random$)(/.*)?$',
    message:
      'packages/ui imports only @mako/perf-model/random of the performance model (seeded numbers for story data).',
  },
];

/** The folders of packages/ui/src/screens that hold the pieces several screens share, not a screen. */
const SHARED_SCREEN_PARTS = ['benchmark-common', 'tuning-common', 'error-views', 'credential-manager'];

/** packages/ui's rooms, each with the rooms above it that it must not import. */
function uiRooms() {
  const room = (name) => ({
    group: [`**/${name}`, `**/${name}/**`],
    message: `packages/ui's rooms import one way, foundations ← primitives ← screens: this module must not import ${name}/.`,
  });
  // Building blocks take plain values: no API shape, not even as a type.
  const noApiShapes = {
    regex: CONTRACT_BUT_VOCABULARY,
    message: 'foundations and primitives take plain values: no API shape of @mako/contract, not even a type.',
  };
  // A screen's files are its own: another screen takes them through the screen's index.ts. The
  // folders of screens/ that hold what several screens share, not a screen, are open to all.
  const otherScreensFiles = {
    regex: `^\\.\\./(?!(${SHARED_SCREEN_PARTS.join('|')})/)[\\w-]+/.+`,
    message:
      "A screen imports another screen only through its index.ts (`'../<screen>'`); move a piece several screens share to benchmark-common/ or primitives/.",
  };
  return [
    { files: ['packages/ui/**/*.{ts,tsx}'], forbidden: [CONTRACT_TYPES_ONLY] },
    {
      files: ['packages/ui/src/screens/**/*.{ts,tsx}'],
      // Story material may reach into another screen's fixtures.
      ignores: ['**/*.stories.tsx', '**/*.fixtures.ts', '**/*.plays.ts', '**/*.test.ts'],
      forbidden: [CONTRACT_TYPES_ONLY, otherScreensFiles],
    },
    { files: ['packages/ui/src/primitives/**/*.{ts,tsx}'], forbidden: [noApiShapes, room('screens')] },
    {
      files: ['packages/ui/src/foundations/**/*.{ts,tsx}'],
      forbidden: [noApiShapes, room('screens'), room('primitives')],
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'storybook-static/**',
      '**/*.gen.ts',
      '**/public/mockServiceWorker.js',
      '**/.vitest-attachments/**',
      'data/**',
      '**/data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })] },
    plugins: { 'import-x': importX, mako: importCycles },
    rules: {
      // Cycles make module init order fragile and hide layering mistakes.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The same for type-only imports, which import-x/no-cycle lets through.
      'mako/no-import-cycle': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  // The component library is presentational (data and routing come in through props) and has
  // three rooms with one-way arrows: foundations ← primitives ← screens.
  ...uiRooms().map(({ files, ignores, forbidden }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...forbidden,
            ...UI_FORBIDDEN.filter((rule) => !(forbidden.length && rule === CONTRACT_TYPES_ONLY)),
          ],
        },
      ],
    },
  })),
  {
    // Story and mock data: plain values, typed by the contract's types; the vocabulary's values only.
    files: ['packages/fixtures/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [CONTRACT_TYPES_ONLY] }] },
  },
  {
    // What every page loads of the API client. `request`, the query factories and the mutation hooks
    // name calls of the whole endpoint table, so importing them here would put every entity schema
    // on the first page (the / page's 160 kB budget, apps/web/scripts/bundle-size.mjs).
    files: ['packages/api-client/src/{auth,call,config,query-client,query-keys,sign-in,token-storage}.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./request.ts', './queries.ts', './mutation-hooks.ts', './account-security.ts', './index.ts'],
              message:
                'A first-page module of the API client calls one endpoint definition with `call` (endpoints.me), not the table by name.',
            },
          ],
        },
      ],
    },
  },
  {
    // The API client's core (`@mako/api-client/core`): the fetch wrapper and the errors, on the web's
    // first page and in the runner's bundle for GPU hosts that have only Node. It takes its base URL,
    // token and fetch as arguments: no browser configuration, no React, no TanStack, no msw, and no
    // endpoint table by name.
    files: ['packages/api-client/src/core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*', 'react', 'react-dom', '@tanstack/*', 'msw', 'msw/*', '@mako/fixtures', 'jwt-decode'],
              message:
                "The API client's core stays free of the browser, React and the endpoint table: the web's wrappers (../call.ts) and the runner pass base URL, token and fetch in.",
            },
          ],
        },
      ],
    },
  },
  {
    // No raw HTML injection anywhere.
    files: ['**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'dangerouslySetInnerHTML is not allowed.',
        },
      ],
    },
  },
  {
    // The server's layers point one way: handlers parse and authorise, services hold the queries
    // and rules, db the schema (apps/api/README.md). Paths are relative to this file, so the rule
    // holds whether eslint runs from the root or from the package.
    files: ['apps/api/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'apps/api/src/handlers',
              from: 'apps/api/src/handlers',
              message: 'A handler must not import another handler: move what they share into services/.',
            },
            {
              target: [
                'apps/api/src/services',
                'apps/api/src/db',
                'apps/api/src/http',
                'apps/api/bench',
                'apps/api/test',
              ],
              from: 'apps/api/src/handlers',
              message: 'Only server.ts wires the handlers in: import the service they call instead.',
            },
            {
              target: ['apps/api/src/services', 'apps/api/src/db'],
              from: 'apps/api/src/http',
              message: 'Services and db know nothing of HTTP: throw a domain error from services/errors.ts.',
            },
            {
              target: 'apps/api/src/db',
              from: 'apps/api/src/services',
              message: 'db/ holds the schema and the connection; services build on it, not the other way round.',
            },
          ],
        },
      ],
    },
  },
  ...storybook.configs['flat/recommended'],
);
