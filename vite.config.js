// The page is built from web/ into dist/, a static folder any host can serve (relative paths).
import { defineConfig } from 'vite';
import { formulas } from './scripts/vite-formulas.mjs';
import { compileEagerly } from './scripts/vite-compile-hints.mjs';
import { offline } from './scripts/vite-offline.mjs';

export default defineConfig({
  root: 'web',
  base: './',
  publicDir: false,
  plugins: [
    formulas(),
    compileEagerly(['chart.js']),
    // The chapters work offline after one visit; the MNIST digits are kept when first fetched.
    offline({ pages: ['index.html', 'tutorial.html', 'mnist.html'], onFirstUse: [/\.bin$/] }),
  ],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 600,
    // No <link rel="modulepreload"> added at run time for a dynamic import's chunks (a widget's
    // module): Vite's loader checks only <link> elements for what is loaded, so it added links for
    // chunks the page or another widget had already run, and Firefox fires an `error` event on each
    // (a host's error monitor reports them), and on a host's page it writes into the host's <head>.
    // The pages' own entry chunks are loaded by their HTML as before.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rollupOptions: {
      // The formulas' fonts are cut down while the stylesheet is built (seconds, by design).
      checks: { pluginTimings: false },
      // The widgets also build as one script with a stable name, for embedding in other pages.
      input: {
        index: 'web/index.html',
        tutorial: 'web/tutorial.html',
        mnist: 'web/mnist.html',
        embed: 'web/embed.html',
        frame: 'web/frame.html',
        widgets: 'web/src/page/embed-entry.js',
        frames: 'web/src/page/frame-host.js',
      },
      output: {
        entryFileNames: (chunk) =>
          ({ widgets: 'normlab-widgets.js', frames: 'normlab-frames.js' })[chunk.name] ?? 'assets/[name]-[hash].js',
      },
    },
  },
  worker: { format: 'es', rollupOptions: { checks: { pluginTimings: false } } },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
