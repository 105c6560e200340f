// The npm package's build (scripts/package): the widgets as ES modules in build/package/, one
// entry defining every element (normlab.js) and one per element (widgets/nl-*.js, so a post that
// shows one widget loads only its code), beside the chunks they share, the three core modules,
// the worker chunks and the digits. Everything an entry loads is located relative to the module
// that loads it (`new URL('./x.wasm', import.meta.url)`, the form bundlers follow), and nothing in
// it imports a Node module. The site's build (vite.config.js) is untouched by this one.
import { defineConfig } from 'vite';
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

export default defineConfig({
  root: new URL('../web', import.meta.url).pathname,
  base: './',
  publicDir: false,
  logLevel: 'warn',
  plugins: [entries(), plainDynamicImports(), compileEagerly(['chart.js'])],
  // The tools offer no embed code in the package: its snippets name the built site's script and
  // frame page, which a host's bundle does not have (web/src/widget/embed-code.js).
  define: { __NORMLAB_PACKAGE__: 'true' },
  build: {
    outDir: new URL('../build/package', import.meta.url).pathname,
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
    rollupOptions: { checks: { pluginTimings: false }, output: { codeSplitting: false } },
  },
});
