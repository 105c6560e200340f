// A widget's tools bar: Copy link, Reset and the Export menu (export.js), below
// its body. Built through the DOM (element.js), so it needs no HTML sink.
import { element } from './element.js';

const button = (tool, text) => element('button', { type: 'button', 'data-tool': tool, part: 'button' }, text);
const exportButton = (as, text) => element('button', { type: 'button', 'data-export-as': as, part: 'button' }, text);

/** The bar (its buttons are wired by attachTools). */
export function toolsBar() {
  return element(
    'div',
    { class: 'tools', part: 'tools' },
    button('copy-link', 'Copy link'),
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
  );
}

/** Wires the bar in root to the widget: its link, reset() and export(as). */
export function attachTools(widget, root) {
  const status = root.querySelector('[data-tool-status]');
  const linkBox = root.querySelector('[data-link]');
  const menu = root.querySelector('[data-export]');
  root.querySelector('[data-tool="copy-link"]').addEventListener('click', async () => {
    linkBox.value = widget.link;
    const notes = widget.leftOutOfLink.map((n) => ` ${n}`).join('');
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
  menu.addEventListener('click', (e) => {
    const as = e.target.closest('[data-export-as]')?.dataset.exportAs;
    if (as) widget.export(as).catch((error) => (status.textContent = `The export failed: ${error.message}`));
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
    widget.reset();
  });
}
