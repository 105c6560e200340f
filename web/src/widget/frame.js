// A widget's shadow root frame, made once through the DOM: its styles (adopted sheets, see
// sheets.js), caption, notices, the body its start() fills, and the tools bar (tools.js).
import { HostPolicyError } from '../host/host-policy.js';
import { WorkerUnavailableError } from '../host/load-failures.js';
import { WasmUnavailableError } from '../host/wasm-support.js';
import { element } from '../host/element.js';
import { errorLine, showInert } from '../host/inert.js';
import { NOTICES_SHOWN } from '../host/limits.js';
import { adoptStyles } from './sheets.js';
import { widgetStyles } from './styles.js';
import { attachTools, toolsBar } from './tools.js';

// A body's line while its start loads. The first body's is a tab stop: a widget builds its controls
// only once it comes near the window, so a reader tabbing through the page meets this line in
// their place (and focusing it brings the widget into view); the controls take the focus from it
// as they arrive (widget.js render). A restart's line is not one: focus is held there instead.
const loading = (tabStop) =>
  element('p', { class: 'loading', role: 'status', ...(tabStop ? { tabindex: '0' } : {}) }, 'Loading the core…');

/** Builds the frame in widget.root, styled by adopted sheets; returns its {caption, notices, body}. */
export function buildFrame(widget) {
  adoptStyles(widget.root, [widgetStyles, ...widget.constructor.styles]);
  const caption = element('p', { part: 'caption', hidden: true });
  const notices = element('div', { class: 'notices', part: 'notices', role: 'status', 'aria-live': 'polite' });
  const body = freshBody({ tabStop: true });
  const root = element('div', { class: 'nl-root', part: 'root' }, caption, notices, body, toolsBar());
  widget.root.append(root);
  // Whatever the reader does inside the body, a changed state is announced once it has applied.
  // (The path is the one at dispatch: a handler may have replaced the element by then.)
  for (const type of ['click', 'change', 'input', 'keyup'])
    root.addEventListener(type, (e) => {
      if (e.composedPath().some((n) => n.getAttribute?.('part') === 'body')) setTimeout(() => widget.noticeChange(), 0);
    });
  attachTools(widget, root);
  return { caption, notices, body };
}

/** A body as the frame's first: loading (tabStop: its line is one, as in the widget's first body). */
export function freshBody({ tabStop = false } = {}) {
  return element('div', { class: 'widget', part: 'body' }, loading(tabStop));
}

/**
 * The sentences a widget shows for its problems: the first NOTICES_SHOWN, then one counting the
 * rest ("… and 12 more notices."), so no link can fill a page with notices.
 */
export function noticeSentences(problems) {
  if (problems.length <= NOTICES_SHOWN) return problems;
  const more = problems.length - NOTICES_SHOWN;
  return [...problems.slice(0, NOTICES_SHOWN), `… and ${more} more notice${more === 1 ? '' : 's'}.`];
}

const shownSentences = new WeakMap(); // a notices element -> the sentences it shows

/**
 * Shows one notice per sentence in the notices element (unchanged when it shows them already),
 * each made inert (inert.js): at most LINE_CHARS characters, no bidirectional control but the
 * isolates of the values it quotes.
 */
export function showNotices(notices, all) {
  const problems = noticeSentences(all);
  const shown = shownSentences.get(notices) ?? [];
  if (shown.length === problems.length && shown.every((t, k) => t === problems[k])) return;
  shownSentences.set(notices, problems);
  notices.replaceChildren(
    ...problems.map((text) => {
      const p = document.createElement('p');
      p.className = 'notice';
      showInert(p, text);
      return p;
    }),
  );
}

/**
 * What a body shows when its start failed: one sentence (an unavailable core's plain one, else
 * the error's name and message), and under a plain one the host's own content of the element (its
 * static fallback).
 */
export function failureNodes(e) {
  const p = document.createElement('p');
  p.className = 'error';
  p.setAttribute('role', 'alert');
  const plain =
    e instanceof WasmUnavailableError || e instanceof HostPolicyError || e instanceof WorkerUnavailableError;
  showInert(p, plain ? e.message : errorLine(e));
  if (!plain) console.error(e);
  return plain ? [p, document.createElement('slot')] : [p];
}
