// The sentences of host/load-failures.js that need no page: a core that failed with no file to
// name (its script's import refused, or another failure), said once, with one full stop.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { coreFailure } from '../../web/src/host/load-failures.js';

test("a core script refused by the page's Trusted Types names the bundler's policy to allow", async () => {
  const engine = new TypeError(
    "Failed to set the 'src' property on 'HTMLScriptElement': This document requires 'TrustedScriptURL' assignment.",
  );
  const refused = new TypeError(
    `the core's script could not be imported (${engine.message}): the site may be out of reach`,
    {
      cause: engine,
    },
  );
  const said = await coreFailure(refused);
  assert.match(said, /its script was refused by this page's Trusted Types/);
  assert.match(said, /webpack needs output\.trustedTypes/);
  assert.match(said, /nextjs#bundler/);
  assert.doesNotMatch(said, /\.\./);
  assert.doesNotMatch(said, /out of reach/, "the engine's words are quoted, not the import's guess");
});

test('any other failure with no file to name is quoted once, with one full stop', async () => {
  const said = await coreFailure(new Error('WebAssembly.instantiate(): out of memory.'));
  assert.equal(
    said,
    "This widget's WebAssembly core (the .wasm file beside its script) could not be loaded: WebAssembly.instantiate(): out of memory.",
  );
});
