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

// An element whose data-tex attribute holds a formula, and which is empty.
const FORMULA = /<(\w+)(\s[^>]*?\bdata-tex="([^"]*)"[^>]*)>\s*<\/\1>/g;

const ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text) => text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]);

/**
 * The page with its formulas typeset.
 * ensures: a formula KaTeX cannot read fails the build, naming the formula.
 */
export function typesetPage(html) {
  return html.replace(FORMULA, (_, tag, attributes, tex) => {
    const displayMode = /\bclass="[^"]*\bformula\b/.test(attributes);
    let rendered;
    try {
      rendered = katex.renderToString(unescape(tex), { displayMode, throwOnError: true, output: 'htmlAndMathml' });
    } catch (e) {
      throw new Error(`the formula "${unescape(tex)}" cannot be typeset: ${e.message}`, { cause: e });
    }
    return `<${tag}${attributes}>${rendered}</${tag}>`;
  });
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
