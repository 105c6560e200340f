// A widget's tools bar: Copy link, Reset and the Export menu (export.js), below its body.

/** The bar's markup (its buttons are wired by attachTools). */
export const toolsHtml = `<div class="tools" part="tools">
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
