// The base of every widget: one custom element rendering into its own shadow root, configured
// from attributes through a declarative option table, started when it comes near the viewport,
// started again (and only the latest start drawing) when an attribute changes, and freed (charts,
// worker) when removed. Widgets share no state with each other except through page-level caches
// of results (whole-crowd.js).
import { loadNormlab } from './normlab.js';
import { CancelError, isCancel } from './protocol.js';
import { TrainingWorker } from './training-worker.js';
import { wholeCrowd } from './whole-crowd.js';
import { widgetStyles } from './widget-styles.js';

export { esc } from './escape.js';

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
    this.starting = null; // the AbortController of the latest start
  }

  /**
   * The latest start's signal: aborted when an attribute change starts the widget again or the
   * widget is removed. Work begun by an earlier start checks it (or uses whileCurrent) to stop.
   */
  get signal() {
    this.starting ??= new AbortController();
    return this.starting.signal;
  }

  /** This widget's training worker, started on its first run and freed with the widget. */
  get worker() {
    this.trainingWorker ??= new TrainingWorker();
    return this.trainingWorker;
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
    this.stop();
    this.started = false;
  }

  attributeChangedCallback(name, before, after) {
    if (!this.started || before === after) return;
    this.stop();
    this.begin();
  }

  /**
   * Ends the current start: its pending work is cancelled, its charts and worker freed, and its
   * body replaced by a fresh one, so no listener of the old state survives into the next start.
   */
  stop() {
    this.starting?.abort();
    this.starting = null;
    for (const chart of this.charts) chart.destroy();
    this.charts.clear();
    this.chart = undefined;
    this.trainingWorker?.free();
    const fresh = document.createElement('div');
    fresh.className = 'widget';
    fresh.innerHTML = '<p class="loading" role="status">Loading the core…</p>';
    this.body.replaceWith(fresh);
    this.body = fresh;
  }

  /** Subclasses: load what they need and draw. Called when near the viewport and on attribute changes. */
  async start() {}

  /**
   * Starts the widget. requires: nothing; safe to call while an earlier start is still pending.
   * ensures: only the latest start calls start(); an earlier one stops at its next await.
   */
  async begin() {
    this.starting?.abort();
    this.starting = new AbortController();
    const signal = this.starting.signal;
    if (!this.isConnected) return;
    const name = this.localName;
    performance.mark(`${name}:start`);
    try {
      // Wait for the core, then continue in a task of this widget's own: widgets waiting on
      // the same load must not all resume inside one task.
      this.nl = await core();
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (signal.aborted || !this.isConnected) return;
      await this.start();
      if (!signal.aborted) performance.measure(`${name} drawn`, `${name}:start`);
    } catch (e) {
      if (!signal.aborted && !isCancel(e)) this.showFailure(e);
    }
  }

  /**
   * Waits for a promise on behalf of the latest start.
   * ensures: rejects with a CancelError if the widget starts again or is removed first (begin
   * then ends the earlier start quietly).
   */
  whileCurrent(promise) {
    const signal = this.signal;
    if (signal.aborted) return Promise.reject(new CancelError());
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(new CancelError());
      signal.addEventListener('abort', onAbort, { once: true });
      promise.then(
        (v) => {
          signal.removeEventListener('abort', onAbort);
          if (signal.aborted) reject(new CancelError());
          else resolve(v);
        },
        (e) => {
          signal.removeEventListener('abort', onAbort);
          reject(signal.aborted ? new CancelError() : e);
        },
      );
    });
  }

  /** Runs a job in a worker of its own, frees it, and resolves with the asked part of the result. */
  async fromWorker(job, part) {
    const worker = new TrainingWorker();
    try {
      return (await worker.run(job, { part, signal: this.signal }))[part];
    } finally {
      worker.free();
    }
  }

  /** The five whole-crowd runs, computed once per page and shared (see whole-crowd.js). */
  wholeCrowd() {
    return this.whileCurrent(wholeCrowd({ signal: this.signal }));
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

  /** Fills a named readout (readouts.js) or any element marked data-out. */
  out(name, text) {
    const el = this.$(`[data-out="${name}"]`);
    if (el) el.textContent = text;
  }

  $(selector) {
    return this.root.querySelector(selector);
  }

  $$(selector) {
    return [...this.root.querySelectorAll(selector)];
  }
}

/** Defines a custom element once. */
export function define(name, cls) {
  if (!customElements.get(name)) customElements.define(name, cls);
}
