// The base of every widget: one custom element rendering into its own shadow root, configured
// from attributes through a declarative option table, started when it comes near the viewport,
// and freed (charts, worker) when removed. Widgets share no state with each other.
import { loadNormlab } from './normlab.js';
import { runInWorker } from './protocol.js';
import { widgetStyles } from './widget-styles.js';

let corePromise;
/** The wasm core, loaded once per page (the module is stateless; every call is a pure function). */
export function core() {
  corePromise ??= loadNormlab();
  return corePromise;
}

const parsers = {
  string: (v) => v,
  number: (v) => Number(v),
  integer: (v) => Number.parseInt(v, 10),
  boolean: (v) => v !== 'false' && v !== '0',
  list: (v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
};

export class NlWidget extends HTMLElement {
  /** [{name, type: 'string' | 'number' | 'integer' | 'boolean' | 'list', default, choices?, doc}] */
  static options = [];
  static title = '';

  static get observedAttributes() {
    return this.options.map((o) => o.name);
  }

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.charts = new Set();
    this.started = false;
  }

  /** The options, read from attributes (falling back to the table's defaults). */
  get config() {
    const out = {};
    for (const o of this.constructor.options) {
      const raw = this.getAttribute(o.name);
      let value = raw === null ? o.default : parsers[o.type](raw);
      if (o.choices && !o.choices.includes(value)) value = o.default;
      if ((o.type === 'number' || o.type === 'integer') && !Number.isFinite(value)) value = o.default;
      out[o.name] = value;
    }
    return out;
  }

  connectedCallback() {
    if (!this.root.hasChildNodes()) {
      const style = document.createElement('style');
      style.textContent = widgetStyles;
      this.body = document.createElement('div');
      this.body.className = 'widget';
      this.body.innerHTML = '<p class="loading" role="status">Loading the core…</p>';
      this.root.append(style, this.body);
    }
    this.observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((e) => e.isIntersecting);
        if (visible && !this.started) {
          this.started = true;
          // Each widget starts in a task of its own, so widgets appearing together never add up
          // to one long main-thread task.
          setTimeout(() => this.begin(), 0);
        }
      },
      { rootMargin: '300px 0px' },
    );
    this.observer.observe(this);
    this.schemeQuery = matchMedia('(prefers-color-scheme: dark)');
    this.onScheme = () => this.recolour();
    this.schemeQuery.addEventListener('change', this.onScheme);
  }

  disconnectedCallback() {
    this.observer?.disconnect();
    this.schemeQuery?.removeEventListener('change', this.onScheme);
    for (const chart of this.charts) chart.destroy();
    this.charts.clear();
    this.worker?.terminate();
    this.worker = undefined;
    this.started = false;
  }

  attributeChangedCallback() {
    if (!this.started) return;
    // Start again from a fresh body, so no listener or chart of the old state survives.
    for (const chart of this.charts) chart.destroy();
    this.charts.clear();
    this.chart = undefined;
    this.worker?.terminate();
    this.worker = undefined;
    const fresh = document.createElement('div');
    fresh.className = 'widget';
    this.body.replaceWith(fresh);
    this.body = fresh;
    this.begin();
  }

  /** Subclasses: load what they need and draw. Called once when near the viewport. */
  async start() {}

  async begin() {
    if (!this.isConnected) return;
    const name = this.localName;
    performance.mark(`${name}:start`);
    try {
      // Wait for the core, then continue in a task of this widget's own: widgets waiting on
      // the same load must not all resume inside one task.
      await core();
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!this.isConnected) return;
      await this.start();
      performance.measure(`${name} drawn`, `${name}:start`);
    } catch (e) {
      this.showFailure(e);
    }
  }

  /** Runs a job in this widget's worker, frees the worker, and resolves with the asked part of the result. */
  async fromWorker(job, part) {
    try {
      return (await runInWorker(this, job, () => {}, part).promise)[part];
    } finally {
      this.worker?.terminate();
      this.worker = undefined;
    }
  }

  /** Keeps a chart so it is freed with the widget. */
  own(chart) {
    this.charts.add(chart);
    return chart;
  }

  disown(chart) {
    if (!chart) return;
    chart.destroy();
    this.charts.delete(chart);
  }

  /** Redraws charts in the current colour scheme. */
  recolour() {
    for (const chart of this.charts) chart.$recolour?.();
  }

  showFailure(e) {
    const p = document.createElement('p');
    p.className = 'error';
    p.setAttribute('role', 'alert');
    p.textContent = `${e.name ?? 'Error'}: ${e.message}`;
    this.body.replaceChildren(p);
    console.error(e);
  }

  /** Builds DOM from an HTML string inside the shadow root's body. */
  render(html) {
    this.body.innerHTML = html;
  }

  $(selector) {
    return this.root.querySelector(selector);
  }

  $$(selector) {
    return [...this.root.querySelectorAll(selector)];
  }
}

/** Escapes text for HTML. */
export function esc(s) {
  return String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

/** Defines a custom element once. */
export function define(name, cls) {
  if (!customElements.get(name)) customElements.define(name, cls);
}
