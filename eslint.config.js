import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const noServer = {
  group: ['**/server/**'],
  message: 'The browser app must not import server code.',
};

// domain/ runs in the browser, the server and the billing job alike, so it reads no browser or
// Node global (values come in as arguments). ES built-ins stay, and the few pure helpers both
// runtimes share.
const pureHelpers = new Set([
  'URL',
  'URLSearchParams',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'Temporal',
  'atob',
  'btoa',
]);
const domainRestrictedGlobals = [
  ...new Set([...Object.keys(globals.browser), ...Object.keys(globals.node)]),
]
  .filter((name) => !(name in globals.builtin) && !pureHelpers.has(name))
  .map((name) => ({
    name,
    message: 'domain/ is pure rules: no browser or Node globals; take the value as an argument.',
  }));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'data',
      'node_modules',
      'openapi/schema.d.ts',
      'server/db/migrations',
      'playwright-report',
      'test-results',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'check-file': checkFile },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{src,domain,machines,server,tests,e2e,scripts}/**/': 'KEBAB_CASE' },
      ],
    },
  },
  // The layers of docs/architecture.md, tested on planted violations in
  // tests/unit/lint-boundaries.test.ts. (ESLint's own rules: import-x's native resolver leaves
  // npm's lockfile unusable for `npm ci` on this platform, decision 0004; why the rules match
  // specifiers as written: decision 0006.) A later block's options for a rule replace an earlier
  // one's, so each folder's block lists every pattern it needs.
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // domain/ is flat: "./x" is itself; anything else leaves it.
              regex: '^(?!\\./|date-fns(/|$)|libphonenumber-js(/|$))',
              message:
                'domain/ is pure rules: it imports only itself, date-fns and libphonenumber-js.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...domainRestrictedGlobals],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServer] }] },
  },
  {
    // Composition lives in src/app/: the parts the views share never reach back into a view.
    files: ['src/{api,analytics,components,flows,session}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            {
              regex: '(^|/)views/',
              message: 'Only src/app/ composes views; shared parts never import one.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noServer,
            {
              // From src/views/<flow>/x: "../<other>/y" or any path through views/<other>/.
              regex: '^\\.\\./(?!checkout-shared/|\\.\\./)|(^|/)views/(?!checkout-shared/)',
              message:
                "A flow's views import no other flow's views: share through src/views/checkout-shared/ or src/components/, compose in src/app/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(src|machines)(/|$)',
              message: 'The server imports only domain/ and openapi/ of the other layers.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      // Machines are pure: no React, DOM or router (STYLE.md); of the app only API types (calls
      // reach a machine as injected actors). The typescript-eslint version of the rule is the one
      // that can tell a type-only import apart.
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // gitignore-style names: each also covers its subpaths (react-dom/client).
              group: ['react', 'react-dom', '@xstate/react', 'react-router', 'react-router-dom'],
              message: 'Machines are pure: no React, DOM or router.',
            },
            { group: ['**/server/**'], message: 'Machines never import server code.' },
            {
              regex: '(^|/)src/(?!api/)',
              message: 'Machines use only domain rules and API types.',
            },
            {
              regex: '(^|/)src/api/',
              allowTypeImports: true,
              message: 'Machines take API types only (`import type`); calls are injected actors.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'sessionStorage',
        'location',
        'history',
        'navigator',
      ],
    },
  },
  {
    // React hooks rules that misread Playwright fixtures (`use`) and test helpers.
    files: ['e2e/**/*.ts', 'tests/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
);
