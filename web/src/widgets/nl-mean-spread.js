// <nl-mean-spread>: a short list of numbers you can edit; the core answers the mean, each
// distance and its square, the variance, the standard deviation and the standardised list, and
// the same list times 1000 standardised again, to show that the units are forgotten.
import { NlWidget, define, esc } from '../widget/widget.js';
import { errorLine, showInert, singleQuoted } from '../host/inert.js';
import { fmt } from '../widget/format.js';
import { readouts } from '../widget/readouts.js';
import { keepingFocus } from '../widget/focus.js';
import { readerStyles } from '../widget/reader-styles.js';
import { setHtml } from '../host/trusted-types.js';

/** Numbers a link or an attribute may start the list with (the reader may add more). */
const MOST_NUMBERS = 12;

/** Three significant digits for display. */
const sig = (v) => fmt(Number(v.toPrecision(3)), 12);

/** What is wrong with a field's text that is no number, in the reader's words. */
const unreadable = (text) =>
  text.trim() === '' ? 'empty; type a number' : `not a number: ${singleQuoted(text.trim())}`;

export class NlMeanSpread extends NlWidget {
  static title = 'Mean, variance and standard deviation';
  static styles = [readerStyles];
  static coreModule = 'tutorial';
  static options = [
    {
      name: 'numbers',
      type: 'list',
      default: ['3', '4', '5'],
      maxItems: MOST_NUMBERS,
      field: 'values',
      doc: `the starting list, comma-separated (at most ${MOST_NUMBERS} numbers)`,
    },
  ];

  async start() {
    this.values = [...this.config.numbers];
    this.build();
  }

  build() {
    this.render(`
      <div class="controls" data-inputs>${this.values
        .map(
          (v, k) => `<label>x<sub>${k + 1}</sub> <input type="text" inputmode="decimal" value="${esc(v)}" data-k="${k}"
            class="width-4-5rem" aria-label="number ${k + 1}" aria-describedby="mean-spread-note"></label>`,
        )
        .join('')}
        <button data-add aria-label="add a number">+</button>
        <button data-remove aria-label="remove the last number" ${this.values.length < 2 ? 'disabled' : ''}>−</button>
      </div>
      ${readouts([
        { label: 'mean', out: 'mean' },
        { label: 'variance', out: 'variance' },
        { label: 'standard deviation', out: 'deviation' },
      ])}
      <div class="scroll-x" role="region" aria-label="every step, scrolls sideways" tabindex="0"><table><caption>Every step</caption>
        <thead><tr><th scope="col">x</th><th scope="col">distance x − mean</th><th scope="col">its square</th>
          <th scope="col">standard&shy;ised</th><th scope="col">standard&shy;ised, after x × 1000</th></tr></thead>
        <tbody></tbody></table></div>
      <p class="note" aria-live="polite" id="mean-spread-note" data-note></p>`);
    this.$('[data-inputs]').addEventListener('input', (e) => {
      const k = e.target.dataset.k;
      if (k === undefined) return;
      this.values[Number(k)] = e.target.value;
      this.update();
    });
    this.$('[data-add]').addEventListener('click', () => {
      this.values.push(this.values[this.values.length - 1] ?? '0');
      this.rebuild();
    });
    this.$('[data-remove]').addEventListener('click', () => {
      if (this.values.length > 1) this.values.pop();
      this.rebuild();
    });
    this.update();
  }

  /** Builds again with focus kept on the button pressed, or on "+" once "−" is disabled. */
  rebuild() {
    const hadFocus = this.root.activeElement !== null;
    keepingFocus(this.root, () => this.build());
    if (hadFocus && !this.root.activeElement) this.$('[data-add]').focus();
  }

  update() {
    const numbers = this.values.map((s) => (s.trim() === '' ? Number.NaN : Number(s.replace('−', '-'))));
    const note = this.$('[data-note]');
    // The number the core refused is marked as the playground marks a bad cell; the others are not.
    const mark = (bad) => {
      for (const input of this.root.querySelectorAll('input[data-k]'))
        input.setAttribute('aria-invalid', String(Number(input.dataset.k) === bad));
      note.classList.toggle('error', bad !== null);
    };
    let v;
    try {
      v = this.nl.meanAndSpreadView(numbers);
    } catch (e) {
      // Text that is no number reaches the core as NaN; the refusal names what the reader typed.
      const k = numbers.findIndex(Number.isNaN);
      mark(k >= 0 ? k : -1);
      note.dataset.errorName = e.name;
      showInert(
        note,
        e.name === 'NonFiniteError' && k >= 0 ? `number ${k + 1}: ${unreadable(this.values[k])}` : errorLine(e),
      );
      for (const name of ['mean', 'variance', 'deviation']) this.out(name, '–');
      this.$('tbody').replaceChildren();
      return;
    }
    delete note.dataset.errorName;
    mark(null);
    this.out('mean', sig(v.mean));
    this.out('variance', sig(v.variance));
    this.out('deviation', sig(v.deviation));
    setHtml(
      this.$('tbody'),
      Array.from(
        v.numbers,
        (x, k) => `<tr><td>${fmt(x)}</td><td>${sig(v.distances[k])}</td><td>${sig(v.squares[k])}</td>
        <td>${sig(v.standardised[k])}</td><td>${sig(v.scaled.standardised[k])}</td></tr>`,
      ).join(''),
    );
    note.textContent =
      v.deviation === 0
        ? 'Every number is the same: there is no spread to divide by, so each standardises to 0.'
        : `Multiplying every number by ${fmt(v.scaled.factor)} moves no standardised number by more than ${
            v.scaled.largestGap === 0 ? '0' : v.scaled.largestGap.toExponential(1)
          }.`;
  }
}

define('nl-mean-spread', NlMeanSpread);
