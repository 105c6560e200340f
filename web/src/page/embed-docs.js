// The embedding page: documents every widget's options from the widgets' own option tables, and
// the attributes, custom properties and parts every widget shares.
import { allowed, commonAttributes, parts, written } from '../widget/attributes.js';
import { customProperties } from '../widget/styles.js';
import '../widgets/index.js';
import { ALL_WIDGETS } from '../widgets/registry.js';

const names = ALL_WIDGETS;

/** A table with a header row and one row per entry of texts. */
function table(className, headers, rows) {
  const t = document.createElement('table');
  t.className = className;
  const head = t.createTHead().insertRow();
  for (const h of headers) {
    const th = document.createElement('th');
    th.textContent = h;
    head.append(th);
  }
  const body = t.createTBody();
  for (const texts of rows) {
    const tr = body.insertRow();
    for (const text of texts) tr.insertCell().textContent = text;
  }
  return t;
}

function section(parent, title, content) {
  const s = document.createElement('section');
  const h = document.createElement(parent.id === 'docs' ? 'h2' : 'h3');
  h.textContent = title;
  // A table wider than a phone scrolls sideways in its own box; long values may break anywhere.
  const box = document.createElement('div');
  box.style.overflowX = 'auto';
  box.style.maxWidth = '100%';
  if (content.localName === 'table') content.style.overflowWrap = 'anywhere';
  box.append(content);
  s.append(h, box);
  parent.append(s);
}

const styling = document.getElementById('styling-tables');
section(
  styling,
  'Attributes every widget takes',
  table(
    'options common',
    ['attribute', 'meaning'],
    commonAttributes.map((a) => [a.name, a.doc]),
  ),
);
section(
  styling,
  'Custom properties',
  table(
    'options properties',
    ['property', 'default (light theme)'],
    Object.entries(customProperties).map(([name, value]) => [name, value]),
  ),
);
section(
  styling,
  'Parts',
  table(
    'options parts',
    ['::part()', 'what it is'],
    Object.entries(parts).map(([name, doc]) => [name, doc]),
  ),
);

section(
  styling,
  'A crowd of your own (the crowd attribute and the "Bring your own crowd" box)',
  table(
    'options crowd',
    ['the text', 'what the core does with it'],
    [
      [
        'one person per line: height,weight,label',
        'reads it: label 1 (adult) or 0; height and weight any finite decimals',
      ],
      [
        'a first line of three column names (each starting with a letter), blank lines, lines starting with #',
        'skips them',
      ],
      ['spaces around fields, CRLF or CR line ends, a byte-order mark', 'reads them as plain text'],
      [
        'a field not a number, empty or not finite; not three fields; a label not 0 or 1; the header again',
        'refuses every such line at once by its number and reason (DataError, error.lines = [{line, reason}]); the text stays and the crowd in use is kept',
      ],
      [
        'more than 65,536 bytes or 2,000 people',
        'refuses it (SizeError naming the size); a file by its size before reading it',
      ],
      ['fewer than 5 people, or one label only', 'refuses it (DataError): the 5 folds each hold someone out'],
      [
        'up to 2,048 characters',
        'is part of the state, so a link carries it; a longer crowd is left out and Copy link says so',
      ],
    ],
  ),
);

const docs = document.getElementById('docs');
for (const name of names) {
  const cls = customElements.get(name);
  const title = `<${name}>: ${cls.title}`;
  if (cls.options.length === 0) {
    const p = document.createElement('p');
    p.textContent = 'No options of its own.';
    section(docs, title, p);
  } else {
    section(
      docs,
      title,
      table(
        'options',
        ['attribute', 'type', 'allowed', 'default', 'meaning'],
        cls.options.map((o) => [o.name, o.type, allowed(o), written(o), o.doc ?? '']),
      ),
    );
  }
}
