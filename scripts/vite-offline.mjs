// A Vite plugin that makes the built site work offline and installable: it writes the offline
// worker (web/src/page/service-worker.js) to the top of the site with the list of the build's files
// to keep at install and a digest of their contents (any change makes a new version), a web app
// manifest, and its icons (PNG, drawn here: a bell curve on the page's accent colour). It links the
// manifest from the chapters named. Files matching `onFirstUse` (the MNIST digits) are left out of
// the install and kept by the worker the first time a page asks for them.
//
// Hand-written rather than Workbox: the worker needs a precache list, cache-first answers and an
// update that waits, about 90 lines; Workbox (through vite-plugin-pwa) would add its own runtime
// and a tree of build dependencies for the same three things.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { BUILD_META } from '../web/src/host/site-build.js';
import { FILE_TYPES } from '../web/src/host/file-types.js';
import { KEPT_ASSETS_CACHE } from '../web/src/work/kept-assets.js';

const WORKER = 'service-worker.js';
// The owner's way to take the offline copy away from every reader (docs/architecture.md).
const WORKER_OFF = 'service-worker-off.js';
const WORKER_OFF_SOURCE = new URL('../web/src/page/service-worker-off.js', import.meta.url);
// How many of a large file's first bytes the worker compares before keeping it.
const HEAD_BYTES = 16;
const MANIFEST = 'manifest.webmanifest';
const ICON_SIZES = [192, 512];
const WORKER_SOURCE = new URL('../web/src/page/service-worker.js', import.meta.url);
const PAGE_CSS = new URL('../web/src/page/page.css', import.meta.url);

/**
 * The mark every page of a build ends with: the offline worker keeps a page only whole (a page cut
 * short names the version in its head all the same). An element's attribute, not a comment, since
 * minifying hosts and proxies drop comments (and quotes: the worker reads it as loosely).
 */
export const PAGE_END_ATTRIBUTE = `data-${BUILD_META}-end`;
export const pageEnd = (version) => `<span hidden ${PAGE_END_ATTRIBUTE}="${version}"></span>`;
const PAGE_END_ANY = new RegExp(`<span hidden ${PAGE_END_ATTRIBUTE}="[^"]*"></span>`, 'g');

/**
 * The page's HTML with the build's version in its head (one meta tag) and its end mark last in
 * its body (pageEnd; at the very end where the page writes no </body>); a stamp before is replaced.
 */
export function stampPage(html, version) {
  const unstamped = html.replace(new RegExp(`<meta name="${BUILD_META}"[^>]*>`, 'g'), '').replace(PAGE_END_ANY, '');
  const head = unstamped.match(/<head(\s[^>]*)?>/i);
  if (!head) throw new Error('a page of the build has no <head> to carry its version');
  const at = head.index + head[0].length;
  const page = `${unstamped.slice(0, at)}<meta name="${BUILD_META}" content="${version}">${unstamped.slice(at)}`;
  const bodyEnd = page.toLowerCase().lastIndexOf('</body>');
  return bodyEnd < 0
    ? `${page}${pageEnd(version)}`
    : `${page.slice(0, bodyEnd)}${pageEnd(version)}${page.slice(bodyEnd)}`;
}

/** The light scheme's value of a custom property in page.css (the first one written). */
function pageColour(name) {
  const found = readFileSync(PAGE_CSS, 'utf8').match(new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{6})`));
  if (!found) throw new Error(`page.css has no --${name} colour for the manifest`);
  return found[1];
}

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/**
 * A square icon of `size` pixels: the accent colour with a white bell curve over a baseline,
 * inside the middle 70 % (a maskable icon's safe zone). Each pixel is the mean of 4 x 4 samples.
 */
export function drawIcon(size, accent) {
  const png = new PNG({ width: size, height: size });
  const [r, g, b] = rgb(accent);
  const base = 0.7; // the baseline, as a fraction of the height
  const top = 0.3;
  const inside = (x, y) => {
    const z = (x - 0.5) / 0.1;
    const curve = base - (base - top) * Math.exp(-0.5 * z * z);
    const onBaseline = y >= base && y <= base + 0.035 && x >= 0.2 && x <= 0.8;
    return (y >= curve && y <= base && x >= 0.2 && x <= 0.8) || onBaseline;
  };
  const n = 4;
  for (let py = 0; py < size; py++)
    for (let px = 0; px < size; px++) {
      let hits = 0;
      for (let sy = 0; sy < n; sy++)
        for (let sx = 0; sx < n; sx++) hits += inside((px + (sx + 0.5) / n) / size, (py + (sy + 0.5) / n) / size);
      const white = hits / (n * n);
      const i = (py * size + px) * 4;
      png.data[i] = Math.round(r + (255 - r) * white);
      png.data[i + 1] = Math.round(g + (255 - g) * white);
      png.data[i + 2] = Math.round(b + (255 - b) * white);
      png.data[i + 3] = 255;
    }
  return PNG.sync.write(png);
}

function manifest(background, theme) {
  return JSON.stringify(
    {
      name: 'normlab: normalisation layers, live',
      short_name: 'normlab',
      description: 'Batch, layer, RMS and group normalisation, worked through live.',
      start_url: './index.html',
      scope: './',
      display: 'standalone',
      background_color: background,
      theme_color: theme,
      icons: ICON_SIZES.map((s) => ({
        src: `icons/icon-${s}.png`,
        sizes: `${s}x${s}`,
        type: 'image/png',
        purpose: 'any maskable',
      })),
    },
    null,
    2,
  );
}

// The worker's constants, each written in its source as `const NAME = /* marker */ <empty value>;`.
const CONSTANTS = {
  precache: 'PRECACHE',
  integrity: 'INTEGRITY',
  precacheBytes: 'PRECACHE_BYTES',
  version: 'VERSION',
  onFirstUse: 'ON_FIRST_USE',
  onFirstUseCache: 'ON_FIRST_USE_NAME',
  types: 'TYPES',
  pageEnd: 'PAGE_END',
};
const MARKERS = {
  precache: /\/\* precache \*\/ \[\]/,
  integrity: /\/\* integrity \*\/ \{\}/,
  precacheBytes: /\/\* precache bytes \*\/ 0/,
  version: /\/\* version \*\/ ''/,
  onFirstUse: /\/\* on first use \*\/ \[\]/,
  onFirstUseCache: /\/\* on first use cache \*\/ ''/,
  types: /\/\* types \*\/ \{\}/,
  pageEnd: /\/\* page end \*\/ ''/,
};

/**
 * The worker's source with its constants filled in (each marker must be there exactly once).
 * values: precache, integrity ({file: digest}), precacheBytes, version, onFirstUse ([{file, bytes, head}]).
 */
export function fillWorker(source, values) {
  // Three are the site's own, whatever the build.
  const filled = (key) =>
    ({ onFirstUseCache: KEPT_ASSETS_CACHE, types: FILE_TYPES, pageEnd: PAGE_END_ATTRIBUTE })[key] ?? values[key];
  let out = source;
  for (const [key, marker] of Object.entries(MARKERS)) {
    if (out.split(marker).length !== 2) throw new Error(`the offline worker has no single ${marker} to fill`);
    out = out.replace(marker, JSON.stringify(filled(key)));
  }
  return out;
}

/** A file's Subresource Integrity digest ('sha256-' and its SHA-256 in base64). */
export const integrityOf = (contents) => `sha256-${createHash('sha256').update(contents).digest('base64')}`;

/**
 * The digests the worker checks its downloads against: every file kept at install but the pages
 * (a host may add to a page; a page must name the build's version instead).
 */
export const integrities = (precache, contents) =>
  Object.fromEntries(precache.filter((f) => !f.endsWith('.html')).map((f) => [f, integrityOf(contents(f))]));

/** The constants a built worker's source was filled with (fillWorker's values, read back). */
export function readWorker(source) {
  const read = (name) => JSON.parse(source.match(new RegExp(`const ${name} = (.*?);\n`))[1]);
  return Object.fromEntries(Object.entries(CONSTANTS).map(([key, name]) => [key, read(name)]));
}

/**
 * options: pages, the HTML files that link the manifest; onFirstUse, patterns of the files kept
 * when first asked for instead of at install.
 */
/**
 * The build's version: a digest of the files kept at install (each name and contents) and of the
 * worker's own source, so that a change to the worker alone is a new version too, with a cache of
 * its own (its install then never writes into the cache the running worker answers from).
 */
export function buildVersion(precache, contents, workerSource) {
  const digest = createHash('sha256');
  for (const f of precache) digest.update(f).update(contents(f));
  digest.update(WORKER).update(workerSource);
  return digest.digest('hex').slice(0, 16);
}

export function offline({ pages, onFirstUse }) {
  const background = pageColour('bg');
  const theme = pageColour('accent');
  return {
    name: 'normlab-offline',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { filename }) {
        if (!pages.some((p) => filename.endsWith(`/${p}`))) return [];
        return [
          { tag: 'link', attrs: { rel: 'manifest', href: `./${MANIFEST}` }, injectTo: 'head' },
          { tag: 'meta', attrs: { name: 'theme-color', content: theme }, injectTo: 'head' },
        ];
      },
    },
    // Last, once every other plugin has put its files (pages, chunks, fonts, wasm, workers) in.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const own = { [MANIFEST]: manifest(background, theme) };
        for (const s of ICON_SIZES) own[`icons/icon-${s}.png`] = drawIcon(s, theme);
        for (const [fileName, source] of Object.entries(own)) this.emitFile({ type: 'asset', fileName, source });
        const contents = (f) => own[f] ?? (bundle[f].type === 'chunk' ? bundle[f].code : bundle[f].source);
        const files = [...new Set([...Object.keys(bundle), ...Object.keys(own)])].sort();
        const later = (f) => onFirstUse.some((pattern) => pattern.test(f));
        const precache = files.filter((f) => !later(f));
        const workerSource = readFileSync(WORKER_SOURCE, 'utf8');
        const version = buildVersion(precache, contents, workerSource);
        for (const f of files.filter((name) => name.endsWith('.html')))
          bundle[f].source = stampPage(String(bundle[f].source), version);
        const bytes = (f) => Buffer.byteLength(contents(f));
        const source = fillWorker(workerSource, {
          precache,
          integrity: integrities(precache, contents),
          precacheBytes: precache.reduce((sum, f) => sum + bytes(f), 0),
          version,
          // Each with its length and first bytes, so that nothing else is kept in its place.
          onFirstUse: files.filter(later).map((f) => ({
            file: f,
            bytes: bytes(f),
            head: Buffer.from(contents(f)).subarray(0, HEAD_BYTES).toString('hex'),
          })),
        });
        this.emitFile({ type: 'asset', fileName: WORKER, source });
        this.emitFile({ type: 'asset', fileName: WORKER_OFF, source: readFileSync(WORKER_OFF_SOURCE, 'utf8') });
      },
    },
  };
}
