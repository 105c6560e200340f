// A display formula split into parts to fit a narrow screen is read to a screen reader whole:
// its first part carries data-tex-spoken, whose MathML replaces the part's own, and the parts that
// continue it are aria-hidden (scripts/vite-formulas.mjs; the pages in web/).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { typesetPage } from '../../scripts/vite-formulas.mjs';

const PAGES = ['index.html', 'tutorial.html', 'mnist.html'];
const source = (page) => readFileSync(new URL(`../../web/${page}`, import.meta.url), 'utf8');
const unescape = (s) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
const spokenTex = (html) =>
  [...html.matchAll(/<annotation encoding="application\/x-tex">([^<]*)<\/annotation>/g)].map((m) => unescape(m[1]));
const seenPart = (html) => html.slice(html.indexOf('<span class="katex-html"'));

test('a part with data-tex-spoken shows its own formula and says the whole one', () => {
  const part = '<p class="formula" data-tex="a \\leftarrow b"></p>';
  const spoken = '<p class="formula" data-tex="a \\leftarrow b" data-tex-spoken="a \\leftarrow b + c"></p>';
  const plain = typesetPage(part);
  const whole = typesetPage(spoken);
  assert.deepEqual(spokenTex(plain), ['a \\leftarrow b']);
  assert.deepEqual(spokenTex(whole), ['a \\leftarrow b + c']);
  assert.equal(seenPart(whole.replace(/ data-tex-spoken="[^"]*"/, '')), seenPart(plain));
});

test('a spoken formula KaTeX cannot read fails the build, naming it', () => {
  assert.throws(
    () => typesetPage('<p class="formula" data-tex="a" data-tex-spoken="\\frac{a"></p>'),
    /the formula "\\frac\{a" cannot be typeset/,
  );
});

for (const page of PAGES)
  test(`${page}: every continued formula part is hidden from screen readers and spoken whole by the part before it`, () => {
    const rows = [...source(page).matchAll(/<div class="formula-row">([\s\S]*?)<\/div>/g)].map((m) =>
      [...m[1].matchAll(/<p\s([^>]*)>/g)].map((p) => ({
        tex: unescape(/data-tex="([^"]*)"/.exec(p[1])?.[1] ?? ''),
        spoken: /data-tex-spoken="([^"]*)"/.exec(p[1])?.[1],
        hidden: /aria-hidden="true"/.test(p[1]),
        continued: /class="[^"]*\bcontinued\b/.test(p[1]),
      })),
    );
    assert.ok(rows.length > 0, `${page} has split formulas`);
    for (const parts of rows)
      parts.forEach((part, k) => {
        // A part that starts with an operator or a relation cannot be read on its own.
        const startsMidway = /^(\{\}|\\approx|=|\+|-)/.test(part.tex.trim());
        if (part.continued || startsMidway) assert.ok(part.hidden, `"${part.tex}" is aria-hidden`);
        if (!part.hidden) return;
        assert.ok(k > 0, `"${part.tex}" continues a part before it`);
        const first = parts[k - 1];
        assert.ok(first.spoken !== undefined, `the part before "${part.tex}" says the whole formula`);
        const spoken = unescape(first.spoken);
        const rest = part.tex.replace(/^\{\}\s*/, '');
        assert.ok(
          spoken.startsWith(first.tex) && spoken.endsWith(rest),
          `"${spoken}" is "${first.tex}" then "${rest}"`,
        );
      });
  });
