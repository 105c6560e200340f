// The meta tag each page of the built site carries with the build's version (written by
// scripts/vite-offline.mjs): the offline worker keeps a page only when it names its version, and a
// page that boots tells the worker that version (page/offline.js), proving that build alone.
export const BUILD_META = 'normlab-build';
