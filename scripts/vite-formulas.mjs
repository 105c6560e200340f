// A Vite plugin that typesets a page's formulas when the page is built: every element with a
// data-tex attribute (and no content) gets KaTeX's HTML (what the reader sees) and MathML (what a
// screen reader reads) written into it, so the page ships no typesetting JavaScript. A page with
// formulas gets KaTeX's stylesheet (web/src/formulas.css) linked in its head; that stylesheet
// names only the woff2 form of each font, and a browser fetches a font only when a formula uses it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import katex from 'katex';

const require = createRequire(import.meta.url);
const KATEX_CSS = require.resolve('katex/dist/katex.min.css');
const STYLESHEET = 'formulas.css';

// An empty element and its attributes (values in double, single or no quotes, '>' allowed inside quotes).
const EMPTY_ELEMENT =
  /<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*>\s*<\/\1\s*>/g;
const attribute = (name) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i');
const TEX = attribute('data-tex');
const CLASS = attribute('class');
const ANY_TEX = /\sdata-tex\s*=/gi;
const COMMENT = /<!--[\s\S]*?-->/g;

const ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text) => text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]);
const valueOf = (match) => (match ? unescape(match[1] ?? match[2] ?? match[3]) : undefined);

/**
 * The page with its formulas typeset.
 * ensures: a formula KaTeX cannot read, or a data-tex on an element that is not empty (which
 * would ship untypeset), fails the build, naming it.
 */
export function typesetPage(page) {
  // Comments are left as they are: a formula in a comment is not on the page.
  const comments = [];
  const html = page.replace(COMMENT, (comment) => `<!--${comments.push(comment) - 1}-->`);
  const spans = []; // [start, end) of each element typeset
  const typeset = html.replace(EMPTY_ELEMENT, (element, tag, attributes, offset) => {
    const tex = valueOf(TEX.exec(attributes));
    if (tex === undefined) return element;
    const displayMode = /(^|\s)formula(\s|$)/.test(valueOf(CLASS.exec(attributes)) ?? '');
    let rendered;
    try {
      rendered = katex.renderToString(tex, { displayMode, throwOnError: true, output: 'htmlAndMathml' });
    } catch (e) {
      throw new Error(`the formula "${tex}" cannot be typeset: ${e.message}`, { cause: e });
    }
    spans.push([offset, offset + element.length]);
    return `<${tag}${attributes}>${rendered}</${tag}>`;
  });
  const left = [...html.matchAll(ANY_TEX)].find((m) => !spans.some(([a, b]) => m.index >= a && m.index < b));
  if (left)
    throw new Error(
      `a formula cannot be typeset: its element must be empty and well formed (at "${html.slice(Math.max(0, left.index - 30), left.index + 60)}")`,
    );
  return typeset.replace(/<!--(\d+)-->/g, (_, k) => comments[Number(k)]);
}

/** KaTeX's stylesheet with each font's url() relative to `from` (a folder), woff2 only. */
function katexStylesheet(from) {
  const fonts = path
    .relative(from, path.join(path.dirname(KATEX_CSS), 'fonts'))
    .split(path.sep)
    .join('/');
  return readFileSync(KATEX_CSS, 'utf8')
    .replace(/,url\(fonts\/[^)]+\.(woff|ttf)\) format\("(woff|truetype)"\)/g, '')
    .replace(/url\(fonts\//g, `url(${fonts}/`);
}

export function formulas() {
  return {
    name: 'normlab-formulas',
    enforce: 'pre',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes('data-tex=')) return html;
        const typeset = typesetPage(html);
        return typeset.replace('</head>', `  <link rel="stylesheet" href="./src/${STYLESHEET}" />\n  </head>`);
      },
    },
    transform(code, id) {
      const file = id.split('?')[0];
      if (path.basename(file) !== STYLESHEET) return null;
      return { code: katexStylesheet(path.dirname(file)), map: null };
    },
  };
}
