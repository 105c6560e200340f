// Keyboard focus in a widget's shadow root: kept on the control that caused a re-render (or its
// successor), and toggle groups moved through with the arrow keys (one tab stop per group).

/** A selector naming a control by its tag and data-* attributes, e.g. 'button[data-kind="layer"]'. */
function selectorOf(el) {
  const data = Object.entries(el.dataset).map(
    ([k, v]) => `[data-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}="${v.replace(/["\\]/g, '\\$&')}"]`,
  );
  return data.length ? `${el.localName}${data.join('')}` : null;
}

/**
 * Runs a re-render and puts focus back where it was.
 * requires: root is the widget's shadow root; successor(selector, el) may name the control to
 * focus when the one that had focus is gone (e.g. the row before a removed one).
 * ensures: if focus was inside root, it ends on the same control (unless it is now disabled), its
 * successor, or the first control of the same kind; never on the page body while the widget still
 * has controls.
 */
export function keepingFocus(root, rerender, successor = () => null) {
  const active = root.activeElement;
  const selector = active ? selectorOf(active) : null;
  const caret = active && 'selectionStart' in active ? [active.selectionStart, active.selectionEnd] : null;
  rerender();
  if (!active) return;
  const enabled = (s) => root.querySelector(`:is(${s}):not([disabled])`);
  const target =
    (selector && enabled(selector)) ||
    (selector && successor(selector, active) && root.querySelector(successor(selector, active))) ||
    root.querySelector(`${active.localName}:not([disabled])`);
  if (!target) return;
  target.focus({ preventScroll: true });
  if (caret && target.setSelectionRange && target.value !== undefined) {
    try {
      target.setSelectionRange(...caret);
    } catch {
      // not every input type has a caret
    }
  }
}

const NEXT = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** One tab stop per toggle group: the pressed button (or the first), the others by arrow keys. */
export function rovingTabindex(root) {
  for (const group of root.querySelectorAll('[role="group"]')) {
    const buttons = [...group.querySelectorAll('button')];
    const current = buttons.find((b) => b.getAttribute('aria-pressed') === 'true') ?? buttons[0];
    for (const b of buttons) b.tabIndex = b === current ? 0 : -1;
  }
}

/**
 * Arrow keys move through a toggle group's buttons; Home and End go to its ends.
 * ensures: with select = true (a group where exactly one is pressed) the button reached is also
 * pressed, as a click would; otherwise only focus moves. Listens on `body`, so it survives
 * re-renders inside it.
 */
export function arrowKeys(body, { select = true } = {}) {
  body.addEventListener('keydown', (e) => {
    const button = e.target.closest?.('[role="group"] button');
    if (!button) return;
    const buttons = [...button.closest('[role="group"]').querySelectorAll('button:not([disabled])')];
    const k = buttons.indexOf(button);
    let next;
    if (e.key in NEXT) next = buttons[(k + NEXT[e.key] + buttons.length) % buttons.length];
    else if (e.key === 'Home') next = buttons[0];
    else if (e.key === 'End') next = buttons[buttons.length - 1];
    else return;
    e.preventDefault();
    for (const b of buttons) b.tabIndex = b === next ? 0 : -1;
    next.focus();
    const multi = next.hasAttribute('data-show');
    if (select && !multi) next.click();
  });
}

/** The elements a reader may tab to (those enabled, shown and not taken out of the order are). */
const CONTROLS = 'button, input, select, textarea, a[href], summary, [tabindex]';

/** Puts focus on the body's first control a reader can tab to (its body itself when it has none). */
export function focusFirstControl(widget) {
  const first = [...widget.body.querySelectorAll(CONTROLS)].find(
    (c) => c.tabIndex >= 0 && !c.disabled && c.getClientRects().length > 0,
  );
  if (first) first.focus();
  else holdFocus(widget);
}

/**
 * Focus that was on a control a widget's body no longer has stays in the widget, on its status
 * line or its body, until the widget puts it back on a control (it would fall to the page
 * otherwise). Checked once the code that rebuilt the body has run, which may have put focus back
 * itself.
 */
export function holdFocus(widget) {
  queueMicrotask(() => {
    if (widget.root.activeElement || !widget.isConnected) return;
    const holder = widget.body.querySelector('.loading[role="status"]') ?? widget.body;
    holder.tabIndex = -1;
    holder.focus({ preventScroll: true });
  });
}
