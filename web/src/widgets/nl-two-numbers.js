// <nl-two-numbers>: twenty of the crowd (height, weight) under layer norm (every row becomes
// plus or minus one), RMS (rows stay apart) and the batch layer (columns keep their differences);
// or the first twenty of a reader's own crowd (crowd-picker.js).
import { NlWidget, define } from '../widget/widget.js';
import { fixed, fmt, sci } from '../widget/format.js';
import { arrowKeys, rovingTabindex } from '../widget/focus.js';
import { readerStyles } from '../widget/reader-styles.js';
import {
  attachCrowdPicker,
  crowdOption,
  crowdPickerHtml,
  crowdPickerStyles,
  restartWithCrowd,
  startingCrowd,
} from '../widget/crowd-picker.js';
import { setHtml } from '../host/trusted-types.js';

const MODES = [
  ['layer', 'Layer norm'],
  ['rms', 'RMS'],
  ['batch', 'Batch layer'],
];

export class NlTwoNumbers extends NlWidget {
  static title = 'The row of two numbers';
  static styles = [readerStyles, crowdPickerStyles];
  static options = [
    {
      name: 'kind',
      type: 'string',
      default: 'layer',
      choices: ['layer', 'rms', 'batch'],
      doc: 'the normaliser shown first',
    },
    crowdOption,
  ];

  async start() {
    const start = startingCrowd(this, this.config.crowd);
    this.readerCrowd = start.crowd;
    this.crowdText = start.text;
    const v = (this.view = this.readerCrowd ? this.nl.twoNumbersViewOf(this.readerCrowd) : this.nl.twoNumbersView());
    this.held.kind = this.config.kind;
    this.render(`${crowdPickerHtml()}
      <div class="controls"><span class="group" role="group" aria-label="normaliser">${MODES.map(
        ([k, label]) => `<button data-kind="${k}" aria-pressed="${k === this.held.kind}">${label}</button>`,
      ).join('')}</span></div>
      <p aria-live="polite" data-summary></p>
      <p class="scroll-cue" data-cue>${v.people} rows: the table scrolls for the rest of them.</p>
      <div class="scroll-y scroll-x" role="region" aria-label="the people's rows, scrolls" tabindex="0"><table><caption>${this.readerCrowd ? `The first ${v.people} of your ${this.readerCrowd.labels.length} people` : `The first ${v.people} of the essay's ${this.nl.crowd().labels.length} people`}</caption>
        <thead><tr><th scope="col">person</th><th scope="col">height (cm)</th><th scope="col">weight (kg)</th><th scope="col">answer: height</th><th scope="col">answer: weight</th></tr></thead>
        <tbody></tbody></table></div>`);
    this.body.addEventListener('click', (e) => {
      const b = e.target.closest('[data-kind]');
      if (!b) return;
      this.held.kind = b.dataset.kind;
      this.$$('[data-kind]').forEach((x) => x.setAttribute('aria-pressed', String(x === b)));
      this.draw();
    });
    attachCrowdPicker(this, start, (text) => restartWithCrowd(this, text));
    arrowKeys(this.body);
    this.draw({ cueLater: true });
  }

  /** cueLater: whether the scroll cue is set in a task of its own (it lays the table out). */
  draw({ cueLater = false } = {}) {
    const v = this.view;
    const out = v[this.held.kind].output;
    setHtml(
      this.$('tbody'),
      Array.from(
        { length: v.people },
        (_, i) => `<tr><th scope="row">${i + 1}</th>
      <td>${fmt(v.x[2 * i], 1)}</td><td>${fmt(v.x[2 * i + 1], 2)}</td>
      <td>${fixed(out[2 * i], 4)}</td><td>${fixed(out[2 * i + 1], 4)}</td></tr>`,
      ).join(''),
    );
    rovingTabindex(this.root);
    const cue = () => {
      const box = this.$('.scroll-y');
      this.$('[data-cue]').hidden = box.scrollHeight <= box.clientHeight + 1;
    };
    if (cueLater) this.inOwnTask(cue);
    else cue();
    this.$('[data-summary]').textContent = this.summary(v);
  }

  /** The sentence under the table for the arrangement held, true of the crowd shown. */
  summary(v) {
    // The people's rows as the table prints them, in and out: people who differ going in but print
    // alike coming out are no longer told apart.
    const printed = (values, places, show) =>
      new Set(
        Array.from(
          { length: v.people },
          (_, i) => `${show(values[2 * i], places[0])},${show(values[2 * i + 1], places[1])}`,
        ),
      ).size;
    const apartIn = printed(v.x, [1, 2], fmt);
    const apartOut = (kind) => printed(v[kind].output, [4, 4], fixed);
    const heightsAlike = Array.from({ length: v.people }, (_, i) => v.x[2 * i]).every((h) => h === v.x[0]);
    const people = this.readerCrowd ? `${v.people}` : 'twenty';
    // A row whose two numbers are equal has no spread: it comes out 0, 0, not a +1 and a −1.
    const level = Array.from({ length: v.people }, (_, i) => v.x[2 * i] === v.x[2 * i + 1]).filter(Boolean).length;
    return {
      layer: level
        ? `A row whose two numbers are equal has no spread to divide by and comes out as 0, 0 (${level} of these ${v.people} people); every other row comes out as a +1 and a −1.`
        : `Every row comes out as ${this.readerCrowd ? 'a +1 and a −1' : '+1, −1'}: the largest distance from ±1 over ${this.readerCrowd ? `these ${v.people} people's` : 'all'} ${2 * v.people} values is ${sci(v.layer.largestDistanceFromOne)} (that is epsilon's doing), and the slope passed down through it is at most ${sci(v.layer.largestPassedDown)}.`,
      rms:
        apartOut('rms') === apartIn
          ? 'No centring: each row keeps its proportions, so the people stay apart.'
          : `No centring: each row keeps its proportions, so rows in the same proportions come out alike: ${apartIn} different rows go in, ${apartOut('rms')} come out.`,
      batch: heightsAlike
        ? `Down the columns, the ${people} heights are all the same: there is no spread to divide by, and height tells no one apart.`
        : `Down the columns, ${people} heights have a spread worth dividing by: the people keep their differences.`,
    }[this.held.kind];
  }
}

define('nl-two-numbers', NlTwoNumbers);
