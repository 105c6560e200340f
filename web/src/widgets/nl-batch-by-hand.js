// <nl-batch-by-hand>: batch normalisation of the tutorial's 4 × 3 table worked one feature at a
// time by the core's batch normaliser: mean, distances, squares, variance, deviation, outputs,
// with a scale and shift per feature you can set.
import { NlWidget, define, esc } from '../widget/widget.js';
import { errorLine, showInert, singleQuoted } from '../host/inert.js';
import { fmt } from '../widget/format.js';
import { readouts } from '../widget/readouts.js';
import { readerStyles } from '../widget/reader-styles.js';
import { arrowKeys, rovingTabindex } from '../widget/focus.js';
import { setHtml } from '../host/trusted-types.js';

const two = (v) => fmt(v, 2);

export class NlBatchByHand extends NlWidget {
  static title = 'Batch norm by hand';
  static styles = [readerStyles];
  static coreModule = 'tutorial';
  static options = [
    {
      name: 'feature',
      type: 'integer',
      default: 2,
      min: 1,
      max: 3,
      live: (w) => w.held.feature + 1,
      doc: 'the feature worked first (1, 2 or 3)',
    },
    {
      name: 'scale',
      type: 'list',
      default: ['1', '1', '1'],
      maxItems: 3,
      doc: 'scale (gamma) per feature (at most 3)',
    },
    { name: 'shift', type: 'list', default: ['0', '0', '0'], maxItems: 3, doc: 'shift (beta) per feature (at most 3)' },
  ];

  async start() {
    const c = this.config;
    this.table = this.nl.tutorialTable();
    const d = this.table.cols;
    this.held.feature = Math.min(Math.max(c.feature, 1), d) - 1;
    const pad = (list, fill) => Array.from({ length: d }, (_, j) => list[j] ?? fill);
    this.held.scale = pad(c.scale, '1');
    this.held.shift = pad(c.shift, '0');
    const features = Array.from({ length: d }, (_, j) => j);
    this.render(`
      <div class="controls"><span class="group" role="group" aria-label="feature to work">${features
        .map((j) => `<button data-feature="${j}" aria-pressed="${j === this.held.feature}">feature ${j + 1}</button>`)
        .join('')}</span></div>
      <div class="controls" data-params>${features
        .map(
          (j) => `<span>feature ${j + 1}:
          <label>γ <input type="text" inputmode="decimal" value="${esc(this.held.scale[j])}" data-scale="${j}" class="width-3-5rem" aria-label="scale of feature ${j + 1}"></label>
          <label>β <input type="text" inputmode="decimal" value="${esc(this.held.shift[j])}" data-shift="${j}" class="width-3-5rem" aria-label="shift of feature ${j + 1}"></label></span>`,
        )
        .join('')}</div>
      ${readouts([
        { label: 'mean', out: 'mean' },
        { label: 'variance', out: 'variance' },
        { label: 'deviation √(variance + ε)', out: 'deviation' },
      ])}
      <div class="blocks">
        <div class="scroll-x" role="region" aria-label="the worked feature, scrolls sideways" tabindex="0"><table><caption data-working-caption></caption>
          <thead><tr><th scope="col">example</th><th scope="col">x</th><th scope="col">x − mean</th><th scope="col">squared</th>
            <th scope="col">standard&shy;ised x̂</th><th scope="col">y = γ x̂ + β</th></tr></thead>
          <tbody data-working></tbody></table></div>
        <div class="scroll-x" role="region" aria-label="the whole table, scrolls sideways" tabindex="0"><table><caption>The whole table, batch-normalised</caption>
          <thead><tr><th scope="col">example</th>${features.map((j) => `<th scope="col">feature ${j + 1}</th>`).join('')}</tr></thead>
          <tbody data-output></tbody></table></div>
      </div>
      <p class="note" data-eps></p>
      <p class="note error" aria-live="polite" data-problem></p>`);
    arrowKeys(this.body);
    rovingTabindex(this.root);
    this.$('[role="group"]').addEventListener('click', (e) => {
      const b = e.target.closest('[data-feature]');
      if (!b) return;
      this.held.feature = Number(b.dataset.feature);
      this.$$('[data-feature]').forEach((x) => x.setAttribute('aria-pressed', String(x === b)));
      rovingTabindex(this.root);
      this.update();
    });
    this.$('[data-params]').addEventListener('input', (e) => {
      const t = e.target;
      if (t.dataset.scale !== undefined) this.held.scale[Number(t.dataset.scale)] = t.value;
      if (t.dataset.shift !== undefined) this.held.shift[Number(t.dataset.shift)] = t.value;
      this.update();
    });
    this.update();
  }

  /**
   * Shows a refusal with no figures left beside it: text that is no number is named as typed
   * (the core saw NaN); the core's typed name stays on the paragraph as data-error-name.
   */
  refuse(e, number) {
    const fields = [
      ...this.held.scale.map((text, j) => ({ where: `γ of feature ${j + 1}`, text })),
      ...this.held.shift.map((text, j) => ({ where: `β of feature ${j + 1}`, text })),
    ];
    const typed = e.name === 'NonFiniteError' ? fields.find(({ text }) => Number.isNaN(number(text))) : null;
    const problem = this.$('[data-problem]');
    problem.dataset.errorName = e.name;
    showInert(
      problem,
      typed
        ? `${typed.where}: ${typed.text.trim() === '' ? 'empty; type a number' : `not a number: ${singleQuoted(typed.text.trim())}`}`
        : errorLine(e),
    );
    for (const name of ['mean', 'variance', 'deviation']) this.out(name, '–');
    this.$('[data-working-caption]').textContent = `Feature ${this.held.feature + 1}`;
    this.$('[data-working]').replaceChildren();
    this.$('[data-output]').replaceChildren();
  }

  update() {
    const number = (s) => (s.trim() === '' ? Number.NaN : Number(s.replace('−', '-')));
    let v;
    try {
      v = this.nl.batchByHandView(this.table, this.held.scale.map(number), this.held.shift.map(number));
      this.$('[data-problem]').textContent = '';
      delete this.$('[data-problem]').dataset.errorName;
    } catch (e) {
      this.refuse(e, number);
      return;
    }
    const c = v.columns[this.held.feature];
    this.out('mean', two(c.mean));
    this.out('variance', two(c.variance));
    this.out('deviation', two(c.deviation));
    this.$('[data-working-caption]').textContent =
      `Feature ${this.held.feature + 1}, γ = ${fmt(c.scale)}, β = ${fmt(c.shift)}`;
    setHtml(
      this.$('[data-working]'),
      c.values
        .map(
          (x, i) => `<tr><th scope="row">${i + 1}</th><td>${fmt(x)}</td><td>${two(c.distances[i])}</td>
          <td>${two(c.squares[i])}</td><td>${two(c.standardised[i])}</td><td>${two(c.output[i])}</td></tr>`,
        )
        .join(''),
    );
    setHtml(
      this.$('[data-output]'),
      v.output
        .map((row, i) => `<tr><th scope="row">${i + 1}</th>${row.map((x) => `<td>${two(x)}</td>`).join('')}</tr>`)
        .join(''),
    );
    this.$('[data-eps]').textContent =
      `The core refuses ε = 0 (a constant feature would divide by zero), so this uses ε = ${v.eps}; ` +
      `at two decimals no figure here depends on it.`;
  }
}

define('nl-batch-by-hand', NlBatchByHand);
