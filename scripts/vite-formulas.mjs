// A Vite plugin that typesets a page's formulas when the page is built: every element with a
// data-tex attribute (and no content) gets KaTeX's HTML (what the reader sees) and MathML (what a
// screen reader reads) written into it, so the page ships no typesetting JavaScript. A formula
// split into parts to fit a narrow screen says the whole of it to a screen reader: its first part
// carries data-tex-spoken (the whole formula, whose MathML replaces the part's own) and the parts
// after it are aria-hidden in the page. A page with
// formulas gets KaTeX's stylesheet (web/src/formulas.css) linked in its head; that stylesheet
// names only the woff2 form of each font, each font cut down to the characters the site's
// formulas show (a browser fetches a font only when a formula uses it). KaTeX's inline styles
// (style="height:…") become classes whose rules close that stylesheet, so a page's formulas carry
// no style= attribute and a host's `style-src 'self'` (no 'unsafe-inline') keeps them whole.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import katex from 'katex';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const KATEX_CSS = require.resolve('katex/dist/katex.min.css');
const STYLESHEET = 'formulas.css';
// Where the cut-down fonts are written for the bundler to emit (named by their content).
const FONT_CACHE = fileURLToPath(new URL('../node_modules/.cache/normlab-formulas/', import.meta.url));

// An empty element and its attributes (values in double, single or no quotes, '>' allowed inside quotes).
const EMPTY_ELEMENT =
  /<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*>\s*<\/\1\s*>/g;
const attribute = (name) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i');
const TEX = attribute('data-tex');
const SPOKEN = attribute('data-tex-spoken');
const CLASS = attribute('class');
const MATHML_PART = /<span class="katex-mathml">[\s\S]*?<\/math><\/span>/;
const ANY_TEX = /\sdata-tex\s*=/gi;
const COMMENT = /<!--[\s\S]*?-->/g;

const ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
// KaTeX's HTML output escapes these five in text.
const KATEX_ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'" };
const HTML_PART = '<span class="katex-html"';
// Characters CSS content shows in formulas (KaTeX's equation numbers), not in any text.
const GENERATED_CHARACTERS = '()0123456789';
// The characters FreeType's auto-hinter (Chromium's on Linux) measures a font's blue zones and
// stem widths on, in Latin and Greek: kept in every cut-down font, so each glyph is hinted, and
// drawn, as from the whole font (without them the same glyphs rasterise a shade differently). The
// fonts' own TrueType hinting programs are left out (a third of a cut-down font): the auto-hinter
// does not run them, and the formulas drew pixel for pixel as before without them.
const HINTING_REFERENCE = 'THEZOCQSLUfijkdbhxzroescpqgjyoΓΒΕΖΘΟΩΔΞβθδζλξαειοπστωγημρφχψ';
const STYLE = /\sstyle="([^"]*)"/;
const CLASS_VALUE = /\sclass="([^"]*)"/;
const START_TAG = /<([a-zA-Z][\w-]*)(\s[^<>]*)?>/g;
const unescape = (text) => text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]);
const valueOf = (match) => (match ? unescape(match[1] ?? match[2] ?? match[3]) : undefined);

/** The characters a formula's KaTeX output shows: the text of its HTML part (not its MathML). */
function shownCharacters(rendered, into) {
  const start = rendered.indexOf(HTML_PART);
  if (start < 0) return;
  for (const [, text] of rendered.slice(start).matchAll(/>([^<]+)</g))
    for (const c of text.replace(/&(amp|lt|gt|quot|#x27);/g, (e) => KATEX_ENTITIES[e])) into.add(c);
}

/** The class standing for one inline style: named by its declarations, so every page agrees. */
export function styleClass(declarations) {
  return `katex-style-${createHash('sha256').update(declarations).digest('hex').slice(0, 10)}`;
}

/**
 * KaTeX's output with each style= attribute replaced by a class (added to the element's own),
 * the class's declarations recorded in `rules` (class -> declarations).
 */
function stylesToClasses(rendered, rules) {
  return rendered.replace(START_TAG, (tag, name, attributes = '') => {
    const style = STYLE.exec(attributes);
    if (!style) return tag;
    const added = styleClass(style[1]);
    rules.set(added, style[1]);
    const rest = attributes.replace(style[0], '');
    const own = CLASS_VALUE.exec(rest);
    return `<${name}${own ? rest.replace(own[0], () => ` class="${own[1]} ${added}"`) : ` class="${added}"${rest}`}>`;
  });
}

/**
 * The rules of the classes standing for inline styles, each declaration !important: as the
 * inline style it replaces, it wins over KaTeX's stylesheet.
 */
export function styleRules(rules) {
  return [...rules]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, declarations]) => {
      const each = declarations
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean)
        .map((d) => `${d} !important`);
      return `.${name}{${each.join(';')}}`;
    })
    .join('\n');
}

/**
 * The page with its formulas typeset.
 * ensures: a formula KaTeX cannot read, or a data-tex on an element that is not empty (which
 * would ship untypeset), fails the build, naming it.
 */
export function typesetPage(page) {
  return typeset(page).html;
}

/** The page with its formulas typeset, the characters those formulas show and the classes of their styles. */
function typeset(page) {
  const characters = new Set();
  const rules = new Map();
  // Comments are left as they are: a formula in a comment is not on the page.
  const comments = [];
  const html = page.replace(COMMENT, (comment) => `<!--${comments.push(comment) - 1}-->`);
  const spans = []; // [start, end) of each element typeset
  const done = html.replace(EMPTY_ELEMENT, (element, tag, attributes, offset) => {
    const tex = valueOf(TEX.exec(attributes));
    if (tex === undefined) return element;
    const displayMode = /(^|\s)formula(\s|$)/.test(valueOf(CLASS.exec(attributes)) ?? '');
    let rendered = typesetOne(tex, displayMode);
    const spoken = valueOf(SPOKEN.exec(attributes));
    if (spoken !== undefined) {
      const whole = typesetOne(spoken, displayMode).match(MATHML_PART)[0];
      rendered = rendered.replace(MATHML_PART, () => whole);
    }
    spans.push([offset, offset + element.length]);
    shownCharacters(rendered, characters);
    rendered = stylesToClasses(rendered, rules);
    return `<${tag}${attributes}>${rendered}</${tag}>`;
  });
  const left = [...html.matchAll(ANY_TEX)].find((m) => !spans.some(([a, b]) => m.index >= a && m.index < b));
  if (left)
    throw new Error(
      `a formula cannot be typeset: its element must be empty and well formed (at "${html.slice(Math.max(0, left.index - 30), left.index + 60)}")`,
    );
  return { html: done.replace(/<!--(\d+)-->/g, (_, k) => comments[Number(k)]), characters, rules };
}

function typesetOne(tex, displayMode) {
  try {
    return katex.renderToString(tex, { displayMode, throwOnError: true, output: 'htmlAndMathml' });
  } catch (e) {
    throw new Error(`the formula "${tex}" cannot be typeset: ${e.message}`, { cause: e });
  }
}

/**
 * What every page in folder `root` needs of the formulas' stylesheet: the characters its formulas
 * show (sorted) and the rules of the classes standing for their inline styles.
 */
export function siteFormulas(root) {
  const characters = new Set(GENERATED_CHARACTERS);
  const rules = new Map();
  for (const file of readdirSync(root)
    .filter((f) => f.endsWith('.html'))
    .sort()) {
    const page = typeset(readFileSync(path.join(root, file), 'utf8'));
    for (const c of page.characters) characters.add(c);
    for (const [name, declarations] of page.rules) rules.set(name, declarations);
  }
  return { characters: [...characters].sort().join(''), rules: styleRules(rules) };
}

/**
 * KaTeX's font `file` (in its fonts/ folder) cut down to `characters` (and the hinting
 * reference), written into the cache in a folder named by the cut font's own hash (so builds of
 * other trees beside this one, cutting otherwise, never write the same path); its path.
 */
async function fontSubset(file, characters) {
  const font = await subsetFont(
    readFileSync(path.join(path.dirname(KATEX_CSS), 'fonts', file)),
    characters + HINTING_REFERENCE,
    { targetFormat: 'woff2', noHinting: true },
  );
  const folder = path.join(FONT_CACHE, createHash('sha256').update(font).digest('hex').slice(0, 16));
  mkdirSync(folder, { recursive: true });
  const out = path.join(folder, file);
  const partial = `${out}.${process.pid}`;
  writeFileSync(partial, font);
  renameSync(partial, out); // whole or not at all, for a build running beside this one
  return out;
}

/**
 * KaTeX's stylesheet, woff2 only, each font's url() pointing (relative to folder `from`) at that
 * font cut down to `characters`.
 */
async function katexStylesheet(from, characters) {
  const css = readFileSync(KATEX_CSS, 'utf8').replace(
    /,url\(fonts\/[^)]+\.(woff|ttf)\) format\("(woff|truetype)"\)/g,
    '',
  );
  const files = [...new Set([...css.matchAll(/url\(fonts\/([^)]+\.woff2)\)/g)].map((m) => m[1]))];
  const subsets = new Map(await Promise.all(files.map(async (f) => [f, await fontSubset(f, characters)])));
  return css.replace(/url\(fonts\/([^)]+\.woff2)\)/g, (_, f) => {
    const relative = path.relative(from, subsets.get(f)).split(path.sep).join('/');
    return `url(${relative})`;
  });
}

export function formulas() {
  let root;
  const stylesheets = new Map(); // folder and characters -> the stylesheet, made once per build or server
  return {
    name: 'normlab-formulas',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes('data-tex=')) return html;
        const typeset = typesetPage(html);
        return typeset.replace('</head>', `  <link rel="stylesheet" href="./src/${STYLESHEET}" />\n  </head>`);
      },
    },
    async transform(code, id) {
      const file = id.split('?')[0];
      if (path.basename(file) !== STYLESHEET) return null;
      const from = path.dirname(file);
      const { characters, rules } = siteFormulas(root);
      const key = `${from}\n${characters}\n${rules}`;
      if (!stylesheets.has(key))
        stylesheets.set(
          key,
          katexStylesheet(from, characters).then((css) => `${css}\n${rules}\n`),
        );
      return { code: await stylesheets.get(key), map: null };
    },
  };
}
