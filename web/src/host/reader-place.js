// A reader's place: a far jump (a scrollbar drag, a contents link) lands where it aimed and stays
// there while the page around it is laid out and its widgets start. Two things move it otherwise:
// a section skipped far from the window (`content-visibility: auto`, page.css) is as tall as the
// stylesheet guesses until the reader arrives, and a widget grows from its loading line to its
// full height as it starts. Each section therefore keeps its measured height while skipped, and
// the page anchors the reader's view itself.

let anchoring = null; // the page's own scroll anchoring, once holdTheReadersPlace has run

/** Holds the reader's place on a chapter page: measured section heights, and scroll anchoring. */
export function holdTheReadersPlace(doc = document) {
  anchoring = anchorTheView(doc);
  // A new measurement moves what lies below a skipped section whose height it changed.
  holdSectionHeights(doc, { measured: () => anchoring?.hold() });
}

/**
 * Brings an element into view (scrollIntoView's options) and holds it there: the place it lands
 * is noted at once, not when the scroll event comes. Noted then, a widget that grew above it in
 * between (under load, often) would be taken as where the reader is, and the element left off.
 */
export function bringIntoView(el, options) {
  el.scrollIntoView(options);
  anchoring?.note();
}

/**
 * Keeps each `main > section` at its measured height while it is skipped, not page.css's guess.
 * The sections are measured all laid out at once (a few milliseconds) in an idle moment after
 * anything changed their height: the page's text, its fonts, a widget's definition, its width.
 * measured() is called after each measurement.
 */
export function holdSectionHeights(doc = document, { measured = () => {} } = {}) {
  const main = doc.querySelector('main');
  const sections = [...doc.querySelectorAll('main > section')];
  if (!main || sections.length === 0) return;
  const view = doc.defaultView;
  let pending = false;
  const measure = () => {
    pending = false;
    const root = doc.documentElement;
    root.classList.add('measuring');
    const heights = sections.map((section) => section.getBoundingClientRect().height);
    root.classList.remove('measuring');
    // Not `auto`: a height remembered from an earlier layout (before the widgets were defined, say)
    // would win over the one just measured.
    sections.forEach((section, k) => section.style.setProperty('contain-intrinsic-block-size', `${heights[k]}px`));
    measured();
  };
  const soon = () => {
    if (pending) return;
    pending = true;
    if (typeof view.requestIdleCallback === 'function') view.requestIdleCallback(measure, { timeout: 1000 });
    else view.setTimeout(measure, 200);
  };
  soon();
  doc.fonts?.ready.then(soon);
  // A widget's definition builds its frame: its height changes with no change to the page's text.
  const undefinedTags = new Set([...main.querySelectorAll(':not(:defined)')].map((el) => el.localName));
  for (const tag of undefinedTags) view.customElements.whenDefined(tag).then(soon);
  new view.MutationObserver(soon).observe(main, { childList: true, characterData: true, subtree: true });
  // The window's width, not a ResizeObserver on main (see anchorTheView: Firefox).
  let width = main.clientWidth;
  view.addEventListener('resize', () => {
    if (main.clientWidth === width) return;
    width = main.clientWidth;
    soon();
  });
}

/**
 * Keeps what the reader sees where it is while the page above it changes height, in every engine
 * alike: the engines' own scroll anchoring is turned off (WebKit has none; Firefox's missed the
 * widgets starting just above a far jump in three runs of five), and the page anchors the view.
 * After each scroll the element at the top of the window is noted with its place: the first of
 * `main`'s parts reaching into the window, then within it (through widgets' shadow roots) the
 * first child reaching into the window, and so on down. When a part of the page changes size (a
 * widget started, a section laid out), the window scrolls by as much as the deepest of them still
 * on the page moved. As in the engines, nothing is held at the very top.
 * Only parts laid out for good are watched for their size (a section once awake, every section
 * once the page is laid out, section-waking.js): Firefox decides whether a `content-visibility:
 * auto` section is skipped while it delivers ResizeObserver notifications, and a section watched
 * that changes size then ends the delivery with an error event ("ResizeObserver loop completed
 * with undelivered notifications"). A section starts to be watched as it wakes, and its first
 * notification holds whatever moved before. ensures: {hold(), note()}: hold the view now, and note
 * where it is now.
 */
export function anchorTheView(doc = document) {
  const view = doc.defaultView;
  const parts = [...doc.querySelectorAll('main > *')];
  if (parts.length === 0) return null;
  doc.documentElement.style.overflowAnchor = 'none';
  let anchors = []; // [{el, top}], from a part of main down to the deepest element noted
  let noted = 0; // the scroll offset at which they were noted or last held
  const reaching = (els) =>
    els.find((el) => {
      const r = el.getBoundingClientRect();
      return r.bottom > 0 && (r.width > 0 || r.height > 0);
    });
  const note = () => {
    anchors = [];
    noted = view.scrollY;
    if (noted <= 0) return;
    let el = reaching(parts);
    while (el && anchors.length < 12) {
      anchors.push({ el, top: el.getBoundingClientRect().top });
      el = reaching([...(el.shadowRoot ?? el).children]);
    }
  };
  // Scrolls the deepest anchor still on the page back to where it was noted. The places noted
  // stay the aim until the next scroll, so rounding never adds up over many holds.
  const hold = () => {
    const anchor = [...anchors].reverse().find(({ el }) => el.isConnected);
    if (!anchor) return note();
    const by = anchor.el.getBoundingClientRect().top - anchor.top;
    if (Math.abs(by) >= 0.5) view.scrollBy({ top: by, behavior: 'instant' });
    noted = view.scrollY;
  };
  // Any other scroll (the reader's, a link's) notes the anchors where it landed; the page's own
  // holds and bringIntoView (less than a pixel off, once rounded) leave them as noted.
  view.addEventListener('scroll', () => Math.abs(view.scrollY - noted) >= 1 && note(), { passive: true });
  const observer = new view.ResizeObserver(() => hold());
  const watched = new Set();
  const watchLaidOut = () => {
    const all = doc.documentElement.classList.contains('laid-out');
    for (const part of parts) {
      if (watched.has(part) || (part.localName === 'section' && !all && !part.classList.contains('awake'))) continue;
      watched.add(part);
      observer.observe(part);
    }
  };
  watchLaidOut();
  new view.MutationObserver(watchLaidOut).observe(doc.documentElement, {
    attributes: true,
    attributeFilter: ['class'],
    subtree: true,
  });
  return { hold, note };
}
