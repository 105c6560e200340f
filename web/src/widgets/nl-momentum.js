// <nl-momentum>: running averages of batch figures, folded in by the core's batch normaliser
// step, with the rate written either way (momentum or keep) and PyTorch's unbiased running
// variance as a toggle; more batches show the early bias wearing off.
import { NlWidget, define } from '../widget/widget.js';
import { errorLine, showInert } from '../host/inert.js';
import { fmt } from '../widget/format.js';
import { readerStyles } from '../widget/reader-styles.js';
import { arrowKeys, rovingTabindex } from '../widget/focus.js';
import { setHtml } from '../host/trusted-types.js';

export class NlMomentum extends NlWidget {
  static title = 'Running averages with momentum';
  static styles = [readerStyles];
  static coreModule = 'tutorial';
  static options = [
    { name: 'means', type: 'list', default: ['3', '5', '4'], doc: 'batch means, repeated in order' },
    { name: 'variances', type: 'list', default: ['1', '4', '2'], doc: 'batch variances, one per mean' },
    {
      name: 'momentum',
      type: 'number',
      default: 0.1,
      min: 0,
      max: 1,
      doc: 'share of each batch folded in',
      // The rate as the core reads it back, whichever way the reader writes it (momentum or keep).
      live: (w) => w.view?.momentum,
    },
    { name: 'batches', type: 'integer', default: 3, min: 1, max: 200, doc: 'how many batches to fold in (1 to 200)' },
  ];

  async start() {
    const c = this.config;
    this.held.means = c.means.map(Number);
    this.held.variances = c.variances.map(Number);
    this.convention = 'momentum';
    this.rate = c.momentum;
    this.unbiased = false;
    this.held.batches = Math.max(1, Math.min(c.batches, 200));
    this.render(`
      <div class="controls">
        <span class="group" role="group" aria-label="how the rate is written">
          <button data-convention="momentum" aria-pressed="true">momentum</button>
          <button data-convention="keep" aria-pressed="false">keep</button>
        </span>
        <label><span data-rate-name>momentum</span> <input type="number" min="0" max="1" step="0.05" value="${this.rate}" data-rate aria-label="running rate"></label>
        <label><input type="checkbox" data-unbiased> unbiased running variance (PyTorch)</label>
        <label>batches <input type="range" min="1" max="200" value="${this.held.batches}" data-batches aria-label="number of batches"></label>
        <b data-batches-out></b>
      </div>
      <p class="note" aria-live="polite" data-about></p>
      <div class="scroll-y scroll-x" role="region" aria-label="after each batch, scrolls" tabindex="0"><table><caption>After each batch</caption>
        <thead><tr><th scope="col">batch</th><th scope="col">batch mean</th><th scope="col">batch variance</th>
          <th scope="col">running mean</th><th scope="col">running variance</th></tr></thead>
        <tbody></tbody></table></div>
      <div class="chart"><canvas role="img" aria-label="running mean and variance after each batch"></canvas></div>
      <p class="note error" aria-live="polite" data-problem></p>`);
    arrowKeys(this.body);
    rovingTabindex(this.root);
    this.$('[role="group"]').addEventListener('click', (e) => {
      const b = e.target.closest('[data-convention]');
      if (!b || b.dataset.convention === this.convention) return;
      this.convention = b.dataset.convention;
      // The same rule written the other way, as the core reads it back.
      if (this.view) this.rate = this.convention === 'keep' ? this.view.keep : this.view.momentum;
      this.$('[data-rate]').value = String(this.rate);
      this.$('[data-rate-name]').textContent = this.convention;
      this.$$('[data-convention]').forEach((x) => x.setAttribute('aria-pressed', String(x === b)));
      rovingTabindex(this.root);
      this.update();
    });
    this.$('[data-rate]').addEventListener('change', (e) => {
      this.rate = e.target.value.trim() === '' ? Number.NaN : Number(e.target.value);
      this.update();
    });
    this.$('[data-unbiased]').addEventListener('change', (e) => {
      this.unbiased = e.target.checked;
      this.update();
    });
    this.$('[data-batches]').addEventListener('input', (e) => {
      this.held.batches = Number(e.target.value);
      this.update();
    });
    this.update();
  }

  update() {
    this.$('[data-batches-out]').textContent = String(this.held.batches);
    let v;
    try {
      v = this.nl.runningAverageView({
        means: this.held.means,
        variances: this.held.variances,
        [this.convention]: this.rate,
        unbiasedRunning: this.unbiased,
        batches: this.held.batches,
      });
      this.view = v;
      this.$('[data-problem]').textContent = '';
      delete this.$('[data-problem]').dataset.errorName;
      this.$('.chart').hidden = false;
    } catch (e) {
      this.view = null; // no rate of an earlier view stands for the refused one
      // No figures of an earlier rate stay beside the refusal.
      const problem = this.$('[data-problem]');
      problem.dataset.errorName = e.name;
      showInert(problem, Number.isNaN(this.rate) ? `${this.convention}: empty; type a number` : errorLine(e));
      this.$('[data-about]').textContent = '';
      this.$('tbody').replaceChildren();
      this.$('.chart').hidden = true;
      return;
    }
    this.$('[data-about]').textContent =
      `Keep ${fmt(v.keep, 4)} of the running figures and fold in ${fmt(v.momentum, 4)} of each batch's ` +
      `(PyTorch calls the second number momentum). Starting from mean ${fmt(v.start.mean)} and variance ` +
      `${fmt(v.start.variance)}, heading for mean ${fmt(v.target.mean, 3)}. Each batch holds ${v.batchSize} numbers.`;
    setHtml(
      this.$('tbody'),
      v.steps
        .map(
          (s, k) => `<tr><th scope="row">${k + 1}</th><td>${fmt(s.batchMean, 3)}</td><td>${fmt(s.batchVariance, 3)}</td>
          <td>${fmt(s.runningMean, 4)}</td><td>${fmt(s.runningVariance, 4)}</td></tr>`,
        )
        .join(''),
    );
    const series = [
      { label: 'running mean', data: v.steps.map((s) => s.runningMean), colourVar: '--nl-batch', points: 2 },
      { label: 'running variance', data: v.steps.map((s) => s.runningVariance), colourVar: '--nl-layer', points: 2 },
      {
        label: 'each batch mean',
        data: v.steps.map((s) => s.batchMean),
        colourVar: '--nl-muted',
        points: 3,
        showLine: false,
      },
    ];
    this.lines('chart', this.$('canvas'), series, { xTitle: 'batch', yMin: 0 });
  }
}

define('nl-momentum', NlMomentum);
