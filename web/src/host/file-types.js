// The Content-Type of each kind of file the built site holds, by the ending of its name: what the
// test and benchmark server sends (scripts/serve-static.mjs), and what the offline worker keeps a
// file as, whatever type a host sent with it (page/service-worker.js, filled in by the build).
export const FILE_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.png': 'image/png',
  '.csv': 'text/csv',
  '.bin': 'application/octet-stream',
};
