// The base of every widget: one custom element rendering into its own shadow root, configured
// from attributes through a declarative option table, started when it comes near the viewport,
// started again (and only the latest start drawing) when an attribute changes, and freed (charts,
// worker) when removed. Page-wide services are modules it calls: the core (host/core.js), the
// URL hash (host/hash.js) and captions (host/captions.js).
import { captionOf, uncaption } from '../host/captions.js';
import { core } from '../host/core.js';
import { follow, landOnLinkedWidget, linkTo, stateChanged, stateInHash, unfollow } from '../host/hash.js';
import { isCancel, untilAborted } from '../work/protocol.js';
import { TrainingWorker } from '../work/training-worker.js';
import { THEME, commonAttributes, readOption, written } from './attributes.js';
import { ChartSet } from './chart-set.js';
import { exportWidget } from './export.js';
import { whenSectionAwake } from '../host/section-waking.js';
import { focusFirstControl, holdFocus } from './focus.js';
import { inert, showInert } from '../host/inert.js';
import { CAPTION_CHARS } from '../host/limits.js';
import { buildFrame, failureNodes, freshBody, showNotices } from './frame.js';
import { setHtml } from '../host/trusted-types.js';
import { boundedState, liveOptions, propertyOf, readOptions, shownValue, stateTexts, textsWith } from './state.js';

export { esc } from './escape.js';

/**
 * The platform's HTMLElement, or where there is none (Node, rendering a page on a server) a plain
 * class, so that importing a widget there throws nothing and defines nothing.
 */
const ElementBase = globalThis.HTMLElement ?? class {};

export class NlWidget extends ElementBase {
  /**
   * [{name, type: 'string' | 'number' | 'integer' | 'boolean' | 'list' | 'block', default, choices?,
   * min?, max?, doc, field? | live? (see live), maxInState? (the most characters a link holds,
   * see boundedState), maxChars? (see charsAllowed)}]
   */
  static options = [];
  static title = '';
  /** CSS texts the widget adds to the shared widget styles (adopted as sheets, see sheets.js). */
  static styles = [];
  /** The core module whose functions the widget calls (core-module.js). */
  static coreModule = 'core';

  static get observedAttributes() {
    return [...this.options.map((o) => o.name), ...commonAttributes.map((a) => a.name)];
  }

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.charts = new ChartSet(this);
    this.slices = null; // settles once every slice asked for so far has run (see inOwnTask)
    this.started = false;
    this.starting = null; // the AbortController of the latest start
    this.stated = null; // {texts, problems}: option texts set through state, over the attributes
    // The options' values as the widget's own controls set them, by property name (see heldValue);
    // the element's properties of those names are the host's (see defineProperties).
    this.held = {};
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
    return readOptions(this);
  }

  /**
   * The options as the reader has set them through the widget's controls: each option's live
   * value is the table's `live(widget)`, or the widget's property named by its `field` (by
   * default the option's name in camelCase), when that is an allowed value; else the configured one.
   */
  get live() {
    return this.drawn ? liveOptions(this, this.config) : this.config;
  }

  /**
   * The widget's state as a link carries it: {state, leftOut} (see boundedState): its options, as
   * the reader sees them, where they differ from the defaults and as the widget reads them back
   * from a link; a sentence for each option left out.
   */
  get linked() {
    const refused = [];
    const values = this.drawn ? liveOptions(this, this.config, refused) : this.config;
    const { state, leftOut } = boundedState(this.constructor.options, values, (s) => this.readFrom(s));
    return { state, leftOut: [...refused, ...leftOut] };
  }

  /** The options this widget would read from a state string over its own attributes ({values, problems}). */
  readFrom(state) {
    const stated = stateTexts(this.constructor.options, state);
    const widget = this;
    // A stand-in that differs from the widget only in its state, so that a widget's own
    // readOptions (its checks of shapes and of the core's refusals) runs as on a link.
    const standIn = Object.create(this, {
      stated: { value: stated },
      getAttribute: { value: (name) => widget.getAttribute(name) },
    });
    return standIn.readOptions();
  }

  /** The widget's state string: its options, as the reader sees them, where they differ from the defaults. */
  get state() {
    return this.linked.state;
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
    this.stated = textsWith(this.constructor.options, this.stated, values);
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
    let state;
    try {
      state = this.state;
    } catch (e) {
      // A widget whose options cannot be read announces nothing, and breaks no other widget.
      console.error(e);
      return;
    }
    this.announced = state;
    stateChanged(this);
    this.dispatchEvent(new CustomEvent(type, { detail: { ...detail, state }, bubbles: true, composed: true }));
  }

  /** The name of this widget in a link's hash: its id, or its tag without "nl-". */
  get linkId() {
    return this.id || this.localName.replace(/^nl-/, '');
  }

  /** A sentence for each option the state string leaves out (see boundedState). */
  get leftOutOfLink() {
    return this.linked.leftOut;
  }

  /** A link to this page showing this widget in its present state. */
  get link() {
    return linkTo(this, this.state);
  }

  /** Downloads what the widget shows: 'png', 'csv' or 'json' (see export.js). */
  export(as) {
    return exportWidget(this, as);
  }

  restart() {
    if (!this.started) return;
    this.stop();
    this.begin();
  }

  showNotices(problems) {
    if (this.notices) showNotices(this.notices, problems);
  }

  /** Shows the caption (a host's attribute: made inert, at most CAPTION_CHARS characters; see inert.js). */
  showCaption() {
    const text = captionOf(this);
    this.captionLine.hidden = !text;
    showInert(this.captionLine, text ? inert(text, { most: CAPTION_CHARS }) : '');
  }

  /** The theme: light, dark or auto (its attribute's, checked). Set, it writes the attribute. */
  get theme() {
    return readOption(THEME, this.getAttribute('theme')).value;
  }

  set theme(value) {
    this.reflect('theme', value);
  }

  /** The caption attribute (null when absent: the title, when embedded). Set, it writes the attribute. */
  get caption() {
    return this.getAttribute('caption');
  }

  set caption(value) {
    this.reflect('caption', value);
  }

  /** Writes an attribute from a property (null or undefined removes it); the widget redraws as for the attribute. */
  reflect(name, text) {
    if (text === null || text === undefined) this.removeAttribute(name);
    else this.setAttribute(name, String(text));
  }

  connectedCallback() {
    if (!this.root.hasChildNodes()) {
      const { caption, notices, body } = buildFrame(this);
      Object.assign(this, { captionLine: caption, notices, body });
      const fromHash = stateInHash(this);
      const attribute = this.getAttribute('state');
      if (attribute !== null) this.stated = stateTexts(this.constructor.options, attribute);
      else if (fromHash !== undefined) this.stated = stateTexts(this.constructor.options, fromHash, 'link');
      if (fromHash !== undefined) landOnLinkedWidget(this);
    }
    follow(this);
    this.showCaption();
    const startOnce = () => {
      if (this.started) return;
      this.started = true;
      // Each widget starts in a task of its own, so widgets appearing together never add up to
      // one long main-thread task, and in a page section that is painted (section-waking.js).
      whenSectionAwake(this, () => this.begin());
    };
    // Where there is no IntersectionObserver or matchMedia (jsdom, in an author's unit tests) the
    // widget starts at once and keeps its colours.
    if (typeof IntersectionObserver === 'function') {
      this.observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && startOnce(), {
        rootMargin: '300px 0px',
      });
      this.observer.observe(this);
    } else startOnce();
    this.schemeQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;
    this.onScheme = () => this.recolour();
    this.schemeQuery?.addEventListener('change', this.onScheme);
  }

  disconnectedCallback() {
    unfollow(this);
    uncaption(this);
    this.observer?.disconnect();
    this.schemeQuery?.removeEventListener('change', this.onScheme);
    this.stop();
    this.started = false;
  }

  attributeChangedCallback(name, before, after) {
    if (before === after || !this.captionLine) return;
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
    this.charts.clear();
    this.slices = null;
    this.trainingWorker?.free();
    const fresh = freshBody();
    const hadFocus = this.body.contains(this.root.activeElement);
    this.body.replaceWith(fresh);
    this.body = fresh;
    if (hadFocus) holdFocus(this);
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
    return untilAborted(promise, this.signal);
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

  /** Shows series in the line chart kept as this[name] (see chart-set.js). */
  lines(name, canvas, series, options = {}) {
    return this.charts.lines(name, canvas, series, options);
  }

  /** Calls fn with the chart lines() keeps under name: now when it is made, else once it is. */
  withLines(name, fn) {
    this.charts.withLines(name, fn);
  }

  /** Redraws charts in the current colour scheme. */
  recolour() {
    this.charts.recolour();
  }

  showFailure(e) {
    this.body.replaceChildren(...failureNodes(e));
  }

  /**
   * Builds DOM from an HTML string inside the shadow root's body. Focus on the first body's loading
   * line (a reader tabbed to the widget before it was built) moves to its first control.
   */
  render(html) {
    const hadFocus = this.body.contains(this.root.activeElement);
    const tabbedIn = this.root.activeElement?.matches('.loading[tabindex="0"]') ?? false;
    setHtml(this.body, html);
    if (tabbedIn) focusFirstControl(this);
    else if (hadFocus) holdFocus(this);
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

const withProperties = new WeakSet();

/**
 * Gives each option of a widget's table a property of its name in camelCase (`learning-rate`:
 * `learningRate`), as the platform's elements have for their attributes: it reads the value the
 * widget shows (the reader's change, else the configured one), and set, it writes the attribute
 * (null or undefined removes it), so that the widget draws again from it. A framework setting
 * properties (React 19 does, on a defined element) gets the widget an author gets from attributes.
 */
function defineProperties(cls) {
  if (withProperties.has(cls)) return;
  withProperties.add(cls);
  for (const o of cls.options)
    Object.defineProperty(cls.prototype, propertyOf(o), {
      configurable: true,
      get() {
        return shownValue(this, o);
      },
      set(value) {
        this.reflect(o.name, value === null || value === undefined ? value : written(o, value));
      },
    });
}

/** Defines a custom element once, where there are custom elements (not on a server). */
export function define(name, cls) {
  defineProperties(cls);
  const registry = globalThis.customElements;
  if (registry && !registry.get(name)) registry.define(name, cls);
}
