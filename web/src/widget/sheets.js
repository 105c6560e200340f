// Styles as constructable stylesheets: each CSS text becomes one CSSStyleSheet, made once and
// adopted by every shadow root that needs it (adoptedStyleSheets). No <style> element and no
// style= attribute is written into any markup, so a host's `style-src` need not allow inline
// styles (CSSOM is not markup: a policy governs neither adopted sheets nor `el.style`).

const made = new Map(); // CSS text -> its one sheet

/** The one sheet of this CSS text. */
export function sheetOf(css) {
  let sheet = made.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    made.set(css, sheet);
  }
  return sheet;
}

/**
 * Has the shadow root (or document) adopt the sheets of these CSS texts, in order. An engine
 * without constructable sheets (before Safari 16.4) gets <style> elements instead, which a strict
 * style-src refuses there.
 */
export function adoptStyles(root, texts) {
  if ('adoptedStyleSheets' in root) root.adoptedStyleSheets = texts.map(sheetOf);
  else root.append(...texts.map((css) => Object.assign(document.createElement('style'), { textContent: css })));
}
