// A widget's tools bar: Copy link, Copy embed code, Reset and the Export menu (export.js), below
// its body. Built through the DOM (element.js), so it needs no HTML sink.
import { element } from '../host/element.js';
import { embedCodeOffered, frameSnippet, scriptSnippet } from './embed-code.js';
import { showInert } from '../host/inert.js';
import { LINE_CHARS } from '../host/limits.js';

// The status after Copy link: a sentence for each option the link leaves out, each of which may
// quote a refusal (made inert, see inert.js).
const NOTES_CHARS = 4 * LINE_CHARS;

const button = (tool, text) => element('button', { type: 'button', 'data-tool': tool, part: 'button' }, text);
const exportButton = (as, text) => element('button', { type: 'button', 'data-export-as': as, part: 'button' }, text);

/** The bar (its buttons are wired by attachTools). */
export function toolsBar() {
  return element(
    'div',
    { class: 'tools', part: 'tools' },
    button('copy-link', 'Copy link'),
    ...(embedCodeOffered ? [button('copy-embed', 'Copy embed code')] : []),
    button('reset', 'Reset'),
    element(
      'details',
      { 'data-export': true, part: 'export' },
      element('summary', { part: 'button' }, 'Export'),
      exportButton('png', 'Chart as PNG (2×)'),
      exportButton('csv', 'Numbers as CSV'),
      exportButton('json', 'State and numbers as JSON'),
    ),
    element('span', { 'data-tool-status': true, role: 'status', 'aria-live': 'polite' }),
    element('input', {
      type: 'text',
      readonly: true,
      'data-link': true,
      hidden: true,
      'aria-label': "link to this widget's state",
    }),
    element(
      'div',
      { class: 'embed-code', 'data-embed': true, hidden: true },
      element('label', { for: 'nl-embed-script' }, 'With a script (the widget itself):'),
      element('textarea', { id: 'nl-embed-script', readonly: true, rows: 3, 'data-embed-script': true }),
      element('label', { for: 'nl-embed-frame' }, 'Where scripts are not allowed (an iframe):'),
      element('textarea', { id: 'nl-embed-frame', readonly: true, rows: 3, 'data-embed-frame': true }),
    ),
  );
}

/** Wires the bar in root to the widget: its link, embed code, reset() and export(as). */
export function attachTools(widget, root) {
  const status = root.querySelector('[data-tool-status]');
  const linkBox = root.querySelector('[data-link]');
  const embed = root.querySelector('[data-embed]');
  const menu = root.querySelector('[data-export]');
  root.querySelector('[data-tool="copy-link"]').addEventListener('click', async () => {
    linkBox.value = widget.link;
    embed.hidden = true;
    const notes = widget.leftOutOfLink.map((n) => ` ${n}`).join('');
    try {
      await navigator.clipboard.writeText(linkBox.value);
      linkBox.hidden = true;
      showInert(status, `Link copied.${notes}`, NOTES_CHARS);
    } catch {
      linkBox.hidden = false;
      linkBox.select();
      showInert(status, `Copy this link:${notes}`, NOTES_CHARS);
    }
  });
  // Both snippets show (each can be copied from its box); the clipboard gets both, the script first.
  root.querySelector('[data-tool="copy-embed"]')?.addEventListener('click', async () => {
    const script = scriptSnippet(widget);
    const frame = frameSnippet(widget);
    embed.querySelector('[data-embed-script]').value = script;
    embed.querySelector('[data-embed-frame]').value = frame;
    embed.hidden = false;
    linkBox.hidden = true;
    const notes = widget.leftOutOfLink.map((n) => ` ${n}`).join('');
    try {
      await navigator.clipboard.writeText(`${script}\n\n${frame}\n`);
      showInert(status, `Embed code copied: the script and element, then the iframe.${notes}`, NOTES_CHARS);
    } catch {
      showInert(status, `Copy the embed code below.${notes}`, NOTES_CHARS);
    }
  });
  menu.addEventListener('click', (e) => {
    const as = e.target.closest('[data-export-as]')?.dataset.exportAs;
    if (as) widget.export(as).catch((error) => showInert(status, `The export failed: ${error.message}`));
  });
  // Escape closes the Export menu and hands focus back to its summary.
  menu.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !menu.open) return;
    e.preventDefault();
    menu.open = false;
    menu.querySelector('summary').focus();
  });
  menu.addEventListener('toggle', () => {
    const png = root.querySelector('[data-export-as="png"]');
    png.textContent = widget.charts.size > 0 ? 'Chart as PNG (2×)' : 'Table as PNG (2×)';
    png.hidden = widget.charts.size === 0 && !widget.body.querySelector('table');
  });
  root.querySelector('[data-tool="reset"]').addEventListener('click', () => {
    status.textContent = '';
    embed.hidden = true;
    widget.reset();
  });
}
