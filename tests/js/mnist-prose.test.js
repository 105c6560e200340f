// The MNIST chapter's prose types in no result of a training: the lab and the batch-size sweep
// state their own findings, computed from the reader's run (the tallies over seeds, the medians),
// and the prose around them describes directions only. Settings (seeds 1 to 5, batch 64, 2,048
// digits) may be named; an accuracy or a tally may not.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const html = readFileSync(new URL('../../web/mnist.html', import.meta.url), 'utf8');
/** The prose: every paragraph and list item, tags and formulas dropped, spaces collapsed. */
const prose = [...html.matchAll(/<(p|li)\b[^>]*>([\s\S]*?)<\/\1>/g)]
  .map(([, , inner]) =>
    inner
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  )
  .filter((text) => !text.startsWith('data-tex'));

test('the MNIST prose types in no accuracy and no tally over seeds', () => {
  assert.ok(prose.length >= 20, `only ${prose.length} paragraphs read`);
  const typed = prose.flatMap((text) =>
    [...text.matchAll(/\b0\.\d{2,}\b|\b\d+ of \d+ seeds?\b|\b\d+(?:\.\d+)? ?%/g)].map(
      (m) => `${m[0]} in: ${text.slice(0, 80)}`,
    ),
  );
  assert.deepEqual(typed, []);
});
