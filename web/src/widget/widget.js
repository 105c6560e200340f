// The base of every widget: one custom element rendering into its own shadow root, configured
// from attributes through a declarative option table, started when it comes near the viewport,
// started again (and only the latest start drawing) when an attribute changes, and freed (charts,
// worker) when removed. Widgets share no state with each other except through page-level caches
// of results (whole-crowd.js).
import { readOption, written } from './attributes.js';
import { chartPng, download, numbersCsv, seriesOf, tablesOf, tablesPng } from './export.js';
import { loadNormlab } from '../normlab.js';
import { CancelError, isCancel } from '../work/protocol.js';
import { TrainingWorker } from '../work/training-worker.js';
import { WasmUnavailableError, wasmProblem } from '../page/wasm-support.js';
import { hashAnchor, hashOf, hashStates, leftOutOfState, stateString, stateTexts } from './state.js';
import { wholeCrowd } from '../work/whole-crowd.js';
import { whenSectionAwake } from '../page/section-waking.js';
import { widgetStyles } from './styles.js';

export { esc } from './escape.js';

const corePromises = new Map(); // core module name -> promise of its API

/**
 * A core module's API ('core' by default; see core-module.js), loaded once per page (the module
 * is stateless; every call is a pure function).
 * ensures: rejects with a WasmUnavailableError, whose message is one plain sentence, when this
 * page cannot run WebAssembly or the module cannot be fetched.
 */
export function core(module = 'core') {
  let loading = corePromises.get(module);
  if (!loading) {
    loading = (async () => {
      const problem = wasmProblem();
      if (problem) throw new WasmUnavailableError(problem);
      try {
        return await loadNormlab({ module });
      } catch (e) {
        console.error(e);
        throw new WasmUnavailableError(
          "This widget's WebAssembly core (the .wasm file beside its script) could not be loaded: the host must allow fetching it (connect-src) and serve it as application/wasm.",
        );
      }
    })();
    corePromises.set(module, loading);
  }
  return loading;
}

// The theme attribute, checked as an option is; the colours themselves are CSS (styles.js).
const THEME = { name: 'theme', type: 'string', default: 'auto', choices: ['auto', 'light', 'dark'] };

/** Attributes every widget takes besides its own options (see the embedding guide). */
export const commonAttributes = [
  { name: 'theme', doc: "light, dark or auto (the reader's system setting; the default)" },
  { name: 'caption', doc: 'a line shown above the widget (embedded: the widget\'s title unless given; "" for none)' },
  { name: 'state', doc: 'a state string, as Copy link puts in a URL and element.state gives' },
];

/** The ::part() names every widget exposes for host styling. */
export const parts = {
  root: "the widget's frame: everything inside its shadow root",
  caption: 'the caption line above the widget',
  notices: 'notices about attributes that were not allowed',
  body: "the widget's own figures and controls",
  tools: 'the Copy link, Reset and Export bar',
  export: 'the Export menu (a details element)',
  button: 'the buttons of the tools bar',
};

// Whether a widget without a caption attribute shows its title as its caption (see showTitles).
let titlesAsCaptions = false;

/**
 * Makes widgets without a caption attribute show their title above them, as embedded widgets do
 * (normlab's own pages introduce each widget in their prose instead). caption="" shows none.
 */
export function showTitles() {
  titlesAsCaptions = true;
  for (const w of followers) w.showCaption();
}

// Whether changes write each widget's state into the page's URL hash (see followHash).
let hashFollowed = false;
const followers = new Set();

/**
 * Makes every widget on this page write its state into the URL hash as it changes
 * ("#<id>=<state>&..."), so the address bar always links to what the reader sees. Widgets read
 * their state from the hash on any page; only a page that calls this writes it.
 */
export function followHash() {
  hashFollowed = true;
}

function writeHash() {
  const states = hashStates(location.hash);
  for (const w of followers) states.set(w.linkId, w.state);
  // A plain anchor (#section) in the hash stays first, so the page still scrolls to it.
  const next = hashOf(states, hashAnchor(location.hash));
  if (next !== location.hash) history.replaceState(null, '', `${location.pathname}${location.search}${next}`);
}

let landed = false; // whether a link has already brought a widget into view on this page

/**
 * A link whose hash names widget states but no section (#two-numbers=kind:rms) lands on the first
 * widget it names, once per page: brought into view now and again as the page above it settles,
 * until the reader scrolls, types or points. A hash with a section anchor lands there instead.
 */
function landOnLinkedWidget(widget) {
  if (landed || hashAnchor(location.hash) !== '') return;
  const [first] = hashStates(location.hash).keys();
  if (first !== widget.linkId) return;
  landed = true;
  const land = () => widget.isConnected && widget.scrollIntoView({ block: 'start' });
  requestAnimationFrame(land);
  const timers = [150, 500, 1000, 2000, 3000].map((ms) => setTimeout(land, ms));
  const stop = () => timers.forEach(clearTimeout);
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
    addEventListener(type, stop, { once: true, passive: true });
}

export class NlWidget extends HTMLElement {
  /**
   * [{name, type: 'string' | 'number' | 'integer' | 'boolean' | 'list' | 'block', default, choices?,
   * min?, max?, doc, field? | live? (see live), maxInState? (see leftOutOfState)}]
   */
  static options = [];
  static title = '';
  /** The core module whose functions the widget calls (core-module.js). */
  static coreModule = 'core';

  static get observedAttributes() {
    return [...this.options.map((o) => o.name), ...commonAttributes.map((a) => a.name)];
  }

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.charts = new Set();
    this.lineCharts = new Map(); // name -> the chart lines() made for this start
    this.linesDue = new Map(); // name -> {canvas, series, options}: charts not made yet (see lines)
    this.slices = null; // settles once every slice asked for so far has run (see inOwnTask)
    this.started = false;
    this.starting = null; // the AbortController of the latest start
    this.stated = null; // {texts, problems}: option texts set through state, over the attributes
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

  /**
   * The options: the state's texts over the attributes over the table's defaults, each checked
   * against the table. ensures: every value allowed; each text that was not is named in a
   * visible notice and replaced by the default.
   */
  get config() {
    const { values, problems } = this.readOptions();
    this.showNotices(problems);
    return values;
  }

  /** The options and the sentences for every text not allowed (the theme's included). */
  readOptions() {
    const values = {};
    const problems = [...(this.stated?.problems ?? [])];
    const theme = readOption(THEME, this.getAttribute('theme'));
    if (theme.problem) problems.push(theme.problem);
    for (const o of this.constructor.options) {
      const fromState = this.stated && o.name in this.stated.texts;
      const raw = fromState ? this.stated.texts[o.name] : this.getAttribute(o.name);
      const { value, problem } = readOption(o, raw);
      values[o.name] = value;
      if (problem) problems.push(fromState ? `In the state, ${problem}` : problem);
    }
    return { values, problems };
  }

  /**
   * The options as the reader has set them through the widget's controls: each option's live
   * value is the table's `live(widget)`, or the widget's property named by its `field` (by
   * default the option's name in camelCase), when that is an allowed value; else the configured one.
   */
  get live() {
    const values = this.config;
    if (!this.drawn) return values;
    for (const o of this.constructor.options) {
      const field = o.field ?? o.name.replace(/-(\w)/g, (_, c) => c.toUpperCase());
      const held = o.live ? o.live(this) : this[field];
      if (held === undefined || held === null || typeof held === 'function') continue;
      const { value, problem } = readOption(o, written(o, held));
      if (!problem) values[o.name] = value;
    }
    return values;
  }

  /** The widget's state string: its options, as the reader sees them, where they differ from the defaults. */
  get state() {
    return stateString(this.constructor.options, this.live);
  }

  /** Sets the state (a state string); the widget starts again from it. */
  set state(text) {
    this.stated = stateTexts(this.constructor.options, text ?? '');
    this.restart();
    this.announce('nl-change');
  }

  /** Back to the attributes' options (and so their seed), dropping every change made since. */
  reset() {
    this.stated = null;
    this.restart();
    this.announce('nl-change');
  }

  /**
   * For subclasses: the reader changed options through the widget's own controls.
   * requires: values maps option names of the table to allowed values.
   * ensures: the state (and the URL hash, on a page that follows it) holds them; nl-change fires.
   */
  changed(values) {
    const texts = { ...this.stated?.texts };
    for (const o of this.constructor.options)
      if (o.name in values)
        texts[o.name] = Array.isArray(values[o.name]) ? values[o.name].join(',') : String(values[o.name]);
    this.stated = { texts, problems: [] };
    this.announce('nl-change');
  }

  /**
   * For subclasses: a long computation (training) finished; nl-done fires with the state and
   * the given fields in its detail.
   */
  done(detail = {}) {
    this.announce('nl-done', detail);
  }

  /** Announces nl-change when the state differs from the last one announced. */
  noticeChange() {
    if (this.state !== this.announced) this.announce('nl-change');
  }

  announce(type, detail = {}) {
    const state = this.state;
    this.announced = state;
    if (hashFollowed && this.isConnected) writeHash();
    this.dispatchEvent(new CustomEvent(type, { detail: { ...detail, state }, bubbles: true, composed: true }));
  }

  /** The name of this widget in a link's hash: its id, or its tag without "nl-". */
  get linkId() {
    return this.id || this.localName.replace(/^nl-/, '');
  }

  /** A sentence for each option the state string leaves out for its length (see leftOutOfState). */
  get leftOutOfLink() {
    const values = this.live;
    return this.constructor.options
      .filter((o) => leftOutOfState(o, values[o.name]))
      .map(
        (o) =>
          `The link leaves out the ${o.name}: its ${written(o, values[o.name]).length} characters are more than the ${o.maxInState} a link holds.`,
      );
  }

  /** A link to this page showing this widget in its present state. */
  get link() {
    const states = new Map([[this.linkId, this.state]]);
    return `${location.origin}${location.pathname}${location.search}${hashOf(states)}`;
  }

  /**
   * Downloads what the widget shows: 'png' (its chart at 2×, or its tables when it has no chart),
   * 'csv' (the numbers of its tables and charts) or 'json' (its state, link and those numbers).
   * Files are named normlab-<id>-chart.png (or -table.png), -numbers.csv, -state.json.
   */
  async export(as) {
    const name = `normlab-${this.linkId}`;
    const tables = tablesOf(this.body);
    const series = seriesOf(this.charts);
    if (as === 'png') {
      if (this.charts.size > 0) download(await chartPng(this.charts), `${name}-chart.png`);
      else {
        const style = getComputedStyle(this.body);
        const look = {
          font: `${style.fontSize} ${style.fontFamily}`,
          color: style.color,
          background: style.backgroundColor,
        };
        const png = await tablesPng(tables, look);
        if (png) download(png, `${name}-table.png`);
      }
    } else if (as === 'csv') {
      download(new Blob([numbersCsv(tables, series)], { type: 'text/csv' }), `${name}-numbers.csv`);
    } else if (as === 'json') {
      const data = { widget: this.localName, state: this.state, link: this.link, tables, series };
      download(new Blob([JSON.stringify(data, null, 1)], { type: 'application/json' }), `${name}-state.json`);
    }
  }

  restart() {
    if (!this.started) return;
    this.stop();
    this.begin();
  }

  showNotices(problems) {
    if (!this.notices) return;
    const shown = [...this.notices.children].map((p) => p.textContent);
    if (shown.length === problems.length && shown.every((t, k) => t === problems[k])) return;
    this.notices.replaceChildren(
      ...problems.map((text) => {
        const p = document.createElement('p');
        p.className = 'notice';
        p.textContent = text;
        return p;
      }),
    );
  }

  showCaption() {
    const text = this.getAttribute('caption') ?? (titlesAsCaptions ? this.constructor.title : null);
    this.caption.hidden = !text;
    this.caption.textContent = text ?? '';
  }

  /** The shadow root's frame, made once: caption, notices, the body start() fills, and the tools. */
  frame() {
    const style = document.createElement('style');
    style.textContent = widgetStyles;
    const root = document.createElement('div');
    root.className = 'nl-root';
    root.setAttribute('part', 'root');
    root.innerHTML = `<p part="caption" hidden></p>
      <div class="notices" part="notices" role="status" aria-live="polite"></div>
      <div class="widget" part="body"><p class="loading" role="status">Loading the core…</p></div>
      <div class="tools" part="tools">
        <button type="button" data-tool="copy-link" part="button">Copy link</button>
        <button type="button" data-tool="reset" part="button">Reset</button>
        <details data-export part="export"><summary part="button">Export</summary>
          <button type="button" data-export-as="png" part="button">Chart as PNG (2×)</button>
          <button type="button" data-export-as="csv" part="button">Numbers as CSV</button>
          <button type="button" data-export-as="json" part="button">State and numbers as JSON</button>
        </details>
        <span data-tool-status role="status" aria-live="polite"></span>
        <input type="text" readonly data-link hidden aria-label="link to this widget's state">
      </div>`;
    this.root.append(style, root);
    // Whatever the reader does inside the body, a changed state is announced once it has applied.
    // (The path is the one at dispatch: a handler may have replaced the element by then.)
    for (const type of ['click', 'change', 'input', 'keyup'])
      root.addEventListener(type, (e) => {
        if (e.composedPath().some((n) => n.getAttribute?.('part') === 'body')) setTimeout(() => this.noticeChange(), 0);
      });
    this.caption = root.querySelector('[part="caption"]');
    this.notices = root.querySelector('.notices');
    this.body = root.querySelector('.widget');
    const status = root.querySelector('[data-tool-status]');
    const linkBox = root.querySelector('[data-link]');
    root.querySelector('[data-tool="copy-link"]').addEventListener('click', async () => {
      linkBox.value = this.link;
      const notes = this.leftOutOfLink.map((n) => ` ${n}`).join('');
      try {
        await navigator.clipboard.writeText(linkBox.value);
        linkBox.hidden = true;
        status.textContent = `Link copied.${notes}`;
      } catch {
        linkBox.hidden = false;
        linkBox.select();
        status.textContent = `Copy this link:${notes}`;
      }
    });
    root.querySelector('[data-export]').addEventListener('click', (e) => {
      const as = e.target.closest('[data-export-as]')?.dataset.exportAs;
      if (as) this.export(as).catch((error) => (status.textContent = `The export failed: ${error.message}`));
    });
    // Escape closes the Export menu and hands focus back to its summary.
    root.querySelector('[data-export]').addEventListener('keydown', (e) => {
      const menu = e.currentTarget;
      if (e.key !== 'Escape' || !menu.open) return;
      e.preventDefault();
      menu.open = false;
      menu.querySelector('summary').focus();
    });
    root.querySelector('[data-export]').addEventListener('toggle', () => {
      const png = root.querySelector('[data-export-as="png"]');
      png.textContent = this.charts.size > 0 ? 'Chart as PNG (2×)' : 'Table as PNG (2×)';
      png.hidden = this.charts.size === 0 && !this.body.querySelector('table');
    });
    root.querySelector('[data-tool="reset"]').addEventListener('click', () => {
      status.textContent = '';
      this.reset();
    });
  }

  connectedCallback() {
    if (!this.root.hasChildNodes()) {
      this.frame();
      const fromHash = hashStates(location.hash).get(this.linkId);
      const attribute = this.getAttribute('state');
      if (attribute !== null) this.stated = stateTexts(this.constructor.options, attribute);
      else if (fromHash !== undefined) this.stated = stateTexts(this.constructor.options, fromHash);
      if (fromHash !== undefined) landOnLinkedWidget(this);
    }
    this.showCaption();
    followers.add(this);
    this.observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.some((e) => e.isIntersecting);
        if (visible && !this.started) {
          this.started = true;
          // Each widget starts in a task of its own, so widgets appearing together never add up
          // to one long main-thread task, and in a page section that is painted (section-waking.js).
          whenSectionAwake(this, () => this.begin());
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
    followers.delete(this);
    this.observer?.disconnect();
    this.schemeQuery?.removeEventListener('change', this.onScheme);
    this.stop();
    this.started = false;
  }

  attributeChangedCallback(name, before, after) {
    if (before === after || !this.caption) return;
    if (name === 'theme') {
      this.showNotices(this.readOptions().problems);
      this.recolour();
    } else if (name === 'caption') this.showCaption();
    else if (name === 'state') this.state = after;
    else {
      // The host's new value wins over the reader's change of the same option.
      if (this.stated) delete this.stated.texts[name];
      this.restart();
    }
  }

  /**
   * Ends the current start: its pending work is cancelled, its charts and worker freed, and its
   * body replaced by a fresh one, so no listener of the old state survives into the next start.
   */
  stop() {
    this.drawn = false;
    this.starting?.abort();
    this.starting = null;
    for (const chart of this.charts) chart.destroy();
    this.charts.clear();
    this.lineCharts.clear();
    this.linesDue.clear();
    this.slices = null;
    this.chart = undefined;
    this.trainingWorker?.free();
    const fresh = document.createElement('div');
    fresh.className = 'widget';
    fresh.setAttribute('part', 'body');
    fresh.innerHTML = '<p class="loading" role="status">Loading the core…</p>';
    const hadFocus = this.body.contains(this.root.activeElement);
    this.body.replaceWith(fresh);
    this.body = fresh;
    if (hadFocus) this.holdFocus();
  }

  /**
   * Focus that was on a control the body no longer has stays in the widget, on its status line or
   * its body, until the widget puts it back on a control (it would fall to the page otherwise).
   * Checked once the code that rebuilt the body has run, which may have put focus back itself.
   */
  holdFocus() {
    queueMicrotask(() => {
      if (this.root.activeElement || !this.isConnected) return;
      const holder = this.body.querySelector('.loading[role="status"]') ?? this.body;
      holder.tabIndex = -1;
      holder.focus({ preventScroll: true });
    });
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
      this.nl = await core(this.constructor.coreModule);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (signal.aborted || !this.isConnected) return;
      await this.start();
      // A slice may ask for another: the start ends once none is left.
      for (let waited; !signal.aborted && this.slices !== waited;) {
        waited = this.slices;
        await waited;
      }
      if (!signal.aborted) {
        this.drawn = true;
        performance.measure(`${name} drawn`, `${name}:start`);
        this.announce('nl-done');
      }
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

  /**
   * Runs fn in a task of its own, after the tasks asked for before it: a widget's first draw in
   * slices, so that its figures, its charts and the layout they cause never hold the main thread
   * all in one task. ensures: fn is skipped when the widget starts again first; the widget counts
   * as drawn once every slice its start asked for has run.
   */
  inOwnTask(fn) {
    const signal = this.signal;
    this.slices = (this.slices ?? Promise.resolve()).then(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (!signal.aborted) await fn();
    });
    return this.slices;
  }

  /**
   * Shows series in the line chart (charts.js lineChart) this widget keeps as this[name]. The
   * first call makes it in a task of its own (inOwnTask); until then further calls only replace
   * the series and options it will be made with. Later calls give the chart their series.
   */
  lines(name, canvas, series, options = {}) {
    const made = this.lineCharts.get(name);
    if (made) {
      made.$setSeries(series, options);
      return;
    }
    const due = this.linesDue.get(name);
    if (due) {
      Object.assign(due, { canvas, series, options });
      return;
    }
    const entry = { canvas, series, options };
    this.linesDue.set(name, entry);
    this.inOwnTask(async () => {
      // Chart.js is loaded only by widgets that draw charts.
      const { lineChart } = await import('./charts.js');
      if (this.linesDue.get(name) !== entry) return;
      this.linesDue.delete(name);
      this[name] = this.own(lineChart(this, entry.canvas, entry.series, entry.options));
      this.lineCharts.set(name, this[name]);
    });
  }

  /** Calls fn with the chart lines() keeps under name: now when it is made, else once it is. */
  withLines(name, fn) {
    const made = this.lineCharts.get(name);
    if (made) fn(made);
    else if (this.linesDue.has(name)) this.inOwnTask(() => this.withLines(name, fn));
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

  /** Redraws charts in the current colour scheme (after the style change has applied). */
  recolour() {
    requestAnimationFrame(() => {
      for (const chart of this.charts) chart.$recolour?.();
    });
  }

  showFailure(e) {
    const p = document.createElement('p');
    p.className = 'error';
    p.setAttribute('role', 'alert');
    const plain = e instanceof WasmUnavailableError;
    p.textContent = plain ? e.message : `${e.name ?? 'Error'}: ${e.message}`;
    // The host's own content of the element (its static fallback) shows under the sentence.
    this.body.replaceChildren(p, ...(plain ? [document.createElement('slot')] : []));
    if (!plain) console.error(e);
  }

  /** Builds DOM from an HTML string inside the shadow root's body. */
  render(html) {
    const hadFocus = this.body.contains(this.root.activeElement);
    this.body.innerHTML = html;
    if (hadFocus) this.holdFocus();
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
