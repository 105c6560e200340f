// <nl-weight-norm>: three tanh neurons reading five of the crowd, their weights stored as
// directions v and magnitudes g that the reader edits, with a learning rate the reader picks. The
// core answers, for that setting: the forward pass against the dense layer, the projected direction
// slope against finite differences, the unprojected form's miss, and one step under both
// parameterisations.
import { NlWidget, define, esc } from '../widget/widget.js';
import { errorLine, showInert, singleQuoted } from '../host/inert.js';
import { fmt, sci } from '../widget/format.js';
import { blockRows } from '../widget/block-table.js';
import { readouts } from '../widget/readouts.js';
import { readerStyles } from '../widget/reader-styles.js';
import { setHtml } from '../host/trusted-types.js';
import { NonFiniteError } from '../errors.js';

const INPUTS = ['height', 'weight'];
const NEURONS = 3;

/** The rows of a block's text, as strings (the inputs' contents). */
const rowsOf = (text) => text.split(';').map((r) => r.split(','));
/** A typed entry as a number: an empty box is NaN, which the core refuses by name. */
const numberOf = (text) => (String(text).trim() === '' ? Number.NaN : Number(text));

export class NlWeightNorm extends NlWidget {
  static title = 'Weight normalisation';
  static styles = [readerStyles];
  // The defaults are the core's default setting (weightNormDefaultSetting; a test holds them equal).
  static options = [
    {
      name: 'direction',
      type: 'block',
      default: '0.6,-1.5,0.3;0.8,2,-0.4',
      doc: 'the stored directions v: a row for height, a row for weight, a column per neuron (2 rows of 3)',
      live: (w) => w.directionText,
    },
    {
      name: 'magnitude',
      type: 'list',
      default: ['1', '1.5', '0.5'],
      doc: 'the magnitudes g, one per neuron (3)',
      live: (w) => w.magnitudes?.map((g) => g.trim()),
    },
    {
      name: 'learning-rate',
      type: 'number',
      default: 0.1,
      min: 0.001,
      max: 10,
      doc: 'the learning rate of the one step (0.001 to 10)',
    },
  ];

  /**
   * The options, with a direction block that is not 2 rows of 3, or magnitudes that are not 3,
   * named in a notice and replaced by the default before anything is drawn (the widget has a box
   * for each of those values, and no more).
   */
  readOptions() {
    const read = super.readOptions();
    const [direction, magnitude] = NlWeightNorm.options;
    const rows = rowsOf(read.values.direction);
    if (rows.length !== INPUTS.length || rows[0].length !== NEURONS) {
      read.problems.push(
        `direction has ${rows.length} rows of ${rows[0].length}; it takes ${INPUTS.length} rows (height, weight) of ${NEURONS} (one per neuron). Using the default.`,
      );
      read.values.direction = direction.default;
    }
    if (read.values.magnitude.length !== NEURONS) {
      read.problems.push(
        `magnitude has ${read.values.magnitude.length} values; it takes ${NEURONS}, one per neuron. Using the default.`,
      );
      read.values.magnitude = magnitude.default;
    }
    return read;
  }

  async start() {
    const c = this.config;
    this.directionRows = rowsOf(c.direction);
    this.magnitudes = [...c.magnitude];
    this.held.learningRate = c['learning-rate'];
    const neuronHead = `<thead><tr><td></td>${Array.from({ length: NEURONS }, (_, k) => `<th scope="col">neuron ${k + 1}</th>`).join('')}</tr></thead>`;
    const box = (value, data, label) =>
      `<td><input type="text" inputmode="decimal" size="6" value="${esc(value)}" ${data} aria-label="${esc(label)}"></td>`;
    const editRows = this.directionRows
      .map(
        (row, i) =>
          `<tr><th scope="row">v, ${INPUTS[i] ?? `input ${i + 1}`}</th>${row
            .map((v, k) =>
              box(v, `data-v-i="${i}" data-v-k="${k}"`, `direction of neuron ${k + 1}, ${INPUTS[i] ?? i + 1}`),
            )
            .join('')}</tr>`,
      )
      .join('');
    const magnitudeRow = `<tr><th scope="row">g</th>${this.magnitudes
      .map((g, k) => box(g, `data-g="${k}"`, `magnitude of neuron ${k + 1}`))
      .join('')}</tr>`;
    // The rate's box has no min: its arrow steps then count from the value shown (a min of 0.001
    // made them go 0.1, 0.101); the core refuses a rate of 0 or below by name.
    this.render(`
      <div class="blocks">
        <div class="scroll-x"><table><caption>directions v and magnitudes g (edit)</caption>${neuronHead}<tbody>${editRows}${magnitudeRow}</tbody></table></div>
      </div>
      <div class="controls">
        <label>learning rate <input type="number" max="10" step="0.05" value="${this.held.learningRate}" data-rate aria-label="learning rate"></label>
      </div>
      <p class="error" role="alert" data-problem hidden></p>
      <div data-results>
        ${readouts([
          { label: 'forward: weight-normalised vs dense layer', out: 'forward' },
          { label: 'direction slope vs finite difference', out: 'direction-gap' },
          { label: 'magnitude slope vs finite difference', out: 'magnitude-gap' },
          { label: 'largest true direction slope', out: 'largest' },
          { label: "unprojected form's miss", out: 'miss' },
          { label: 'slope · direction, projected / unprojected', out: 'dots' },
        ])}
        <div class="blocks">
          <div class="scroll-x"><table><caption>direction slope (projected)</caption>${neuronHead}<tbody data-block="directionSlope"></tbody></table></div>
          <div class="scroll-x"><table><caption>finite difference</caption>${neuronHead}<tbody data-block="numericDirectionSlope"></tbody></table></div>
          <div class="scroll-x"><table><caption>unprojected (wrong)</caption>${neuronHead}<tbody data-block="unprojectedSlope"></tbody></table></div>
        </div>
        <h3 data-step-title></h3>
        <p aria-live="polite" data-distance></p>
        <div class="scroll-x"><table><caption>length of each neuron's effective weights</caption>${neuronHead}<tbody data-lengths></tbody></table></div>
      </div>`);
    this.body.addEventListener('input', (e) => {
      const t = e.target;
      if (t.dataset.vI !== undefined) this.directionRows[t.dataset.vI][t.dataset.vK] = t.value;
      else if (t.dataset.g !== undefined) this.magnitudes[t.dataset.g] = t.value;
      else if (t.matches('[data-rate]')) this.held.learningRate = numberOf(t.value);
      else return;
      this.update();
    });
    this.update();
  }

  /** The direction as its option's text (the state's), from the boxes as typed. */
  get directionText() {
    return this.directionRows?.map((row) => row.map((v) => v.trim()).join(',')).join(';');
  }

  /** The first box whose text is no number, named with what it holds; null when all are numbers. */
  unreadable() {
    const boxes = [
      ...this.directionRows.flatMap((row, i) =>
        row.map((text, k) => [text, `the direction of neuron ${k + 1}, ${INPUTS[i]},`]),
      ),
      ...this.magnitudes.map((text, k) => [text, `the magnitude of neuron ${k + 1}`]),
      [this.$('[data-rate]').value, 'the learning rate'],
    ];
    const found = boxes.find(([text]) => Number.isNaN(numberOf(text)));
    if (!found) return null;
    const [text, what] = found;
    const said = String(text).trim();
    return new NonFiniteError(
      said === '' ? `${what} is empty` : `${what} reads ${singleQuoted(said)}, which is not a number`,
    );
  }

  update() {
    const problem = this.$('[data-problem]');
    const results = this.$('[data-results]');
    let v;
    try {
      // A box of text that is no number is named as typed (the core would see only NaN).
      const unreadable = this.unreadable();
      if (unreadable) throw unreadable;
      v = this.nl.weightNormView({
        direction: this.directionRows.map((row) => row.map(numberOf)),
        magnitude: this.magnitudes.map(numberOf),
        learningRate: this.held.learningRate,
      });
    } catch (e) {
      // No figure of an earlier setting stands beside the refusal.
      problem.hidden = false;
      problem.dataset.errorName = e.name;
      showInert(problem, errorLine(e));
      results.hidden = true;
      return;
    }
    problem.hidden = true;
    delete problem.dataset.errorName;
    results.hidden = false;
    this.out('forward', fmt(v.forwardGap, 4));
    this.out('direction-gap', sci(v.directionGap));
    this.out('magnitude-gap', sci(v.magnitudeGap));
    this.out('largest', fmt(v.largestDirectionSlope, 4));
    this.out('miss', fmt(v.unprojectedGap, 4));
    this.out('dots', `${sci(v.projectedDot)} / ${fmt(v.unprojectedDot, 4)}`);
    const rowLabel = (i) => INPUTS[i];
    for (const name of ['directionSlope', 'numericDirectionSlope', 'unprojectedSlope'])
      setHtml(this.$(`[data-block="${name}"]`), blockRows({ rows: 2, cols: NEURONS, data: v[name] }, { rowLabel }));
    const s = v.step;
    this.$('[data-step-title]').textContent = `One step at learning rate ${fmt(s.learningRate, 4)} from the same slope`;
    this.$('[data-distance]').textContent =
      `The stored directions have lengths ${v.directionLengths.map((l) => fmt(l, 4)).join(', ')}. ` +
      `After the step the two parameterisations land ${fmt(s.distance, 4)} apart (distance between the effective weights).`;
    const lengthRow = (label, lengths) =>
      `<tr><th scope="row">${label}</th>${lengths.map((l) => `<td>${fmt(l, 4)}</td>`).join('')}</tr>`;
    setHtml(
      this.$('[data-lengths]'),
      lengthRow('before', s.lengthsBefore) +
        lengthRow('after, weight norm', s.weightNormLengthsAfter) +
        lengthRow('after, dense', s.denseLengthsAfter),
    );
  }
}

define('nl-weight-norm', NlWeightNorm);
