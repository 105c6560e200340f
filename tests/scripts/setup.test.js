// scripts/setup on a machine where everything is missing, with a stub apt-get and sudo: it says
// what it will install and why before it runs the package manager, shows the package manager's
// output when it fails, and where it cannot install (no apt-get; neither root nor sudo) it stops
// at once with the exact command or the list of what is missing. The stubs log their calls.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';

const setup = fileURLToPath(new URL('../../scripts/setup', import.meta.url));
const TOOLS = ['dirname', 'mktemp', 'rm', 'tail', 'cat', 'env'];

/** A PATH holding only the shell tools setup uses and the given stubs ({name: script body}). */
function machine(stubs) {
  const dir = scratchFolder('normlab-setup-');
  const bin = path.join(dir, 'bin');
  spawnSync('mkdir', [bin]);
  for (const tool of TOOLS) {
    const found = ['/usr/bin', '/bin'].map((d) => path.join(d, tool)).find(existsSync);
    symlinkSync(found, path.join(bin, tool));
  }
  for (const [name, body] of Object.entries(stubs)) {
    writeFileSync(path.join(bin, name), `#!/bin/bash\necho "${name} $*" >> ${dir}/calls\n${body}\n`);
    chmodSync(path.join(bin, name), 0o755);
  }
  const run = () => {
    const r = spawnSync('/bin/bash', [setup], { env: { PATH: bin, HOME: dir }, encoding: 'utf8' });
    const calls = existsSync(`${dir}/calls`) ? readFileSync(`${dir}/calls`, 'utf8') : '';
    return { ...r, calls };
  };
  return run();
}

const ROOT = 'echo 0';
const USER = 'echo 1000';

test('as root: the packages and their reasons come first, then apt-get runs and setup says it installed them', () => {
  const r = machine({ id: ROOT, 'apt-get': 'exit 0' });
  assert.equal(r.status, 0, r.stderr);
  const listed = r.stdout.indexOf('normlab needs these Debian packages');
  const installing = r.stdout.indexOf('setup: installing them: apt-get install');
  assert.ok(listed >= 0 && installing > listed, r.stdout);
  assert.match(r.stdout, /cmake +builds the C\+\+ core/);
  assert.match(r.stdout, /emscripten +compiles the core to WebAssembly/);
  assert.match(r.stdout, /webkit2gtk-driver +the engine smoke test in WebKit/);
  assert.match(r.calls, /^apt-get update$/m);
  assert.match(r.calls, /^apt-get install -y --no-install-recommends .*\bcmake\b.*\bemscripten\b/m);
  assert.match(r.stdout, /setup: installed .*cmake/);
});

test('a failing apt-get: its own output is shown, with the command to try again', () => {
  const r = machine({ id: ROOT, 'apt-get': 'echo "E: Unable to locate package emscripten"; exit 100' });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /apt-get failed; its last lines:/);
  assert.match(r.stderr, /E: Unable to locate package emscripten/);
  assert.match(
    r.stderr,
    /to try again by hand, run:\n {2}apt-get update && apt-get install -y --no-install-recommends .*cmake/,
  );
});

test('neither root nor sudo: stops before any package manager with the exact command', () => {
  const r = machine({ id: USER, 'apt-get': 'exit 0' });
  assert.equal(r.status, 1);
  assert.match(
    r.stderr,
    /needs root, and sudo is not here\. As root, run:\n {2}apt-get update && apt-get install -y --no-install-recommends .*cmake/,
  );
  assert.doesNotMatch(r.calls, /apt-get/);
});

test('not root but sudo: apt-get runs through sudo, and setup says so first', () => {
  const r = machine({ id: USER, sudo: '"$@"', 'apt-get': 'exit 0' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /installing them: sudo apt-get install/);
  assert.match(r.calls, /^sudo apt-get update$/m);
  assert.match(r.calls, /^sudo env DEBIAN_FRONTEND=noninteractive apt-get install /m);
});

test('not Debian (no apt-get): stops at once with the list of what is missing', () => {
  const r = machine({ id: ROOT });
  assert.equal(r.status, 1);
  assert.match(r.stdout, /cmake +builds the C\+\+ core/);
  assert.match(r.stderr, /not a Debian system \(no apt-get\)/);
});
