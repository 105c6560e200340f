// What the reader-place tests run in the page (host/reader-place.js), in Chromium through
// playwright and in every engine as expression text (`(${fn})()`, tests/engines): each function
// uses nothing from outside itself.

/**
 * In the page: whether the page around the window has settled: every section within a window of
 * it laid out, every widget within 300 px of it (where widgets start) started and drawn.
 */
export function settledNearTheWindow() {
  const near = (r, margin) => r.bottom > -margin && r.top < innerHeight + margin;
  const all = document.documentElement.classList.contains('laid-out');
  const sections = [...document.querySelectorAll('main > section')];
  if (!sections.every((s) => all || s.classList.contains('awake') || !near(s.getBoundingClientRect(), innerHeight)))
    return false;
  const widgets = [...document.querySelectorAll('main *')].filter((e) => e.localName.startsWith('nl-'));
  return widgets.every((w) => (w.started && w.drawn) || !near(w.getBoundingClientRect(), 300));
}

/**
 * In the page: whether every section is as tall skipped as laid out: each holds its measured
 * height (a style the page sets), equal to its height with every section laid out. Else null.
 */
export function heightsHeld() {
  const widgets = [...document.querySelectorAll('main *')].filter((e) => e.localName.startsWith('nl-'));
  if (!widgets.every((e) => customElements.get(e.localName))) return null;
  const sections = [...document.querySelectorAll('main > section')];
  const held = sections.map((s) => parseFloat(s.style.getPropertyValue('contain-intrinsic-block-size')));
  const skipped = document.documentElement.scrollHeight;
  document.documentElement.classList.add('measuring');
  const real = sections.map((s) => s.getBoundingClientRect().height);
  const laidOut = document.documentElement.scrollHeight;
  document.documentElement.classList.remove('measuring');
  const same = sections.every((s, k) => Math.abs(held[k] - real[k]) < 0.5) && Math.abs(skipped - laidOut) < 1;
  return same ? { skipped, laidOut } : null;
}

/**
 * In the page: records in window.__tops, in every frame, where the element is once the page's own
 * work of the frame is done (a ResizeObserver made after the page's runs after its callbacks, the
 * page's scroll anchoring among them), i.e. where the frame paints it.
 */
export function watch(selector) {
  const el = document.querySelector(selector);
  const ticker = document.createElement('div');
  ticker.style.cssText = 'position: absolute; top: 0; left: 0; width: 1px; height: 1px; pointer-events: none';
  document.body.append(ticker);
  window.__tops = [];
  new ResizeObserver(() => window.__tops.push(el.getBoundingClientRect().top)).observe(ticker);
  let n = 0;
  const tick = () => {
    ticker.style.width = `${1 + (++n % 2)}px`;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}
