// The package's description of its elements (package/custom-elements.json and
// package/normlab.d.ts) is the public API: what scripts/describe-elements.mjs makes from the
// widgets' tables must be what is committed, so a change to an element's interface is made on
// purpose (and noted in CHANGELOG.md). The declarations type-check as a host's TypeScript uses them.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DECLARATIONS, MANIFEST, describeElements } from '../../scripts/describe-elements.mjs';
import { commonAttributes, parts } from '../../web/src/widget/attributes.js';
import { customProperties } from '../../web/src/widget/styles.js';
import { ALL_WIDGETS } from '../../web/src/widgets/registry.js';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const generated = await describeElements();
const REMAKE = 'the elements changed: run node scripts/describe-elements.mjs, and note the change in CHANGELOG.md';

test('the committed manifest and declarations are the ones the widgets make', () => {
  assert.equal(readFileSync(MANIFEST, 'utf8'), generated.manifest, REMAKE);
  assert.equal(readFileSync(DECLARATIONS, 'utf8'), generated.declarations, REMAKE);
});

test('the manifest describes every element: its attributes, members, events, parts and custom properties', () => {
  const manifest = JSON.parse(generated.manifest);
  const elements = manifest.modules.flatMap((m) => m.declarations).filter((d) => d.customElement);
  assert.deepEqual(
    elements.map((e) => e.tagName),
    [...ALL_WIDGETS],
  );
  const everything = manifest.modules.find((m) => m.path === 'normlab.js');
  assert.deepEqual(
    everything.exports.map((e) => e.name),
    [...ALL_WIDGETS],
  );
  for (const element of elements) {
    const names = element.attributes.map((a) => a.name);
    for (const common of commonAttributes) assert.ok(names.includes(common.name), `${element.tagName} ${common.name}`);
    // A property for each of its own attributes (learning-rate: learningRate), reflecting it, then the common ones.
    const own = element.attributes.filter((a) => !commonAttributes.some((c) => c.name === a.name));
    assert.deepEqual(
      element.members.map((m) => m.name),
      [
        ...own.map((a) => a.name.replace(/-(\w)/g, (_, c) => c.toUpperCase())),
        ...['theme', 'caption', 'state', 'link', 'reset', 'export'],
      ],
    );
    for (const a of own)
      assert.ok(
        element.members.some((m) => m.attribute === a.name && m.reflects),
        `${element.tagName} ${a.name}`,
      );
    assert.deepEqual(element.events.map((e) => e.name).slice(0, 2), ['nl-change', 'nl-done']);
    assert.deepEqual(
      element.cssParts.map((p) => p.name),
      Object.keys(parts),
    );
    assert.deepEqual(
      element.cssProperties.map((p) => p.name),
      Object.keys(customProperties),
    );
  }
  const playground = elements.find((e) => e.tagName === 'nl-playground');
  const kind = playground.attributes.find((a) => a.name === 'kind');
  assert.equal(kind.type.text, '"batch" | "layer" | "rms" | "group"');
  assert.equal(kind.default, '"batch"');
});

test('the declarations type-check a host that uses them, and refuse what the elements do not take', () => {
  const dir = scratchFolder('normlab-types-');
  writeFileSync(path.join(dir, 'normlab.d.ts'), generated.declarations);
  writeFileSync(
    path.join(dir, 'host.ts'),
    `import type { NlPlayground, NlPlaygroundAttributes } from './normlab.js';
const playground: NlPlayground | null = document.querySelector('nl-playground');
if (playground) {
  playground.state = 'kind:rms';
  playground.kind = 'layer';
  playground.groups = 2;
  playground.theme = 'dark';
  playground.caption = null;
  // @ts-expect-error: not a kind of normaliser
  playground.kind = 'instance';
  playground.reset();
  void playground.export('csv');
  playground.addEventListener('nl-change', (e) => console.log(e.detail.state.length));
  // @ts-expect-error: not an export format
  void playground.export('gif');
}
document.createElement('nl-comparison').addEventListener('nl-done', (e) => e.detail.state);
const options: NlPlaygroundAttributes = { kind: 'layer', groups: 2, theme: 'dark' };
// @ts-expect-error: not a kind of normaliser
const wrong: NlPlaygroundAttributes = { kind: 'instance' };
export { options, wrong };
`,
  );
  const tsc = path.join(root, 'node_modules/.bin/tsc');
  const args = ['--noEmit', '--strict', '--lib', 'es2022,dom', '--target', 'es2022', '--module', 'esnext'];
  execFileSync(tsc, [...args, '--moduleResolution', 'bundler', 'host.ts'], { cwd: dir, encoding: 'utf8' });
});
