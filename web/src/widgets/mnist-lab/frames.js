// The MNIST lab's drawing while the workers train: figures are kept as they arrive and drawn in
// animation frames: the quick parts (the table, the status) in every frame that has them to
// draw, and at most one chart a frame, each chart at most every CHART_INTERVAL_MS; nothing is
// drawn while the watched parts are off screen or the tab hidden, and everything due is drawn
// on return.
const CHART_INTERVAL_MS = 250;

export class Frames {
  /**
   * host: the element drawn in (nothing is drawn once it has left the page);
   * quick: {name: draw()} drawn in the next frame; charts: {name: draw()} at most one a frame,
   * each at most every CHART_INTERVAL_MS (a chart's draw may be missing while it is not made).
   */
  constructor({ host, quick, charts }) {
    this.host = host;
    this.quick = quick;
    this.charts = charts;
    this.dirty = new Set();
    this.drawnAt = Object.fromEntries(Object.keys(charts).map((k) => [k, -Infinity]));
    this.onScreen = false;
    this.request = 0;
    this.timer = 0;
  }

  /** Draws only while one of elements is on screen and the tab shown; draws once on return. */
  watch(elements) {
    const seen = new Map();
    if (typeof IntersectionObserver === 'function') {
      this.sight = new IntersectionObserver((entries) => {
        for (const e of entries) seen.set(e.target, e.isIntersecting);
        this.onScreen = [...seen.values()].some(Boolean);
        this.schedule();
      });
      for (const el of elements) this.sight.observe(el);
    } else this.onScreen = true; // none to ask (jsdom): drawn as if on screen
    this.onVisibility = () => this.schedule();
    document.addEventListener('visibilitychange', this.onVisibility);
  }

  get showing() {
    return this.onScreen && !document.hidden;
  }

  /** Notes what changed and asks for a frame to draw it in (none while not shown). */
  schedule(what) {
    if (what) this.dirty.add(what);
    if (!this.dirty.size || !this.showing || this.request || this.timer) return;
    this.request = requestAnimationFrame(() => this.frame());
  }

  /** Forgets that `what` is due (it was drawn some other way). */
  drop(what) {
    this.dirty.delete(what);
  }

  /** One frame: the quick parts that changed, and at most one chart that is due. */
  frame() {
    this.request = 0;
    if (!this.showing || !this.host.isConnected) return;
    for (const [name, draw] of Object.entries(this.quick)) if (this.dirty.delete(name)) draw();
    const now = performance.now();
    const due = Object.keys(this.charts).filter((k) => this.dirty.has(k) && this.charts[k]());
    const ready = due.filter((k) => now - this.drawnAt[k] >= CHART_INTERVAL_MS);
    if (ready.length) {
      const kind = ready.sort((a, b) => this.drawnAt[a] - this.drawnAt[b])[0];
      this.dirty.delete(kind);
      this.drawnAt[kind] = now;
      this.charts[kind]().update('none');
    }
    if (!this.dirty.size) return;
    const waits = Object.keys(this.charts)
      .filter((k) => this.dirty.has(k))
      .map((k) => this.drawnAt[k] + CHART_INTERVAL_MS - now);
    const wait = Math.max(0, Math.min(...waits));
    if (wait > 0 && !Object.keys(this.quick).some((k) => this.dirty.has(k)))
      this.timer = setTimeout(() => {
        this.timer = 0;
        this.schedule();
      }, wait);
    else this.schedule();
  }

  stop() {
    cancelAnimationFrame(this.request);
    clearTimeout(this.timer);
    this.request = 0;
    this.timer = 0;
    this.sight?.disconnect();
    if (this.onVisibility) document.removeEventListener('visibilitychange', this.onVisibility);
  }
}
