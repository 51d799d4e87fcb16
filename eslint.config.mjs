import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** What browser code may import (the rule's options, extended for feature folders below). */
const browserImports = {
  paths: [
    {
      name: 'contract',
      allowTypeImports: true,
      message: "Browser code imports only types from 'contract' (values: 'contract/rules').",
    },
  ],
  // Boundaries: a remote never imports another remote, and shared packages never import a
  // remote; remotes meet only in the shell, through the federation runtime.
  patterns: [
    {
      group: ['remote-*', 'remote-*/**', 'remote_*', 'remote_*/**', '**/remote-*/**'],
      message: 'Remotes are loaded by the shell at run time, never imported.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/coverage/**',
      'e2e/test-results/**',
      'server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // No import cycles: a module that needs its importer is two modules' worth of one idea, and
    // under lazy loading and federation the order the two run in decides which sees undefined.
    // maxDepth bounds the search so the whole tree lints in reasonable time; the chains in this
    // code base are short, so a cycle longer than that would first show as a shorter one.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { maxDepth: 6, ignoreExternal: false }] },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // One router context per page: every app routes through the shared facade.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router', message: "Import from 'shared-ui/router'." },
            { name: 'react-router-dom', message: "Import from 'shared-ui/router'." },
          ],
          patterns: [
            {
              group: ['@reduxjs/toolkit', '@reduxjs/toolkit/*', 'redux'],
              message: 'Redux lives in shared-api: use its api slice, store and hooks.',
            },
          ],
        },
      ],
    },
  },
  {
    // Browser code and the sdk take only types from the contract (erased, so bundles do not grow
    // by the schema library); the dependency-free 'contract/rules' is the one run-time entry.
    files: [
      'shell/src/**/*.{ts,tsx}',
      'remote-*/src/**/*.{ts,tsx}',
      'shared-ui/src/**/*.{ts,tsx}',
      'shared-api/src/**/*.{ts,tsx}',
      'sdk/src/**/*.{ts,tsx}',
      'contract/src/**/*.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-d.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', browserImports] },
  },
  {
    // A feature folder is used from outside through its public entry (its index.ts) only, so
    // its other modules can change without breaking another screen. Code two features share
    // that is not one feature's belongs in the remote's components/ or lib/, or a shared package.
    // Feature folders are flat, so from a feature's module '../x/...' is always another feature.
    files: ['remote-*/src/features/*/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          ...browserImports,
          patterns: [
            ...browserImports.patterns,
            {
              regex: '^\\.\\./[^./][^/]*/.',
              message: "Import another feature through its entry ('../feature'), not its files.",
            },
          ],
        },
      ],
    },
  },
  {
    // The same boundary on the server: a feature uses another through its entry
    // ('../feature/index.js'), which names what the feature offers; generic pieces live in
    // server/src/lib. Tests may reach into any feature to set up their data.
    files: ['server/src/features/*/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*/(?!index\\.js$).',
              message: "Import another feature through its entry ('../feature/index.js'), not its files.",
            },
          ],
        },
      ],
    },
  },
  {
    // The two owners of what the rule above keeps out of the apps.
    files: ['shared-ui/src/router.ts', 'shared-api/src/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // shared-ui's entry points reference its styled-components theme augmentation so that
    // consumers get typed themes; a type-only declaration file cannot be imported.
    files: [
      'shared-ui/src/index.ts',
      'shared-ui/src/workspace.ts',
      'shared-ui/src/charts/index.ts',
      'shared-ui/src/insights/index.ts',
      'shared-ui/src/test-utils.tsx',
    ],
    rules: { '@typescript-eslint/triple-slash-reference': 'off' },
  },
  {
    // Playwright fixtures receive a `use` callback that the React hooks rules mistake for React's.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'jest.setup.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
);
