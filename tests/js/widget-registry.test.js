// The widget registry (web/src/widgets/registry.js) is the one list of widgets: every
// widgets/nl-*.js module is in it once and defines the element of its own name, and every page
// holds only registered widgets, each chapter's on its own page.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import { ALL_WIDGETS, ESSAY_WIDGETS, MNIST_WIDGETS, TUTORIAL_WIDGETS } from '../../web/src/widgets/registry.js';

const widgets = new URL('../../web/src/widgets/', import.meta.url);
const page = (name) => readFileSync(new URL(`../../web/${name}`, import.meta.url), 'utf8');
const tagsOn = (html) => new Set([...html.matchAll(/<(nl-[a-z-]+)[\s>]/g)].map((m) => m[1]));

test('every widget module is registered once, and defines the element it is named after', () => {
  const files = readdirSync(widgets)
    .filter((f) => /^nl-.*\.js$/.test(f))
    .map((f) => f.replace(/\.js$/, ''));
  assert.deepEqual([...ALL_WIDGETS].sort(), files.sort());
  assert.equal(new Set(ALL_WIDGETS).size, ALL_WIDGETS.length);
  for (const tag of files)
    assert.match(readFileSync(new URL(`${tag}.js`, widgets), 'utf8'), new RegExp(`define\\('${tag}',`), tag);
});

test("each chapter's page holds its chapter's widgets, and only registered ones", () => {
  const essay = tagsOn(page('index.html'));
  const tutorial = tagsOn(page('tutorial.html'));
  const mnist = tagsOn(page('mnist.html'));
  assert.deepEqual([...essay].sort(), [...ESSAY_WIDGETS].sort());
  assert.deepEqual([...tutorial].sort(), [...TUTORIAL_WIDGETS].sort());
  assert.deepEqual([...mnist].sort(), [...MNIST_WIDGETS].sort());
});
