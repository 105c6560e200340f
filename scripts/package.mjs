// The npm package: builds the widgets for hosts (package/vite.config.js) into build/package/, adds
// the authors' README, the licence, the changelog, the embedding guide (GUIDES: docs/embedding.md
// and the limits of links it links to, their links between them rewritten to the packed names),
// the element manifest and types (package/custom-elements.json, package/normlab.d.ts) and the
// package's package.json, then packs
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

/**
 * The guides the package carries, by source and packed name: the widgets' error sentences name
 * EMBEDDING.md (web/src/host/load-failures.js), so an author has the guide wherever the package is.
 */
export const GUIDES = { 'docs/embedding.md': 'EMBEDDING.md', 'docs/limits-of-links.md': 'LIMITS-OF-LINKS.md' };

/**
 * A guide's text with its relative links to the other guides and the authors' README rewritten to
 * their packed names. requires: every relative link names one of those (else the pack fails, as a
 * link into the repository would lead nowhere from the package).
 */
export function packedGuide(source) {
  const packed = { ...GUIDES, 'package/README.md': 'README.md' };
  const dir = path.posix.dirname(source);
  return readFileSync(from(source), 'utf8').replace(/\]\(([^)#\s]*)(#[^)\s]*)?\)/g, (link, target, anchor = '') => {
    if (target === '' || /^[a-z][a-z+.-]*:/i.test(target)) return link;
    const name = packed[path.posix.normalize(path.posix.join(dir, target))];
    if (!name) throw new Error(`${source} links to ${target}, which the package does not hold`);
    return `](${name}${anchor})`;
  });
}

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
    files: [
      'normlab.js',
      'normlab.d.ts',
      'widgets/',
      'assets/',
      'custom-elements.json',
      'CHANGELOG.md',
      ...Object.values(GUIDES),
    ],
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
  for (const [source, name] of Object.entries(GUIDES))
    writeFileSync(path.join(PACKAGE_FOLDER, name), packedGuide(source));
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
