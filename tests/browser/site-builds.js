// New builds of a served copy of the site, as a host would deploy them, for the tests of the
// offline worker's updates (tests/browser/update.test.js, tests/engines/rescue.test.js). A build is
// made from the copy's own files: the essay's entry script renamed (as a content hash would rename
// it), a <meta name="build"> naming the build, every page stamped with the build's version (as the
// build stamps it), and the offline worker written again with its list and that version.
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fillWorker, integrities, readWorker, stampPage } from '../../scripts/vite-offline.mjs';

const WORKER_SOURCE = fileURLToPath(new URL('../../web/src/page/service-worker.js', import.meta.url));
const WORKER_OFF_SOURCE = fileURLToPath(new URL('../../web/src/page/service-worker-off.js', import.meta.url));

/** The essay's entry script, as the copy's index.html names it (assets/main-….js). */
function entryScript(folder) {
  const found = readFileSync(path.join(folder, 'index.html'), 'utf8').match(/src="\.\/(assets\/main-[^"]+\.js)"/);
  if (!found) throw new Error('index.html names no assets/main-….js');
  return found[1];
}

/**
 * Deploys build `name` in the folder: index.html gets <meta name="build" content=name> and an
 * entry script of its own (a copy of the first build's, or one that throws at once when
 * `broken`), and the worker its list and version. ensures: returns the entry script's file.
 */
export function deployBuild(folder, name, { broken = false } = {}) {
  const index = path.join(folder, 'index.html');
  const entry = entryScript(folder);
  const original = entry.replace(/\.[a-z]+(?:-broken)?\.js$/, '.js');
  const renamed = original.replace(/\.js$/, `.${name}${broken ? '-broken' : ''}.js`);
  const code = readFileSync(path.join(folder, original), 'utf8');
  writeFileSync(path.join(folder, renamed), broken ? `throw new Error('build ${name} is broken');\n${code}` : code);
  const html = readFileSync(index, 'utf8')
    .replace(/<meta name="build"[^>]*>/, '')
    .replace('<head>', `<head><meta name="build" content="${name}">`)
    .replace(`./${entry}`, `./${renamed}`);
  writeFileSync(index, html);
  const version = `build-${name}`;
  for (const page of readdirSync(folder).filter((f) => f.endsWith('.html'))) {
    const file = path.join(folder, page);
    writeFileSync(file, stampPage(readFileSync(file, 'utf8'), version));
  }
  const worker = path.join(folder, 'service-worker.js');
  const values = readWorker(readFileSync(worker, 'utf8'));
  values.precache = values.precache.map((f) => (f === entry ? renamed : f));
  values.integrity = integrities(values.precache, (f) => readFileSync(path.join(folder, f)));
  writeFileSync(worker, fillWorker(readFileSync(WORKER_SOURCE, 'utf8'), { ...values, version }));
  return renamed;
}

/** Serves the kill switch in place of the offline worker, as docs/architecture.md tells an owner. */
export function deployKillSwitch(folder) {
  copyFileSync(WORKER_OFF_SOURCE, path.join(folder, 'service-worker.js'));
}
