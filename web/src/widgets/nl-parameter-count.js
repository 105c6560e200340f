// <nl-parameter-count>: learned parameters and buffers of batch, layer and RMS norm at a width,
// read from the core's normalisers.
import { NlWidget, define } from '../widget/widget.js';
import { errorLine, showInert } from '../host/inert.js';
import { readerStyles } from '../widget/reader-styles.js';
import { grouped } from '../widget/format.js';
import { setHtml } from '../host/trusted-types.js';
import { NORMALISER_MODULES as NAMES } from '../widget/normaliser-names.js';

const WHAT = {
  batch: 'scale γ and shift β; running mean and variance as buffers',
  layer: 'scale γ and shift β',
  rms: 'scale γ only (no mean, so no shift)',
};

export class NlParameterCount extends NlWidget {
  static title = 'Counting parameters';
  static styles = [readerStyles];
  static coreModule = 'tutorial';
  static options = [
    { name: 'width', type: 'integer', default: 3, min: 1, max: 100000, doc: 'features per normaliser' },
  ];

  async start() {
    this.held.width = Math.max(1, this.config.width);
    this.render(`
      <div class="controls">
        <label>width <input type="number" min="1" max="100000" step="1" value="${this.held.width}" data-width aria-label="width"></label>
        <span class="group" role="group" aria-label="common widths">${[3, 64, 768, 4096]
          .map((w) => `<button data-preset="${w}">${w}</button>`)
          .join('')}</span>
      </div>
      <div class="scroll-x" role="region" aria-label="parameter counts, scrolls sideways" tabindex="0"><table><caption aria-live="polite" data-caption></caption>
        <thead><tr><th scope="col">normaliser</th><th scope="col">learned parameters</th><th scope="col">buffers (not learned)</th><th scope="col" class="start">what they are</th></tr></thead>
        <tbody></tbody></table></div>
      <p class="note error" aria-live="polite" data-problem></p>`);
    this.$('[data-width]').addEventListener('change', (e) =>
      this.show(e.target.value.trim() === '' ? Number.NaN : Number(e.target.value)),
    );
    this.$('[role="group"]').addEventListener('click', (e) => {
      const b = e.target.closest('[data-preset]');
      if (b) this.show(Number(b.dataset.preset));
    });
    this.show(this.held.width);
  }

  show(width) {
    let counts;
    try {
      counts = this.nl.parameterCountView(width);
    } catch (e) {
      const problem = this.$('[data-problem]');
      problem.dataset.errorName = e.name;
      showInert(problem, Number.isNaN(width) ? 'width: empty; type a number' : errorLine(e));
      this.$('[data-caption]').textContent = 'No width';
      this.$('tbody').replaceChildren();
      return;
    }
    delete this.$('[data-problem]').dataset.errorName;
    this.held.width = width;
    this.$('[data-width]').value = String(width);
    this.$('[data-problem]').textContent = '';
    this.$('[data-caption]').textContent = `At width ${grouped(width)}`;
    setHtml(
      this.$('tbody'),
      counts
        .map(
          (c) => `<tr><th scope="row">${NAMES[c.kind]}</th><td>${grouped(c.learned)}</td>
          <td>${grouped(c.buffers)}</td><td class="start">${WHAT[c.kind]}</td></tr>`,
        )
        .join(''),
    );
  }
}

define('nl-parameter-count', NlParameterCount);
