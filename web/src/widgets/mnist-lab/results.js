// The MNIST lab's results: one row per network (held-out accuracy, training loss, time per epoch,
// epochs, parameters), each cell written only when its text changes.
import { grouped } from '../../widget/format.js';
import { ARRANGEMENTS, LABELS } from './names.js';

const row = (
  a,
) => `<tr data-row="${a}"><th scope="row">${LABELS[a]}</th><td data-cell="accuracy">–</td><td data-cell="loss">–</td>
            <td data-cell="seconds">–</td><td data-cell="epochs">0</td><td data-cell="parameters">…</td></tr>`;

export const resultsHtml = `<div class="scroll-x" role="region" aria-label="results, scrolls sideways" tabindex="0"><table data-results>
        <caption data-out="trained-with">Results in your browser</caption>
        <thead><tr><th scope="col">arrangement</th><th scope="col">held-out accuracy</th><th scope="col">training loss</th>
          <th scope="col">time per epoch</th><th scope="col">epochs</th><th scope="col">parameters</th></tr></thead>
        <tbody>${ARRANGEMENTS.map(row).join('')}</tbody>
      </table></div>`;

export class Results {
  /** widget: the lab; nl: its core (the networks' parameter counts). */
  constructor(widget, nl) {
    this.widget = widget;
    this.clear();
    for (const a of ARRANGEMENTS) this.cell(a, 'parameters', grouped(nl.mnistDescribe(a).parameterCount));
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
