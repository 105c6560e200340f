// The npm package: builds the widgets for hosts (package/vite.config.js) into build/package/, adds
// the authors' README, the licence, the changelog, the element manifest and types
// (package/custom-elements.json, package/normlab.d.ts) and the package's package.json, then packs
// build/normlab-<version>.tgz with `npm pack`. Needs the WebAssembly modules (scripts/build-wasm).
// `npm run package`, or packageTarball() from a test. The repository's own package.json stays the
// private one of the checkout: npm always packs the README of the folder it packs, and the
// package's is for authors. NORMLAB_PACKAGE_OUT names another folder than build/ for both (the host
// tests read the tarball from the same place).
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_WIDGETS } from '../web/src/widgets/registry.js';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Where the package's folder and tarball are made. */
export const PACKAGE_OUT = path.resolve(root, process.env.NORMLAB_PACKAGE_OUT ?? 'build');
export const PACKAGE_FOLDER = path.join(PACKAGE_OUT, 'package');
const from = (file) => path.join(root, file);

const TYPES = './normlab.d.ts';

/** The package's package.json, from the repository's: its name, version, description and licence. */
export function packageJson() {
  const repo = JSON.parse(readFileSync(from('package.json'), 'utf8'));
  const entry = (file) => ({ types: TYPES, default: file });
  return {
    name: repo.name,
    version: repo.version,
    description:
      'Interactive figures of neural-network normalisation layers as custom elements, computed by a C++ core in WebAssembly.',
    keywords: ['custom-elements', 'web-components', 'webassembly', 'normalization', 'batch-norm', 'layer-norm'],
    license: repo.license,
    type: 'module',
    main: './normlab.js',
    module: './normlab.js',
    types: TYPES,
    exports: {
      '.': entry('./normlab.js'),
      ...Object.fromEntries(ALL_WIDGETS.map((tag) => [`./${tag}`, entry(`./widgets/${tag}.js`)])),
      './custom-elements.json': './custom-elements.json',
      './package.json': './package.json',
    },
    // Importing an entry defines elements: no bundler may drop an import of one for being unused.
    sideEffects: ['./normlab.js', './widgets/*.js', './assets/*.js'],
    customElements: 'custom-elements.json',
    files: ['normlab.js', 'normlab.d.ts', 'widgets/', 'assets/', 'custom-elements.json', 'CHANGELOG.md'],
    engines: repo.engines,
  };
}

/** Builds the package folder (build/package/) and packs it. ensures: returns the tarball's path. */
export function packageTarball({ quiet = false } = {}) {
  const stdio = quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit';
  const env = { ...process.env };
  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--config', 'package/vite.config.js'], {
    cwd: root,
    stdio,
    env,
  });
  copyFileSync(from('package/README.md'), path.join(PACKAGE_FOLDER, 'README.md'));
  copyFileSync(from('LICENSE'), path.join(PACKAGE_FOLDER, 'LICENSE'));
  copyFileSync(from('CHANGELOG.md'), path.join(PACKAGE_FOLDER, 'CHANGELOG.md'));
  copyFileSync(from('package/custom-elements.json'), path.join(PACKAGE_FOLDER, 'custom-elements.json'));
  copyFileSync(from('package/normlab.d.ts'), path.join(PACKAGE_FOLDER, 'normlab.d.ts'));
  const json = packageJson();
  writeFileSync(path.join(PACKAGE_FOLDER, 'package.json'), `${JSON.stringify(json, null, 2)}\n`);
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', '..'], {
    cwd: PACKAGE_FOLDER,
    encoding: 'utf8',
  });
  const [{ filename, size, unpackedSize, entryCount }] = JSON.parse(out);
  const tarball = path.join(PACKAGE_OUT, filename);
  if (!quiet)
    console.log(
      `packed ${path.relative(root, tarball)}: ${entryCount} files, ${(size / 1e6).toFixed(2)} MB packed, ` +
        `${(unpackedSize / 1e6).toFixed(2)} MB unpacked`,
    );
  return tarball;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) packageTarball();
