// Run after Emscripten links a module's glue (web/wasm/wasm.cmake): the glue's one mention of
// Node's `process`, an ENVIRONMENT_IS_NODE the web and worker build never reads, becomes `false`
// (which it is in a web or worker build). A bundler meeting the bare name (Parcel) otherwise
// installs a Node polyfill into an author's project. Fails when the glue still names `process`
// after the change, as a newer Emscripten's might.
// usage: node scripts/glue-without-process.mjs <glue.js>...
import { readFileSync, writeFileSync } from 'node:fs';

const NODE_CHECK =
  /var ENVIRONMENT_IS_NODE=typeof process=="object"&&typeof process\.versions=="object"&&typeof process\.versions\.node=="string";/;

for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8').replace(NODE_CHECK, 'var ENVIRONMENT_IS_NODE=false;');
  if (/(^|[^\w$.])process\b/.test(text)) {
    console.error(
      `${file} names \`process\` outside the check this script knows: see scripts/glue-without-process.mjs`,
    );
    process.exit(1);
  }
  writeFileSync(file, text);
}
