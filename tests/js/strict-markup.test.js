// What lets the widgets and the formulas work under a host's strict policy, checked in their
// sources: no <style> element and no style= attribute in any markup they write (styles are
// adopted sheets; KaTeX's inline styles become classes at build time), and markup written only
// through the one Trusted Types policy (host/trusted-types.js).
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { styleClass, typesetPage } from '../../scripts/vite-formulas.mjs';

const SRC = fileURLToPath(new URL('../../web/src/', import.meta.url));
const sources = readdirSync(SRC, { recursive: true })
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ file: f.split(path.sep).join('/'), text: readFileSync(path.join(SRC, f), 'utf8') }));

test('the sources are read (the checks below have something to fail on)', () => {
  assert.ok(sources.length > 50);
  assert.ok(sources.some((s) => s.file === 'widgets/nl-playground.js'));
});

test('no source writes a style= attribute or a <style> element into markup', () => {
  // Comments may name them; code may not.
  const code = (text) => text.replace(/^\s*(\/\/|\*|\/\*).*$/gm, '');
  const offenders = sources.filter(({ text }) => /\sstyle\s*=\s*["'`$]|<style[\s>]/i.test(code(text)));
  assert.deepEqual(
    offenders.map((s) => s.file),
    [],
  );
});

test('markup reaches an HTML sink only through the Trusted Types policy', () => {
  const sinks = /\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML\(|createContextualFragment\(|\bdocument\.write\(/;
  const offenders = sources.filter(({ file, text }) => file !== 'host/trusted-types.js' && sinks.test(text));
  assert.deepEqual(
    offenders.map((s) => s.file),
    [],
  );
});

test("the typeset formulas carry KaTeX's styles as classes, not style= attributes", () => {
  const html = typesetPage(
    '<p class="formula" data-tex="\\hat x = \\frac{x - \\mu}{\\sqrt{\\sigma^2 + \\epsilon}}"></p>',
  );
  assert.doesNotMatch(html, /\sstyle=/);
  // The vlists' heights are there, as the class named by their declarations.
  const classes = [...html.matchAll(/class="([^"]*)"/g)].flatMap((m) => m[1].split(' '));
  assert.ok(classes.filter((c) => c.startsWith('katex-style-')).length > 10);
  assert.ok(classes.includes(styleClass('height:3em;')), 'the struts of height 3em');
});
