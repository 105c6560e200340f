// <nl-toggles>: the tutorial's 4 × 3 table under batch, layer and RMS normalisation, one
// example at a time, with the statistics each one divides by, all from the core's normalisers.
import { NlWidget, define } from '../widget/widget.js';
import { fixed, fmt } from '../widget/format.js';
import { readerStyles } from '../widget/reader-styles.js';
import { arrowKeys, rovingTabindex } from '../widget/focus.js';
import { setHtml } from '../host/trusted-types.js';
import { NORMALISER_MODULES as MODULES } from '../widget/normaliser-names.js';

const KINDS = [
  ['batch', MODULES.batch, 'each feature over the four examples (down a column)'],
  ['layer', MODULES.layer, 'each example over its three features (along a row)'],
  ['rms', MODULES.rms, 'each example by the root mean square of its features, without centring'],
];
const two = (v) => fmt(v, 2);

export class NlToggles extends NlWidget {
  static title = 'One example under each toggle';
  static styles = [
    readerStyles,
    '[aria-current="true"] { font-weight: bold; }',
    // "example" beside its four numbered buttons, kept on one line (four "example n" buttons wrapped on a phone).
    '.examples { display: inline-flex; align-items: center; gap: 0.4em; white-space: nowrap; }',
    '.examples button { min-width: 2.2em; }',
  ];
  static coreModule = 'tutorial';
  static options = [
    {
      name: 'kind',
      type: 'string',
      default: 'batch',
      choices: ['batch', 'layer', 'rms'],
      doc: 'the normaliser shown first',
    },
    {
      name: 'example',
      type: 'integer',
      default: 1,
      min: 1,
      max: 4,
      live: (w) => w.held.example + 1,
      doc: 'the example (row) shown first, 1 to 4',
    },
  ];

  async start() {
    const c = this.config;
    this.held.kind = c.kind;
    this.view = this.nl.underEachToggleView(this.nl.tutorialTable());
    this.held.example = Math.min(Math.max(c.example, 1), this.view.table.length) - 1;
    const d = this.view.table[0].length;
    this.render(`
      <div class="controls">
        <span class="group" role="group" aria-label="normaliser" data-kinds>${KINDS.map(
          ([k, label]) => `<button data-kind="${k}" aria-pressed="${k === this.held.kind}">${label}</button>`,
        ).join('')}</span>
        <span class="examples"><span id="examples-label">example</span>
        <span class="group" role="group" aria-labelledby="examples-label" data-examples>${this.view.table
          .map((_, i) => `<button data-example="${i}" aria-pressed="${i === this.held.example}">${i + 1}</button>`)
          .join('')}</span></span>
      </div>
      <p aria-live="polite" data-example-out></p>
      <div class="blocks">
        <div class="scroll-x" role="region" aria-label="the table, scrolls sideways" tabindex="0"><table><caption>The table</caption>
          <thead><tr><th scope="col">example</th>${Array.from({ length: d }, (_, j) => `<th scope="col">feature ${j + 1}</th>`).join('')}</tr></thead>
          <tbody data-table></tbody></table></div>
        <div class="scroll-x" role="region" aria-label="each row's figures, scrolls sideways" tabindex="0"><table><caption>Each row's figures</caption>
          <thead><tr><th scope="col">example</th><th scope="col">mean</th><th scope="col">deviation</th><th scope="col">RMS</th></tr></thead>
          <tbody data-rows></tbody></table></div>
        <div class="scroll-x" role="region" aria-label="the normalised table, scrolls sideways" tabindex="0"><table><caption data-answer-caption></caption>
          <thead><tr><th scope="col">example</th>${Array.from({ length: d }, (_, j) => `<th scope="col">feature ${j + 1}</th>`).join('')}</tr></thead>
          <tbody data-answer></tbody></table></div>
      </div>
      <p class="note" data-lesson></p>`);
    arrowKeys(this.body);
    this.$('[data-kinds]').addEventListener('click', (e) => {
      const b = e.target.closest('[data-kind]');
      if (!b) return;
      this.held.kind = b.dataset.kind;
      this.draw();
    });
    this.$('[data-examples]').addEventListener('click', (e) => {
      const b = e.target.closest('[data-example]');
      if (!b) return;
      this.held.example = Number(b.dataset.example);
      this.draw();
    });
    this.draw();
  }

  draw() {
    const v = this.view;
    const [, label, how] = KINDS.find(([k]) => k === this.held.kind);
    this.$$('[data-kind]').forEach((b) => b.setAttribute('aria-pressed', String(b.dataset.kind === this.held.kind)));
    this.$$('[data-example]').forEach((b) =>
      b.setAttribute('aria-pressed', String(Number(b.dataset.example) === this.held.example)),
    );
    rovingTabindex(this.root);
    const mark = (i) => (i === this.held.example ? ' aria-current="true"' : '');
    setHtml(
      this.$('[data-table]'),
      v.table
        .map(
          (row, i) =>
            `<tr${mark(i)}><th scope="row">${i + 1}</th>${row.map((x) => `<td>${fmt(x)}</td>`).join('')}</tr>`,
        )
        .join(''),
    );
    // The statistics LayerNorm and RMSNorm divide by, one row per example (a table of their own, so
    // each fits a phone).
    setHtml(
      this.$('[data-rows]'),
      v.table
        .map(
          (_, i) => `<tr${mark(i)}><th scope="row">${i + 1}</th><td>${fixed(v.rowMean[i], 2)}</td>
          <td>${fixed(v.rowDeviation[i], 2)}</td><td>${fixed(v.rowRms[i], 2)}</td></tr>`,
        )
        .join(''),
    );
    this.$('[data-answer-caption]').textContent = `${label}: ${how}`;
    setHtml(
      this.$('[data-answer]'),
      v[this.held.kind]
        .map(
          (row, i) =>
            `<tr${mark(i)}><th scope="row">${i + 1}</th>${row.map((x) => `<td>${two(x)}</td>`).join('')}</tr>`,
        )
        .join(''),
    );
    this.$('[data-example-out]').textContent =
      `Example ${this.held.example + 1} under ${label}: ${v[this.held.kind][this.held.example].map(two).join(', ')}.`;
    const dominant = v.largestFeature.every((j) => j === v.largestFeature[0]);
    this.$('[data-lesson]').textContent = dominant
      ? `Feature ${v.largestFeature[0] + 1} is the largest in every row, so under LayerNorm and RMSNorm it dominates ` +
        `each row and the four examples come out looking alike; BatchNorm, working down the columns, puts every ` +
        `feature on the same footing. (ε = ${v.eps}, invisible at two decimals.)`
      : `(ε = ${v.eps}, invisible at two decimals.)`;
  }
}

define('nl-toggles', NlToggles);
