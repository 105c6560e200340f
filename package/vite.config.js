// The npm package's build (scripts/package): the widgets as ES modules in build/package/, one
// entry defining every element (normlab.js) and one per element (widgets/nl-*.js, so a post that
// shows one widget loads only its code), beside the chunks they share, the three core modules,
// the worker chunks and the digits. Everything an entry loads is located relative to the module
// that loads it (`new URL('./x.wasm', import.meta.url)`, the form bundlers follow), and nothing in
// it imports a Node module. The site's build (vite.config.js) is untouched by this one.
// NORMLAB_PACKAGE_OUT names another folder than build/ for the package and its tarball.
import { defineConfig } from 'vite';
import { PACKAGE_FOLDER } from '../scripts/package.mjs';
import { compileEagerly } from '../scripts/vite-compile-hints.mjs';
import { ALL_WIDGETS } from '../web/src/widgets/registry.js';

const ENTRY = 'normlab-entry:';

/** Each entry's source: the widgets' titles as captions (as embedded), then its elements. */
function entries() {
  return {
    name: 'normlab-package-entries',
    resolveId: (id) => (id.startsWith(ENTRY) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${ENTRY}`)) return null;
      const tag = id.slice(ENTRY.length + 1);
      const widgets = tag === 'normlab' ? '/src/widgets/index.js' : `/src/widgets/${tag}.js`;
      return `import '/src/page/embed-titles.js';\nimport '${widgets}';\n`;
    },
  };
}

/**
 * Vite wraps each dynamic import in a helper that can preload a chunk's CSS and imports; this
 * build has none to preload (modulePreload: false), and the helper's fallback,
 * `new URL(variable, import.meta.url)`, is what webpack warns about in a host's build ("Critical
 * dependency: the request of a dependency is an expression"). Here it just imports.
 */
function plainDynamicImports() {
  const helper = '\0vite/preload-helper.js';
  return {
    name: 'normlab-plain-dynamic-imports',
    enforce: 'pre',
    load: (id) => (id === helper ? 'export const __vitePreload = (load) => load();\n' : null),
  };
}

/**
 * Vite writes each `new URL('./x', import.meta.url)` it resolves as
 * `new URL(new URL('x-hash', import.meta.url).href, '' + import.meta.url)`, a form no host's
 * bundler recognises: webpack and Turbopack (Next.js) then leave the file behind, or resolve it
 * against the server's file:// path. Written back as the plain literal form, every bundler finds
 * the file; any other use of import.meta.url in a chunk fails the build, except
 * `new URL(import.meta.url)` (the widgets' own origin) and Emscripten's `var x=import.meta.url`.
 */
const DOUBLED_URL =
  /new URL\(\s*new URL\(\s*(["'`])([^"'`$\\]+)\1\s*,\s*import\.meta\.url\s*\)\.href\s*,\s*(?:(["'`])\3\s*\+\s*)?import\.meta\.url\s*\)/g;
const PLAIN_URL =
  /new URL\("\.{1,2}\/[^"]+",import\.meta\.url\)|new URL\(import\.meta\.url\)|\bvar \w+=import\.meta\.url[;,]/g;

/** The arguments Vite passes the preload helper besides the import, which plainDynamicImports ignores. */
const PRELOAD_ARGUMENTS = /,\s*(?:\[\]|void 0)\s*,\s*import\.meta\.url\s*\)/g;

function plainAssetUrls(code) {
  return code
    .replace(
      DOUBLED_URL,
      (_, _q, file) => `new URL(${JSON.stringify(file.startsWith('.') ? file : `./${file}`)},import.meta.url)`,
    )
    .replace(PRELOAD_ARGUMENTS, ')');
}

function literalAssetUrls() {
  return {
    name: 'normlab-literal-asset-urls',
    // After minification, which would rewrite the literals again, and after Vite's own last
    // rewrites of the chunks.
    generateBundle: {
      order: 'post',
      handler(_, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          chunk.code = plainAssetUrls(chunk.code);
          const rest = chunk.code.replace(PLAIN_URL, '');
          const at = rest.indexOf('import.meta.url');
          if (at >= 0)
            this.error(
              `${chunk.fileName}: import.meta.url in a form bundlers do not follow: ${rest.slice(at - 80, at + 40)}`,
            );
        }
      },
    },
  };
}

export default defineConfig({
  root: new URL('../web', import.meta.url).pathname,
  base: './',
  publicDir: false,
  logLevel: 'warn',
  plugins: [entries(), plainDynamicImports(), compileEagerly(['chart.js']), literalAssetUrls()],
  // The tools offer no embed code in the package: its snippets name the built site's script and
  // frame page, which a host's bundle does not have (web/src/widget/embed-code.js).
  define: { __NORMLAB_PACKAGE__: 'true' },
  build: {
    outDir: PACKAGE_FOLDER,
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 600,
    modulePreload: false,
    rollupOptions: {
      checks: { pluginTimings: false },
      input: Object.fromEntries(['normlab', ...ALL_WIDGETS].map((tag) => [tag, `${ENTRY}${tag}`])),
      // The entries define elements and export nothing; keeping their (empty) signatures keeps
      // each one a module of its own that a host imports by name.
      preserveEntrySignatures: 'strict',
      output: {
        entryFileNames: (chunk) => (chunk.name === 'normlab' ? 'normlab.js' : 'widgets/[name].js'),
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  // Each worker is one file: a host's bundler copies it as it is (it cannot tell a worker from a
  // file a URL names), so it may not import chunks beside it. It is handed its compiled core by
  // the page, and so fetches no .wasm either.
  worker: {
    format: 'es',
    plugins: () => [literalAssetUrls()],
    rollupOptions: { checks: { pluginTimings: false }, output: { codeSplitting: false } },
  },
});
