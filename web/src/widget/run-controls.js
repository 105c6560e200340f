// The controls of a run a widget starts in a worker: its status line, its progress bar, and a Run
// and a Cancel button of which exactly one is enabled. Focus follows the enabled button, so it
// never falls to the page when the button it was on is disabled. And what the run shows: nothing
// of the last run stands while the next one runs, or once it is cancelled or fails.

const NO_FINDING = 'No finding: the run stopped before its end.';

/**
 * Marks a widget's run as started: Run disabled, Cancel enabled (focused if Run was), and the last
 * run's results gone: its finding (with the numbers behind it) replaced by `pending`, the rows of
 * its summary tables, its readouts' figures and its charts' series emptied, its progress bar at 0.
 * requires: the widget's body has [data-status], a <progress>, [data-run] and [data-cancel]; its
 * finding, if any, is the p.finding in [data-alternative]; its results are in table.summary,
 * .readouts [data-out] and the charts it draws with lines().
 * ensures: returns {status, bar, cancelled(after, holds), finish()}; finish() enables Run again
 * (focused if Cancel was) and, when the run ended with neither a finding of its own nor
 * cancelled(), says in the finding that there is none.
 */
export function startRun(widget, { pending = 'The finding appears when the run is done.' } = {}) {
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
  const finding = clearResults(widget, pending);
  const status = widget.$('[data-status]');
  return {
    status,
    bar: widget.$('progress'),
    /**
     * The run was cancelled. after: how far it came ("Cancelled after 3 of 7 widths"); holds:
     * what the figures left standing hold ("the table holds those 3"), if any.
     * ensures: the status says `after`; the finding `after`, `holds`, and that there is none.
     */
    cancelled(after, holds = '') {
      status.textContent = `${after}.`;
      if (finding) finding.textContent = `${after}${holds ? `: ${holds}` : ''}; no finding.`;
    },
    finish() {
      running(false);
      // Still the sentence of a run under way: the run gave no finding and nothing said why.
      if (finding?.isConnected && finding.textContent === pending) finding.textContent = NO_FINDING;
    },
  };
}

/**
 * Empties what a widget's last run showed (see startRun).
 * ensures: returns the new finding paragraph (the old one's id, reading `pending`), or null when
 * the widget has no [data-alternative].
 */
export function clearResults(widget, pending) {
  for (const tbody of widget.$$('table.summary tbody')) tbody.replaceChildren();
  for (const out of widget.$$('.readouts [data-out]')) out.textContent = '–';
  for (const chart of widget.charts) chart.$setSeries([]);
  const bar = widget.$('progress');
  if (bar) bar.value = 0;
  const place = widget.$('[data-alternative]');
  if (!place) return null;
  const finding = document.createElement('p');
  finding.className = 'note finding';
  const id = place.querySelector('.finding')?.id;
  if (id) finding.id = id; // the charts' aria-describedby names it
  finding.textContent = pending;
  place.replaceChildren(finding);
  return finding;
}

/** The figures a partial result holds, for cancelled()'s `holds`: "those 3", "that one". */
export const those = (n) => (n === 1 ? 'that one' : `those ${n}`);

/**
 * A run's progress for its status line, a live region that a screen reader speaks at every
 * change: said as a quarter, a half and three quarters of the run are passed, not at each step
 * (the progress bar follows each). ensures: returns say(fraction, text), which sets the status to
 * text when fraction (0 to 1) has passed the next of those marks, and ignores it otherwise.
 */
export function quarterly(status) {
  let quarter = 0;
  return (fraction, text) => {
    const reached = Math.floor(4 * fraction);
    if (reached <= quarter || reached >= 4) return;
    quarter = reached;
    status.textContent = text;
  };
}
