// Lint rules for the JavaScript: the recommended set, with the globals of each place code runs.
import js from '@eslint/js';
import globals from 'globals';

/**
 * The rooms of web/src, bottom first (docs/architecture.md): a module imports from its own room
 * and the rooms below it, never from one above. folders: the room's folders under web/src ('':
 * the files at its top).
 */
export const ROOMS = [
  { name: 'api', folders: ['', 'api'] },
  { name: 'host', folders: ['host'] },
  { name: 'work', folders: ['work'] },
  { name: 'widget', folders: ['widget'] },
  { name: 'widgets', folders: ['widgets'] },
  { name: 'page', folders: ['page'] },
];

/** The room of a file named from web/src ('widget/state.js'), or undefined when it lies in none. */
export function roomOf(file) {
  const folder = file.includes('/') ? file.slice(0, file.indexOf('/')) : '';
  return ROOMS.find((room) => room.folders.includes(folder))?.name;
}

/**
 * A rule per room: no static import of a module in a room above it (import() and the workers'
 * URLs are checked by tests/js/rooms.test.js).
 */
const importsPointDown = ROOMS.map((room, i) => {
  const above = ROOMS.slice(i + 1);
  return {
    files: room.folders.map((folder) => (folder === '' ? 'web/src/*.js' : `web/src/${folder}/**/*.js`)),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: above.map((upper) => ({
            regex: `^\\.{1,2}/(?:\\.\\./)*(?:${upper.folders.join('|')})/`,
            message: `${room.name} lies below ${upper.name} (docs/architecture.md, the rooms of web/src): import down, or move the module down.`,
          })),
        },
      ],
    },
  };
});

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
  ...importsPointDown,
];
