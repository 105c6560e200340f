// Lint rules for the JavaScript: the recommended set, with the globals of each place code runs.
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['build/', 'dist/', 'node_modules/', 'web/generated/'] },
  js.configs.recommended,
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }] },
  },
  {
    // A function longer than this is rooms waiting to be made (the API wrapper's factories are
    // tables of small functions, and are left out).
    files: ['web/src/**/*.js'],
    ignores: ['web/src/api/**'],
    rules: { 'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['web/src/work/*-worker.js'],
    languageOptions: { globals: { ...globals.worker } },
  },
];
