// ESLint (flat config): the recommended sets of ESLint, typescript-eslint and eslint-plugin-svelte,
// and eslint-config-prettier last, so that layout is Prettier's alone (`npm run format`).
// typescript-eslint's type-checked sets are not on: on this codebase they take minutes and mostly
// report `any` flowing out of JSON documents and page.evaluate(); `npm run typecheck` covers types.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelteConfig from './editor/svelte.config.js';

export default defineConfig(
  globalIgnores(['dist/', 'coverage/', 'editor/src/generated/', 'bench/results/', 'test/fixtures/']),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  svelte.configs.recommended,
  {
    rules: {
      // `==` only where JSON Logic's loose equality is the point (interpreter/expr/ops/compare.ts).
      eqeqeq: ['error', 'smart'],
      // A leading underscore marks an argument, variable or caught error as deliberately unused.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    // The command is CommonJS (bin/package.json): its start needs no ES module loader.
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['editor/src/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'], svelteConfig },
    },
  },
  {
    // Code that runs inside the editor's page (page.evaluate, waitForFunction) reaches into the
    // page's own objects (window.__phasebook: Monaco, the workspace, Chart.js), whose types the
    // Node side does not have.
    files: ['test/e2e/**', 'scripts/measure-editor.mjs', 'scripts/screenshots.mjs', 'scripts/screenshots-play.mjs', 'scripts/globals.d.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
  svelte.configs.prettier,
  {
    // Prettier keeps a significant space between inline elements as {' '}: that is layout, not a useless mustache.
    files: ['**/*.svelte'],
    rules: { 'svelte/no-useless-mustaches': 'off' },
  },
);
