import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
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
  // The layers of docs/architecture.md. (ESLint's own rule: import-x's native resolver leaves
  // npm's lockfile unusable for `npm ci` on this platform.)
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The browser app must not import server code.' },
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
              regex: '(^|/)src/(?!domain/)',
              message: 'The server shares only domain/ (and openapi/) with the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      // Machines are pure: no React, DOM or router (STYLE.md); of the app only domain rules, and
      // API types (calls reach a machine as injected actors). The typescript-eslint version of
      // the rule is the one that can tell a type-only import apart.
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
              regex: '(^|/)src/(?!domain/|api/)',
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
