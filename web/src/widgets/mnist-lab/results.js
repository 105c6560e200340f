// The MNIST lab's results: one row per network (held-out accuracy, training loss, time per epoch,
// epochs), each cell written only when its text changes, and a line of the networks' parameter
// counts (a column of them made the table too wide for a phone).
import { grouped } from '../../widget/format.js';
import { ARRANGEMENTS, SHORT_LABELS } from './names.js';

const row = (
  a,
) => `<tr data-row="${a}"><th scope="row">${SHORT_LABELS[a]}</th><td data-cell="accuracy">–</td><td data-cell="loss">–</td>
            <td data-cell="seconds">–</td><td data-cell="epochs">0</td></tr>`;

export const resultsHtml = `<div class="scroll-x" role="region" aria-label="results, scrolls sideways" tabindex="0"><table data-results>
        <caption data-out="trained-with">Results in your browser</caption>
        <thead><tr><th scope="col">network</th><th scope="col">held-out accuracy</th><th scope="col">training loss</th>
          <th scope="col">time per epoch</th><th scope="col">epochs</th></tr></thead>
        <tbody>${ARRANGEMENTS.map(row).join('')}</tbody>
      </table></div>
      <p class="note">Parameters: ${ARRANGEMENTS.map((a) => `${SHORT_LABELS[a]} <span data-parameters="${a}">…</span>`).join(', ')}.</p>`;

export class Results {
  /** widget: the lab; nl: its core (the networks' parameter counts). */
  constructor(widget, nl) {
    this.widget = widget;
    this.clear();
    for (const a of ARRANGEMENTS)
      widget.$(`[data-parameters="${a}"]`).textContent = grouped(nl.mnistDescribe(a).parameterCount);
  }

  /** Each network's figures so far: {epochs?, loss?, accuracy?, seconds?}. */
  clear() {
    this.rows = Object.fromEntries(ARRANGEMENTS.map((a) => [a, {}]));
  }

  cell(arrangement, name, text) {
    const el = this.widget.$(`[data-row="${arrangement}"] [data-cell="${name}"]`);
    if (el && el.textContent !== text) el.textContent = text;
  }

  draw() {
    for (const a of ARRANGEMENTS) {
      const r = this.rows[a];
      this.cell(a, 'epochs', String(r.epochs ?? 0));
      this.cell(a, 'loss', r.loss === undefined ? '–' : r.loss.toFixed(4));
      this.cell(a, 'accuracy', r.accuracy === undefined ? '–' : r.accuracy.toFixed(4));
      this.cell(a, 'seconds', r.seconds === undefined ? '–' : `${r.seconds.toFixed(2)} s`);
    }
  }
}
