// "Bring your own crowd": the panel the comparison, the loss curves and the row of two numbers
// share, where a reader pastes or chooses a CSV of (height, weight, label) rows. The core reads
// the text (nl.crowdFromCsv); a refusal lists every bad line and changes nothing else: the text
// stays in its box and the widget keeps the crowd it had.
import { element } from '../host/element.js';
import { grouped } from './format.js';
import { showInert } from '../host/inert.js';
import { CROWD_CHARS, CROWD_TEXT_CHARS } from '../host/limits.js';

/** Characters of CSV text a state string (and so a link) holds; a longer crowd is left out of it. */
export const CROWD_IN_STATE = CROWD_CHARS;

/** The `crowd` option of the three widgets' option tables. */
export const crowdOption = Object.freeze({
  name: 'crowd',
  type: 'string',
  default: '',
  field: 'crowdText',
  maxInState: CROWD_IN_STATE,
  maxChars: CROWD_TEXT_CHARS,
  doc: "a crowd of your own as CSV text: one person per line, height,weight,label (label 1 adult, 0 not), an optional first line of three column names, '#' comment lines; at most 2,000 people and 65,536 bytes, at least 5 people of both labels. Empty: the essay's crowd. A state string (and so a link) holds a crowd of up to 2,048 characters",
});

/** The panel's CSS, adopted by the widgets that show it (static styles). */
export const crowdPickerStyles = `
    details.crowd { margin: .6em 0; }
    details.crowd summary { cursor: pointer; color: var(--nl-accent); font-weight: 600; }
    details.crowd textarea { display: block; box-sizing: border-box; width: 100%; max-width: 40em; min-height: 7em;
      font: .85em ui-monospace, monospace; color: inherit; background: var(--nl-panel); border: 1px solid var(--nl-line); }
    details.crowd input[type="file"] { max-width: 100%; min-width: 0; }
    .crowd-refusal ul { margin: .2em 0; padding-left: 1.4em; max-height: 12em; overflow-y: auto; }
`;

const panel = `
  <p class="note" data-crowd-status role="status"></p>
  <details class="crowd" data-crowd>
    <summary>Bring your own crowd</summary>
    <p class="note">One person per line: <code>height,weight,label</code>, the label 1 for an adult and 0 for a
      child; a first line of three column names and lines starting with # are skipped. At most
      <span data-crowd-max-people></span> people (<span data-crowd-max-bytes></span> bytes), at least
      <span data-crowd-min-people></span> with both labels.</p>
    <label for="crowd-text">Your crowd as CSV</label>
    <textarea id="crowd-text" data-crowd-text rows="7" spellcheck="false" autocomplete="off"
      placeholder="height,weight,label&#10;172,68,1&#10;128,26,0"></textarea>
    <div class="controls">
      <button type="button" data-crowd-use>Use this crowd</button>
      <label>or choose a CSV file <input type="file" accept=".csv,.txt,text/csv,text/plain" data-crowd-file></label>
      <button type="button" data-crowd-essay>Back to the essay's crowd</button>
    </div>
    <div class="error crowd-refusal" data-crowd-refusal role="alert" hidden></div>
  </details>`;

/**
 * Starts the widget again on the crowd of this text ('' for the essay's), keeping the reader's
 * other options: the crowd becomes part of its state.
 */
export function restartWithCrowd(widget, text) {
  // The control the reader used gets focus back once the widget has drawn again.
  const used = widget.root.activeElement?.closest?.('[data-crowd-use], [data-crowd-essay], [data-crowd-file]');
  widget.crowdFocus = used ? Object.keys(used.dataset)[0] : 'crowdUse';
  widget.crowdText = text;
  widget.changed(widget.live);
  widget.restart();
}

/** The panel's markup, for a widget's render. */
export function crowdPickerHtml() {
  return panel;
}

/**
 * Reads the crowd a widget starts with (its `crowd` option); a text "Use this crowd" has just
 * read is not read again.
 * ensures: {crowd, text}: the reader's crowd and its text, or crowd null and text '' for the
 * essay's crowd, with {refusal} too when the option's text was refused.
 */
export function startingCrowd(widget, text) {
  const read = widget.crowdRead;
  widget.crowdRead = null;
  if (text === '') return { crowd: null, text: '' };
  if (read?.text === text) return { crowd: read.crowd, text };
  try {
    return { crowd: widget.nl.crowdFromCsv(text), text };
  } catch (e) {
    return { crowd: null, text: '', refusal: e, offered: text };
  }
}

// Refused lines listed in the box; the rest are counted (a long list is one long task to draw).
const LINES_SHOWN = 100;

function showRefusal(box, e) {
  box.hidden = false;
  box.dataset.errorName = e.name;
  const lines = Array.isArray(e.lines) ? e.lines : null;
  const head = document.createElement('p');
  // In the reader's words; the type stays in data-error-name. The core's lines follow as a list.
  const what = lines
    ? `${lines.length === 1 ? 'One line' : `${lines.length} lines`} of your crowd could not be read (a row is height,weight,label)`
    : `${e.message.charAt(0).toUpperCase()}${e.message.slice(1)}`;
  // The core quotes the refused fields, which come from the reader's text or a link: made inert.
  showInert(head, `${what}. Your text is kept and the crowd in use is unchanged.`);
  box.replaceChildren(head);
  if (!lines) return;
  const list = document.createElement('ul');
  list.append(
    ...lines.slice(0, LINES_SHOWN).map((l) => {
      const item = element('li', { 'data-line': String(l.line) });
      showInert(item, `line ${l.line}: ${l.reason}`);
      return item;
    }),
  );
  box.append(list);
  if (lines.length > LINES_SHOWN) {
    const more = document.createElement('p');
    more.textContent = `… and ${lines.length - LINES_SHOWN} more lines, from line ${lines[LINES_SHOWN].line} on.`;
    box.append(more);
  }
}

/**
 * Wires the panel rendered in widget's body.
 * requires: start is startingCrowd's answer; widget.nl loaded; use(text) applies a read crowd's
 * text ('' for the essay's crowd) to the widget.
 * ensures: "Use this crowd" and a chosen file call use(text) only when the core reads the text;
 * otherwise every refused line is listed and nothing else changes.
 */
export function attachCrowdPicker(widget, start, use) {
  const $ = (s) => widget.body.querySelector(s);
  const box = $('[data-crowd-text]');
  const refusal = $('[data-crowd-refusal]');
  const status = $('[data-crowd-status]');
  const essayPeople = widget.nl.crowd().labels.length;
  const limits = widget.nl.crowdCsvLimits();
  $('[data-crowd-max-people]').textContent = grouped(limits.maxPeople);
  $('[data-crowd-max-bytes]').textContent = grouped(limits.maxBytes);
  $('[data-crowd-min-people]').textContent = String(limits.minPeople);
  status.textContent = start.crowd
    ? `Your crowd: ${start.crowd.labels.length} people.`
    : `The essay's crowd: ${essayPeople} people.`;
  box.value = start.crowd ? start.text : (start.offered ?? '');
  $('[data-crowd-essay]').disabled = !start.crowd;
  if (widget.crowdFocus) {
    // Back on the essay's crowd its button is disabled: the status line takes focus instead.
    const attr = widget.crowdFocus.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const control = $(`[data-${attr}]`);
    $('[data-crowd]').open = true;
    widget.crowdFocus = null;
    // Focus lays the panel out (a long crowd's text box takes tens of ms): in a task of its own.
    widget.inOwnTask(() => {
      if (control && !control.disabled) control.focus();
      else {
        status.tabIndex = -1;
        status.focus();
      }
    });
  }
  if (start.refusal) {
    showRefusal(refusal, start.refusal);
    $('[data-crowd]').open = true;
  } else if (start.crowd) $('[data-crowd]').open = true;

  const tryText = (text) => {
    try {
      widget.crowdRead = { text, crowd: widget.nl.crowdFromCsv(text) };
    } catch (e) {
      showRefusal(refusal, e);
      return;
    }
    refusal.hidden = true;
    use(text);
  };
  $('[data-crowd-use]').addEventListener('click', () => tryText(box.value));
  $('[data-crowd-essay]').addEventListener('click', () => use(''));
  $('[data-crowd-file]').addEventListener('change', async (e) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same file can be chosen again
    if (!file) return;
    try {
      widget.nl.checkCrowdCsvSize(file.size);
    } catch (error) {
      showRefusal(refusal, error);
      return;
    }
    const text = await file.text();
    if (!widget.body.contains(box)) return; // the widget started again meanwhile
    box.value = text;
    tryText(text);
  });
}
