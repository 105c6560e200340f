// The controls of a run a widget starts in a worker: its status line, its progress bar, and a Run
// and a Cancel button of which exactly one is enabled. Focus follows the enabled button, so it
// never falls to the page when the button it was on is disabled.

/**
 * Marks a widget's run as started: Run disabled, Cancel enabled (focused if Run was).
 * requires: the widget's body has [data-status], a <progress>, [data-run] and [data-cancel].
 * ensures: returns {status, bar}; and finish(), which enables Run again (focused if Cancel was).
 */
export function startRun(widget) {
  const runButton = widget.$('[data-run]');
  const cancelButton = widget.$('[data-cancel]');
  const running = (on) => {
    const from = on ? runButton : cancelButton;
    const hadFocus = widget.root.activeElement === from;
    runButton.disabled = on;
    cancelButton.disabled = !on;
    if (hadFocus) (on ? cancelButton : runButton).focus();
  };
  running(true);
  return { status: widget.$('[data-status]'), bar: widget.$('progress'), finish: () => running(false) };
}
