// <nl-mnist-freedom>: the rank of a layer or group normaliser's Jacobian, computed by the core at
// a random row: layer norm leaves d - 2 directions free, group norm d - 2g.
import { NlWidget, define, esc } from '../widget/widget.js';
import { showInert, singleQuoted } from '../host/inert.js';
import { readerStyles } from '../widget/reader-styles.js';
import { insertHtml } from '../host/trusted-types.js';

const PRESETS = [
  [3, 1],
  [8, 1],
  [16, 1],
  [12, 3],
  [16, 4],
  [128, 8],
];

export class NlMnistFreedom extends NlWidget {
  static title = 'Degrees of freedom a normaliser removes';
  static styles = [readerStyles];
  static coreModule = 'mnist';
  static options = [
    { name: 'width', type: 'integer', default: 128, min: 2, max: 512, doc: 'features d (2 to 512)' },
    { name: 'groups', type: 'integer', default: 8, min: 1, max: 256, doc: 'groups g (1 is layer norm)' },
  ];

  async start() {
    const { width, groups } = this.config;
    // The width and groups of the latest rank the reader asked for: the state holds them.
    this.held.width = width;
    this.held.groups = groups;
    this.render(`
      <div class="controls">
        <label>width d <input type="number" min="2" max="512" step="1" value="${width}" data-width class="width-5em"></label>
        <label>groups g <input type="number" min="1" max="256" step="1" value="${groups}" data-groups class="width-4em"></label>
        <button data-compute>Compute the rank</button>
      </div>
      <div class="scroll-x" role="region" aria-label="the ranks, scrolls sideways" tabindex="0"><table><caption>The core's answers</caption>
        <thead><tr><th scope="col">d</th><th scope="col">g</th><th scope="col">rank of the Jacobian</th><th scope="col">d − 2g</th></tr></thead>
        <tbody data-rows></tbody></table></div>
      <p class="note error" aria-live="polite" data-problem></p>
      <p class="note" aria-live="polite" data-out="how"></p>`);
    const compute = () => {
      const d = this.readField('[data-width]', 'width');
      const g = d === undefined ? undefined : this.readField('[data-groups]', 'groups');
      if (g !== undefined && this.show(d, g, true)) {
        this.held.width = d;
        this.held.groups = g;
      }
    };
    this.$('[data-compute]').addEventListener('click', compute);
    for (const field of this.$$('[data-width], [data-groups]'))
      field.addEventListener('keydown', (e) => {
        if (e.key !== 'Enter') return;
        e.preventDefault();
        compute();
      });
    for (const [d, g] of PRESETS) this.show(d, g, false);
    if (!PRESETS.some(([d, g]) => d === width && g === groups)) this.show(width, groups, true);
  }

  /** A field's whole number, or undefined with the problem said in the reader's words. */
  readField(selector, name) {
    const text = this.$(selector).value.trim();
    const value = Number(text);
    if (text !== '' && Number.isInteger(value)) return value;
    this.refuse(
      text === '' ? `${name}: empty; type a whole number` : `${name}: ${singleQuoted(text)} is not a whole number`,
      'TypeError',
    );
    return undefined;
  }

  /** Says why nothing was computed (the error's type in data-error-name) and drops the stale caption. */
  refuse(sentence, name) {
    const problem = this.$('[data-problem]');
    showInert(problem, sentence);
    problem.dataset.errorName = name;
    this.out('how', '');
  }

  show(d, g, first) {
    let r;
    try {
      r = this.nl.mnistJacobianRank(d, g);
    } catch (e) {
      this.refuse(`${e.message[0].toUpperCase()}${e.message.slice(1)}.`, e.name);
      return false;
    }
    this.$('[data-problem]').textContent = '';
    delete this.$('[data-problem]').dataset.errorName;
    const row = `<tr><td>${d}</td><td>${g}</td><td><strong>${r.rank}</strong></td><td>${d - 2 * g}</td></tr>`;
    const body = this.$('[data-rows]');
    insertHtml(body, first ? 'afterbegin' : 'beforeend', row);
    this.out(
      'how',
      `d = ${d}, g = ${g}: rank ${r.rank} (d − 2g = ${d - 2 * g}). Rank by elimination of the ${d} × ${d} Jacobian at a random row, eps = ${r.eps}; the largest pivot dropped as zero was ${esc(r.largestDroppedPivot.toExponential(1))}, the smallest kept ${esc(r.smallestKeptPivot.toExponential(1))}.`,
    );
    return true;
  }
}

define('nl-mnist-freedom', NlMnistFreedom);
