// <nl-gradient-check>: the passed-down block, the naive block and the finite difference side by
// side, with their disagreements, their sums along the axis, and the parameter slopes.
import { NlWidget, define, esc } from '../widget/widget.js';
import { errorLine, showInert } from '../host/inert.js';
import { fixed, fmt, sci } from '../widget/format.js';
import { blockRows } from '../widget/block-table.js';
import { readouts } from '../widget/readouts.js';
import { keepingFocus } from '../widget/focus.js';
import { readerStyles } from '../widget/reader-styles.js';
import { setHtml } from '../host/trusted-types.js';

const CASES = {
  'batch-four': 'batch layer, the whole-number four',
  'layer-three': 'layer norm, a three-feature block',
  'layer-four': 'layer norm, the whole-number four',
};

export class NlGradientCheck extends NlWidget {
  static title = 'Gradient check';
  static styles = [readerStyles];
  static options = [
    {
      name: 'case',
      type: 'string',
      default: 'batch-four',
      choices: Object.keys(CASES),
      field: 'which',
      doc: 'which layer and block',
    },
  ];

  async start() {
    this.which = this.config.case;
    this.dy = null;
    // Listeners live on the body, which outlasts every re-render of this start.
    this.body.addEventListener('change', (e) => {
      if (!e.target.matches('[data-case]')) return;
      this.which = e.target.value;
      this.build();
    });
    this.body.addEventListener('click', (e) => {
      if (e.target.closest('[data-reset-slope]')) this.build();
    });
    this.body.addEventListener('input', (e) => {
      const t = e.target;
      if (t.dataset.i === undefined) return;
      this.dy[t.dataset.i][t.dataset.j] = t.value;
      this.update();
    });
    this.build();
  }

  /** Draws the case afresh; the control that caused it (the menu, the reset button) keeps focus. */
  build() {
    keepingFocus(this.root, () => this.buildNow());
  }

  buildNow() {
    const view = this.nl.gradientCheckView(this.which);
    this.dy = Array.from({ length: view.rows }, (_, i) =>
      Array.from(view.dy.slice(i * view.cols, (i + 1) * view.cols), String),
    );
    this.render(`
      <div class="controls">
        <label>case <select data-case aria-label="layer and block">${Object.entries(CASES)
          .map(([k, v]) => `<option value="${k}" ${k === this.which ? 'selected' : ''}>${esc(v)}</option>`)
          .join('')}</select></label>
        <button data-reset-slope>Slope counting 1, 2, 3…</button>
      </div>
      <div class="blocks">
        <div class="scroll-x"><table><caption>input block</caption><tbody data-block="x"></tbody></table></div>
        <div class="scroll-x"><table><caption>arriving slope (edit)</caption><tbody data-slope></tbody></table></div>
      </div>
      <p class="error" role="alert" hidden></p>
      <div class="blocks" data-results>
        <div class="scroll-x"><table><caption>passed down (three routes)</caption><tbody data-block="dx"></tbody><tfoot data-sum="dx"></tfoot></table></div>
        <div class="scroll-x"><table><caption>naive d / s</caption><tbody data-block="naive"></tbody><tfoot data-sum="naive"></tfoot></table></div>
        <div class="scroll-x"><table><caption>finite difference</caption><tbody data-block="numeric"></tbody><tfoot data-sum="numeric"></tfoot></table></div>
      </div>
      ${readouts([
        { label: 'passed down vs finite difference', out: 'trueGap' },
        { label: 'naive vs finite difference', out: 'naiveGap' },
        { label: 'largest true slope', out: 'largest' },
        { label: 'scale slopes', out: 'dscale' },
        { label: 'shift slopes', out: 'dshift' },
      ])}`);
    const tbody = this.$('[data-slope]');
    setHtml(
      tbody,
      this.dy
        .map(
          (row, i) =>
            `<tr><th scope="row">${i + 1}</th>${row
              .map(
                (v, j) =>
                  `<td><input type="text" inputmode="decimal" value="${esc(v)}" data-i="${i}" data-j="${j}" aria-label="arriving slope, row ${i + 1}, feature ${j + 1}"></td>`,
              )
              .join('')}</tr>`,
        )
        .join(''),
    );
    this.update(view);
  }

  update(given) {
    const err = this.$('.error');
    let view = given;
    try {
      view ??= this.nl.gradientCheckView(
        this.which,
        this.dy.map((row) => row.map((v) => (v.trim() === '' ? Number.NaN : Number(v)))),
      );
      err.hidden = true;
    } catch (e) {
      err.hidden = false;
      showInert(err, errorLine(e));
      // Nothing computed from an earlier slope stands beside the refusal.
      for (const name of ['dx', 'naive', 'numeric']) {
        this.$(`[data-block="${name}"]`).replaceChildren();
        this.$(`[data-sum="${name}"]`).replaceChildren();
      }
      for (const name of ['trueGap', 'naiveGap', 'largest', 'dscale', 'dshift']) this.out(name, '–');
      return;
    }
    const sumLabel = view.axis === 'batch' ? 'column sums' : 'row sums';
    for (const name of ['x', 'dx', 'naive', 'numeric']) {
      const show = name === 'x' ? (v) => fmt(v, 4) : (v) => fixed(v, 4); // slopes in aligned columns
      setHtml(
        this.$(`[data-block="${name}"]`),
        blockRows({ rows: view.rows, cols: view.cols, data: view[name] }, { show }),
      );
      if (name !== 'x') {
        const sums = view.sums[name];
        setHtml(
          this.$(`[data-sum="${name}"]`),
          view.axis === 'batch'
            ? `<tr><th scope="row" title="${sumLabel}">Σ</th>${sums.map((s) => `<td>${small(s)}</td>`).join('')}</tr>`
            : `<tr><th scope="row">Σ rows</th><td colspan="${view.cols}">${sums.map(small).join(', ')}</td></tr>`,
        );
      }
    }
    this.out('trueGap', sci(view.trueGap));
    this.out('naiveGap', fmt(view.naiveGap, 4));
    this.out('largest', fmt(view.largestTrueSlope, 4));
    this.out('dscale', view.dscale.map((v) => fmt(v, 4)).join(', '));
    this.out('dshift', view.dshift.map((v) => fmt(v, 4)).join(', '));
  }
}

function small(v) {
  return Math.abs(v) < 1e-4 && v !== 0 ? sci(v) : fmt(v, 4);
}

define('nl-gradient-check', NlGradientCheck);
