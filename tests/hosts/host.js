// The host tests' one set-up: the packed package (build/normlab-<version>.tgz, made by
// `npm run package`) installed into a scratch host project in a temporary folder, outside the
// repository's tree, and the widgets checked in Chromium on the page that host builds. A host's
// own tools (Vite, webpack, esbuild, Eleventy) are the repository's pinned devDependencies, run on
// the scratch project; the install is offline (the tarball has no dependencies).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromiumForTests, watchForProblems } from '../../scripts/chromium.mjs';
import { PACKAGE_OUT } from '../../scripts/package.mjs';
import { loadNormlab, toRows } from '../../web/src/normlab.js';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const VERSION = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
export const TARBALL = path.join(PACKAGE_OUT, `normlab-${VERSION}.tgz`);

/** The packed package. requires: `npm run package` has made it (the test stage does, first). */
export function tarball() {
  assert.ok(existsSync(TARBALL), `${path.relative(root, TARBALL)} is missing: run npm run package first`);
  return TARBALL;
}

/**
 * A scratch host project: a folder of its own holding files {path: text} and the package
 * installed from the tarball with npm, offline. ensures: returns the folder.
 */
export function scratchHost(name, files) {
  const dir = scratchFolder(`normlab-host-${name}-`);
  const json = { name: `host-${name}`, private: true, type: 'module' };
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(json, null, 2)}\n`);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball()], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return dir;
}

/**
 * A host project of a framework too large to be one of the repository's devDependencies (Next.js,
 * Astro): {dependencies} installed with npm from the registry into <build>/host-projects/<name>/
 * once, and kept while they stay the same; the files {path: text} written over it, the folders
 * clean named emptied, and the package installed afresh from the tarball. ensures: returns the folder.
 */
export function frameworkHost(name, dependencies, files, clean = []) {
  const dir = path.join(PACKAGE_OUT, 'host-projects', name);
  const json = { name: `host-${name}`, private: true, type: 'module', dependencies };
  const text = `${JSON.stringify(json, null, 2)}\n`;
  const npm = (...args) =>
    execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  const stamp = path.join(dir, '.installed');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== text) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), text);
    npm('install');
    writeFileSync(stamp, text);
  }
  for (const folder of clean) rmSync(path.join(dir, folder), { recursive: true, force: true });
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  rmSync(path.join(dir, 'node_modules', 'normlab'), { recursive: true, force: true });
  npm('install', '--offline', '--no-save', '--ignore-scripts', tarball());
  return dir;
}

/** A host tool from the repository's node_modules (the host projects have only the package). */
export const tool = (name) => import(path.join(root, 'node_modules', name, packageEntry(name)));

function packageEntry(name) {
  const json = JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'));
  const dot = json.exports?.['.'];
  const entry = typeof dot === 'string' ? dot : (dot?.import?.default ?? dot?.import ?? dot?.default ?? json.main);
  return entry ?? 'index.js';
}

/** The widgets every host's page holds: each core module, a worker, the digits. */
export const WIDGETS_HTML = `<nl-playground kind="layer"></nl-playground>
<nl-parameter-count width="5"></nl-parameter-count>
<nl-mnist-freedom></nl-mnist-freedom>
<nl-comparison></nl-comparison>
<nl-mnist-lab epochs="1"></nl-mnist-lab>`;
const ALL_TAGS = ['nl-playground', 'nl-parameter-count', 'nl-mnist-freedom', 'nl-comparison', 'nl-mnist-lab'];

/**
 * A strict tsconfig.json's text for a JSX host checked by `tsc` alone: jsx ('react-jsx' or Solid's
 * 'preserve') and jsxImportSource ('preact', 'solid-js') as that library's own template sets them.
 */
export const strictJsxTsconfig = ({ jsx, jsxImportSource }) =>
  `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        jsx,
        jsxImportSource,
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        verbatimModuleSyntax: true,
        noUnusedLocals: true,
        noUnusedParameters: true,
      },
      include: ['src'],
    },
    null,
    2,
  )}\n`;

/** Runs the host's own `tsc -p .` in dir. ensures: returns {status, output}. */
export function typeCheck(dir) {
  const run = spawnSync(process.execPath, [path.join(dir, 'node_modules/typescript/bin/tsc'), '-p', '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

/** What the declarations refuse, in a host's JSX: `tsc` passes only if each marked line is an error. */
export const WRONG_PROPS_TSX = `export function Wrong() {
  return (
    <>
      {/* @ts-expect-error: not a kind of normaliser */}
      <nl-playground kind="instance"></nl-playground>
      {/* @ts-expect-error: not a number */}
      <nl-parameter-count width="wide"></nl-parameter-count>
      {/* @ts-expect-error: no such option */}
      <nl-playground colour="red"></nl-playground>
    </>
  );
}
`;

/** The same without the MNIST lab: a site that leaves the digits out of its copy of the package. */
export const WIDGETS_WITHOUT_LAB_HTML = WIDGETS_HTML.replace(/\n<nl-mnist-lab[^\n]*<\/nl-mnist-lab>/, '');

/** The answer of the playground's default block under layer norm, from the core in Node. */
async function layerNormAnswer() {
  const nl = await loadNormlab();
  const rows = [
    [1, 7],
    [1, 9],
    [7, 1],
    [23, 7],
  ];
  return toRows(nl.train(nl.normaliser({ kind: 'layer', features: 2 }), rows).output);
}

const numberOf = (text) => Number(text.trim().replace(/\u2212/g, '-'));

/**
 * Opens url in Chromium and checks the widgets of WIDGETS_HTML (WIDGETS_WITHOUT_LAB_HTML when
 * lab is false): each defined and drawn without an error, the playground's answer the core's, the
 * comparison trained in its worker, the MNIST lab's digits fetched and its worker started; no
 * console error, failed request or error response on the way; a screenshot of the page in
 * build/hosts/<host>.png.
 * ensures: returns the URLs the page requested, for the test's own checks.
 */
export async function checkWidgets(url, host, { lab = true } = {}) {
  const TAGS = lab ? ALL_TAGS : ALL_TAGS.filter((t) => t !== 'nl-mnist-lab');
  const browser = await launchChromiumForTests();
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    const problems = watchForProblems(page);
    const requested = [];
    page.on('response', (r) => {
      requested.push(r.url());
      if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
    });
    await page.goto(url);
    for (const tag of TAGS) {
      await page.locator(tag).scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (t) => {
          const body = document.querySelector(t)?.shadowRoot?.querySelector('[part="body"]');
          return body && !body.querySelector('.loading') && body.textContent.trim().length > 0;
        },
        tag,
        { timeout: 60000 },
      );
    }
    const defined = await page.evaluate((tags) => tags.filter((t) => customElements.get(t)), TAGS);
    assert.deepEqual(defined, TAGS);
    const errors = await page.evaluate(
      (tags) =>
        tags.flatMap((t) => {
          const e = document
            .querySelector(t)
            .shadowRoot.querySelector('[part="body"] .error[role="alert"]:not([hidden])');
          return e ? [`${t}: ${e.textContent}`] : [];
        }),
      TAGS,
    );
    assert.deepEqual(errors, []);

    // The playground computed the core's answer (7 significant digits shown).
    const shown = (await page.locator('nl-playground >> .answer td').allTextContents()).map(numberOf);
    const expected = (await layerNormAnswer()).flat();
    assert.equal(shown.length, expected.length);
    shown.forEach((v, i) =>
      assert.ok(Math.abs(v - expected[i]) <= 1e-6 * Math.max(1, Math.abs(expected[i])), `${v} ${expected[i]}`),
    );

    // The comparison trains its networks in a worker: its summary table fills.
    await page.locator('nl-comparison').scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () => document.querySelector('nl-comparison')?.shadowRoot?.querySelectorAll('table.summary tbody tr').length >= 5,
      null,
      { timeout: 120000 },
    );

    // The MNIST lab fetches its digits when Train is pressed, then trains in its worker.
    if (lab) {
      await page.locator('nl-mnist-lab').scrollIntoViewIfNeeded();
      const digits = page.waitForResponse((r) => r.url().endsWith('.bin'), { timeout: 60000 });
      await page.locator('nl-mnist-lab >> [data-act="train"]').click();
      const response = await digits;
      assert.equal(response.status(), 200);
      assert.equal(
        (await response.body()).length,
        readFileSync(path.join(root, 'web/generated/mnist-digits.bin')).length,
      );
      // The workers took the digits: the lab says how many train.
      await page.waitForFunction(
        () =>
          /^Training in \d+ workers?/.test(
            document.querySelector('nl-mnist-lab')?.shadowRoot?.querySelector('[data-out="status"]')?.textContent,
          ),
        null,
        { timeout: 60000 },
      );
      await page.locator('nl-mnist-lab >> [data-act="cancel"]').click();
    }
    // What the host's page looked like, to look at: build/hosts/<host>.png.
    mkdirSync(path.join(PACKAGE_OUT, 'hosts'), { recursive: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(PACKAGE_OUT, 'hosts', `${host}.png`), fullPage: true });
    assert.deepEqual(problems, []);
    return { requested };
  } finally {
    await browser.close();
  }
}

/**
 * What a page showing one widget downloads: opens url, waits until the element tag has drawn,
 * then sums the bodies of every response (as the test servers send them: uncompressed).
 * ensures: returns {bytes, wasm}, wasm the part that is .wasm; the page had no problem.
 */
export async function pageBytes(url, tag) {
  const browser = await launchChromiumForTests();
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    const problems = watchForProblems(page);
    const sizes = [];
    page.on('requestfinished', (r) => sizes.push(r.sizes().then((s) => ({ url: r.url(), bytes: s.responseBodySize }))));
    await page.goto(url);
    await page.waitForFunction(
      (t) => {
        const body = document.querySelector(t)?.shadowRoot?.querySelector('[part="body"]');
        return body && !body.querySelector('.loading') && body.textContent.trim().length > 0;
      },
      tag,
      { timeout: 60000 },
    );
    await page.waitForLoadState('networkidle');
    const all = await Promise.all(sizes);
    assert.deepEqual(problems, []);
    const sum = (list) => list.reduce((total, s) => total + s.bytes, 0);
    return { bytes: sum(all), wasm: sum(all.filter((s) => new URL(s.url).pathname.endsWith('.wasm'))) };
  } finally {
    await browser.close();
  }
}

/**
 * The package as a site deployed it into `folder`: its entry is there and no digits are (the site
 * left them out). ensures: the bytes deployed.
 */
export function deployedWithoutDigits(folder) {
  const copied = readdirSync(folder, { recursive: true });
  assert.ok(copied.includes('normlab.js'));
  assert.deepEqual(
    copied.filter((f) => f.endsWith('.bin')),
    [],
  );
  return copied.reduce((sum, f) => {
    const s = statSync(path.join(folder, f));
    return sum + (s.isFile() ? s.size : 0);
  }, 0);
}
