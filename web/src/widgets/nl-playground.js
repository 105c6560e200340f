// <nl-playground>: a block of rows you can edit, normalised live by the core under the batch,
// layer, RMS or group setting, with the statistics, the standardised and answered blocks, scale
// and shift per feature, "Undo exactly", Train / Predict, and a real Step.
import { NlWidget, define, esc } from '../widget/widget.js';
import { errorLine, showInert, singleQuoted } from '../host/inert.js';
import { fmt } from '../widget/format.js';
import { blockRows } from '../widget/block-table.js';
import { readouts } from '../widget/readouts.js';
import { arrowKeys, keepingFocus, rovingTabindex } from '../widget/focus.js';
import { readerStyles } from '../widget/reader-styles.js';
import { setHtml } from '../host/trusted-types.js';
import { NORMALISER_NAMES } from '../widget/normaliser-names.js';
import { BLOCK_COLUMNS } from '../host/limits.js';

/** How long the reader must pause typing before the summary is announced. */
const ANNOUNCE_AFTER_MS = 900;

// The essay calls its batch normaliser "the batch layer".
const KIND_NAMES = { ...NORMALISER_NAMES, batch: 'the batch layer' };

/**
 * Where focus goes when the control that had it is gone or disabled: from a removed row, the row
 * before it, else Add a row; from Remove a feature (disabled at one feature), Add a feature.
 */
function successor(selector) {
  if (selector.includes('data-remove-col')) return 'button[data-add-col]';
  const removed = /data-remove-row="(\d+)"/.exec(selector);
  if (!removed) return null;
  return `:is(button[data-remove-row="${Number(removed[1]) - 1}"]:not([disabled]), button[data-add-row])`;
}

const KINDS = [
  ['batch', 'Batch'],
  ['layer', 'Layer'],
  ['rms', 'RMS'],
  ['group', 'Group'],
];

export class NlPlayground extends NlWidget {
  static title = 'Playground';
  static styles = [readerStyles];
  static options = [
    {
      name: 'rows',
      type: 'block',
      default: '1,7;1,9;7,1;23,7',
      field: 'cells',
      doc: 'the block: rows separated by ";", values by ","',
    },
    {
      name: 'kind',
      type: 'string',
      default: 'batch',
      choices: ['batch', 'layer', 'rms', 'group'],
      doc: 'the normaliser',
    },
    {
      name: 'groups',
      type: 'integer',
      default: 2,
      min: 1,
      max: BLOCK_COLUMNS,
      doc: `group count for the group setting: it must divide the block's features (1 to ${BLOCK_COLUMNS})`,
    },
    { name: 'purpose', type: 'string', default: 'train', choices: ['train', 'predict'], doc: 'training or predicting' },
  ];

  /**
   * The options, with a group count that does not divide the block's features named in a notice
   * (when a link or an attribute gave it) and replaced by the largest count below it that does.
   */
  readOptions() {
    const read = super.readOptions();
    const features = read.values.rows.split(';')[0].split(',').length;
    const { groups } = read.values;
    if (features % groups !== 0) {
      const fits = divisors(features).filter((g) => g <= groups);
      const given = this.stated?.texts.groups !== undefined || this.getAttribute('groups') !== null;
      if (given) read.problems.push(`${groupsSentence(groups, features)} Using ${fits.at(-1)}.`);
      read.values.groups = fits.at(-1);
    }
    return read;
  }

  async start() {
    const c = this.config;
    this.cells = c.rows.split(';').map((r) => r.split(',').map((v) => v.trim()));
    this.held.kind = c.kind;
    this.held.groups = c.groups;
    this.held.purpose = c.purpose;
    this.scale = this.cells[0].map(() => '1');
    this.shift = this.cells[0].map(() => '0');
    this.running = null; // {mean, variance} of the batch layer, null = fresh
    this.steps = 0;
    this.offerReset = false;
    this.stepSaid = '';
    this.wire();
    arrowKeys(this.body);
    this.speaks = false; // announced from the reader's first change on, not for the first drawing
    this.build();
  }

  get cols() {
    return this.cells[0].length;
  }

  /** (Re)builds the editable grid; called when the shape changes. Focus stays on its control. */
  build() {
    keepingFocus(this.root, () => this.buildNow(), successor);
    this.update();
  }

  buildNow() {
    const r = this.cells.length;
    const d = this.cols;
    const cell = (i, j) => `<td data-j="${j}"><input type="text" inputmode="decimal" data-i="${i}" data-j="${j}"
      value="${esc(this.cells[i][j])}" aria-label="row ${i + 1}, feature ${j + 1}"></td>`;
    const param = (
      name,
      j,
    ) => `<td data-j="${j}"><input type="text" inputmode="decimal" data-param="${name}" data-j="${j}"
      value="${esc(this[name][j])}" aria-label="${name} of feature ${j + 1}"></td>`;
    this.render(`
      <div class="controls">
        <span class="group" role="group" aria-label="normaliser">${KINDS.map(
          ([k, label]) => `<button data-kind="${k}" aria-pressed="${k === this.held.kind}">${label}</button>`,
        ).join('')}</span>
        <label class="groups" ${this.held.kind === 'group' ? '' : 'hidden'}>groups
          <input type="text" inputmode="numeric" data-groups value="${this.held.groups}" class="width-3rem" aria-label="group count"></label>
        <span class="group" role="group" aria-label="purpose">
          <button data-purpose="train" aria-pressed="${this.held.purpose === 'train'}">Train</button>
          <button data-purpose="predict" aria-pressed="${this.held.purpose === 'predict'}">Predict</button>
        </span>
      </div>
      <p class="note axis-note"></p>
      <p class="note" data-offer-reset ${this.offerReset ? '' : 'hidden'}>Scale and shift were set under the previous axis.
        <button data-reset-params>Reset scale and shift to 1 and 0</button></p>
      <div class="scroll-x" role="region" aria-label="the block, scrolls sideways" tabindex="0"><table class="grid">
        <caption>The block (${r} × ${d}): edit any cell</caption>
        <thead><tr><th scope="col">row</th>${Array.from({ length: d }, (_, j) => `<th scope="col" data-j="${j}">feature ${j + 1}</th>`).join('')}<th class="rowstat" scope="col">row statistics</th><td></td></tr></thead>
        <tbody>${this.cells
          .map(
            (row, i) => `<tr data-row="${i}"><th scope="row">${i + 1}</th>${row.map((_, j) => cell(i, j)).join('')}
          <td class="rowstat" data-stat-row="${i}"></td>
          <td><button data-remove-row="${i}" aria-label="remove row ${i + 1}" ${r <= 1 ? 'disabled' : ''}>−</button></td></tr>`,
          )
          .join('')}</tbody>
        <tfoot>
          <tr class="colstat"><th scope="row">mean</th>${Array.from({ length: d }, (_, j) => `<td data-stat="mean" data-j="${j}"></td>`).join('')}<td></td><td></td></tr>
          <tr class="colstat"><th scope="row">variance</th>${Array.from({ length: d }, (_, j) => `<td data-stat="variance" data-j="${j}"></td>`).join('')}<td></td><td></td></tr>
          <tr class="colstat"><th scope="row">deviation</th>${Array.from({ length: d }, (_, j) => `<td data-stat="deviation" data-j="${j}"></td>`).join('')}<td></td><td></td></tr>
          <tr><th scope="row">scale</th>${Array.from({ length: d }, (_, j) => param('scale', j)).join('')}<td></td><td></td></tr>
          <tr><th scope="row">shift</th>${Array.from({ length: d }, (_, j) => param('shift', j)).join('')}<td></td><td></td></tr>
        </tfoot>
      </table></div>
      <div class="controls">
        <button data-add-row>Add a row</button>
        <button data-add-col>Add a feature</button>
        <button data-remove-col ${d <= 1 ? 'disabled' : ''}>Remove a feature</button>
        <button data-undo>Undo exactly</button>
        <button data-step>Step</button>
        <button data-reset>Reset the running figures</button>
      </div>
      <p class="note" data-undo-why hidden></p>
      <p class="note" data-step-said></p>
      <p class="error" role="alert" hidden></p>
      <div class="blocks">
        <div class="scroll-x"><table class="standardised"><caption>standardised</caption><tbody></tbody></table></div>
        <div class="scroll-x"><table class="answer"><caption>answer = scale × standardised + shift</caption><tbody></tbody></table></div>
      </div>
      ${readouts(
        [
          { label: 'largest gap between the answer and the raw block', out: 'gap', value: '–' },
          { label: 'running mean (predicting)', out: 'rmean', value: '–' },
          { label: 'running variance (predicting)', out: 'rvar', value: '–' },
          { label: 'steps taken', out: 'steps', value: String(this.steps) },
        ],
        { live: false },
      )}
      <p data-announce aria-live="polite" class="visually-hidden"></p>`);
  }

  /** Listens once on the widget's body; build() replaces only what is inside it. */
  wire() {
    this.body.addEventListener('input', (e) => {
      this.speaks = true;
      const t = e.target;
      if (t.dataset.i !== undefined) this.cells[t.dataset.i][t.dataset.j] = t.value;
      else if (t.dataset.param) this[t.dataset.param][t.dataset.j] = t.value;
      else if (t.dataset.groups !== undefined) this.held.groups = Number(t.value);
      this.update();
    });
    this.body.addEventListener('click', (e) => {
      const b = e.target.closest('button');
      if (!b) return;
      this.speaks = true;
      if (b.dataset.kind) {
        if (b.dataset.kind === this.held.kind) return;
        this.held.kind = b.dataset.kind;
        this.running = null;
        this.steps = 0;
        this.stepSaid = '';
        this.offerReset = this.scale.some((v) => v !== '1') || this.shift.some((v) => v !== '0');
        this.build();
      } else if (b.hasAttribute('data-reset-params')) {
        this.scale = this.scale.map(() => '1');
        this.shift = this.shift.map(() => '0');
        this.offerReset = false;
        this.build();
        this.$('[data-kind][aria-pressed="true"]')?.focus();
      } else if (b.dataset.purpose) {
        this.held.purpose = b.dataset.purpose;
        this.$$('[data-purpose]').forEach((x) => x.setAttribute('aria-pressed', String(x === b)));
        this.update();
      } else if (b.dataset.removeRow !== undefined) {
        this.cells.splice(Number(b.dataset.removeRow), 1);
        this.build();
      } else if (b.hasAttribute('data-add-row')) {
        this.cells.push(this.cells[this.cells.length - 1].slice());
        this.build();
      } else if (b.hasAttribute('data-add-col')) {
        this.cells.forEach((row) => row.push('0'));
        this.scale.push('1');
        this.shift.push('0');
        this.running = null;
        this.build();
      } else if (b.hasAttribute('data-remove-col')) {
        this.cells.forEach((row) => row.pop());
        this.scale.pop();
        this.shift.pop();
        this.running = null;
        this.build();
      } else if (b.hasAttribute('data-undo')) {
        this.undo();
      } else if (b.hasAttribute('data-step')) {
        this.step();
      } else if (b.hasAttribute('data-reset')) {
        this.running = null;
        this.steps = 0;
        this.stepSaid = 'The running figures are back at their start.';
        this.update();
      }
    });
  }

  /** The layer the controls describe, built by the core (which refuses what it must). */
  layer() {
    const nl = this.nl;
    let layer = nl.normaliser({
      kind: this.held.kind,
      features: this.cols,
      groups: this.held.kind === 'group' ? this.held.groups : undefined,
    });
    layer = nl.withScaleShift(layer, this.scale.map(parse), this.shift.map(parse));
    if (this.running && layer.kind === 'batch') layer = nl.withRunning(layer, this.running.mean, this.running.variance);
    return layer;
  }

  block() {
    return this.cells.map((row) => row.map(parse));
  }

  undo() {
    try {
      const r = this.nl.train(this.layer(), this.block());
      // Undo exactly: scale = the column's deviation, shift = its mean (batch statistics).
      this.scale = Array.from(r.deviation, (v) => String(v));
      this.shift = Array.from(r.mean, (v) => String(v));
      this.$$('[data-param="scale"]').forEach((el, j) => {
        el.value = this.scale[j];
      });
      this.$$('[data-param="shift"]').forEach((el, j) => {
        el.value = this.shift[j];
      });
      this.update();
    } catch (e) {
      this.showError(e);
    }
  }

  step() {
    try {
      const nl = this.nl;
      const layer = this.layer();
      const x = this.block();
      const response = nl.train(layer, x);
      const zero = x.map((row) => row.map(() => 0));
      const next = nl.step(layer, nl.backward(layer, response, zero), 1);
      if (next.kind === 'batch') {
        this.running = { mean: Array.from(next.runningMean), variance: Array.from(next.runningVariance) };
        this.steps += 1;
        this.stepSaid = `Step ${this.steps} folded this batch's mean and variance a little into the running figures; scale and shift stay as you set them (the arriving slope is zero).`;
      } else {
        this.stepSaid = `Step moved nothing: ${KIND_NAMES[this.held.kind]} keeps no running figures, and with a zero arriving slope scale and shift stay put.`;
      }
      this.update();
    } catch (e) {
      this.showError(e);
    }
  }

  /**
   * Shows a refusal in the reader's words: text that is not a number is named as typed (the core
   * saw only NaN); any other refusal keeps the core's message. The typed name stays on the
   * paragraph (data-error-name) for tests and scripts.
   */
  showError(e) {
    const p = this.$('.error');
    p.hidden = false;
    p.dataset.errorName = e.name;
    const typed = e.name === 'NonFiniteError' ? this.unreadable() : null;
    if (typed) {
      const t = typed.text.trim();
      showInert(p, `${typed.where}: ${t === '' ? 'empty; type a number' : `not a number: ${singleQuoted(t)}`}`);
    } else {
      showInert(p, errorLine(e));
    }
  }

  /** The first field, in the order the core reads them, whose text is no number at all. */
  unreadable() {
    const fields = [
      ...this.scale.map((text, j) => ({ where: `scale of feature ${j + 1}`, text })),
      ...this.shift.map((text, j) => ({ where: `shift of feature ${j + 1}`, text })),
      ...this.cells.flatMap((row, i) => row.map((text, j) => ({ where: `row ${i + 1}, feature ${j + 1}`, text }))),
    ];
    return fields.find(({ text }) => Number.isNaN(parse(text))) ?? null;
  }

  update() {
    this.compute();
    rovingTabindex(this.root);
    this.$('[data-step-said]').textContent = this.stepSaid ?? '';
    clearTimeout(this.announcing);
    if (this.speaks) this.announcing = setTimeout(() => this.speakSummary(), ANNOUNCE_AFTER_MS);
  }

  /** A short summary for screen readers, once the reader has stopped typing. */
  speakSummary() {
    const p = this.$('[data-announce]');
    if (!p) return;
    const err = this.$('.error');
    p.textContent = err.hidden
      ? `${KIND_NAMES[this.held.kind]}, ${this.held.purpose === 'predict' ? 'predicting' : 'training'}: largest gap between the answer and the raw block ${this.$('[data-out="gap"]').textContent}.`
      : `Refused: ${err.textContent}`;
  }

  compute() {
    const nl = this.nl;
    const err = this.$('.error');
    const byColumns = this.held.kind === 'batch';
    this.$('.axis-note').textContent = byColumns
      ? 'Batch: the sums run down each column, over the rows (one mean and deviation per feature).'
      : this.held.kind === 'group'
        ? groupNote(this.held.groups, this.cols)
        : `${this.held.kind === 'rms' ? 'RMS: no centring; the divisor is the root mean square' : 'Layer: the sums run along each row'}, over the features (one figure per row).`;
    this.$$('.colstat').forEach((tr) => {
      tr.hidden = !byColumns;
    });
    this.$$('.rowstat').forEach((td) => {
      td.hidden = byColumns;
    });
    this.$('.groups').hidden = this.held.kind !== 'group';
    this.$$('[data-i]').forEach((el) => {
      const v = el.value.trim();
      el.setAttribute('aria-invalid', String(v === '' || !Number.isFinite(Number(v))));
    });
    this.$$('td[data-j], th[data-j]').forEach((td) => td.classList.remove('band'));
    try {
      const layer = this.layer();
      const x = this.block();
      const predicting = this.held.purpose === 'predict';
      const r = nl.train(layer, x);
      const answer = predicting ? nl.infer(layer, x) : r.output;
      err.hidden = true;
      this.fillStats(r, byColumns);
      this.fillBlock(
        '.standardised tbody',
        r.standardised,
        predicting && layer.kind === 'batch' ? 'predicting: see the answer' : '',
      );
      this.fillBlock('.answer tbody', answer);
      this.out('gap', fmt(nl.largestGap(answer, x), 7));
      const hasRunning = layer.kind === 'batch';
      this.out('rmean', hasRunning ? Array.from(layer.runningMean, (v) => fmt(v, 7)).join(', ') : 'none (no batch)');
      this.out('rvar', hasRunning ? Array.from(layer.runningVariance, (v) => fmt(v, 7)).join(', ') : 'none (no batch)');
      this.out('steps', String(this.steps));
      const why = !byColumns
        ? 'Undo exactly needs one mean and deviation per feature: it works under Batch.'
        : predicting
          ? 'Undo exactly inverts the batch’s own statistics, which only training uses: switch to Train to use it.'
          : '';
      this.$('[data-undo]').disabled = why !== '';
      this.$('[data-undo]').setAttribute('aria-describedby', 'undo-why');
      this.$('[data-undo-why]').id = 'undo-why';
      this.$('[data-undo-why]').hidden = why === '';
      this.$('[data-undo-why]').textContent = why;
    } catch (e) {
      this.showError(e);
      // Nothing computed stands beside a refused block: no stale statistics or answers.
      this.$$('.standardised tbody, .answer tbody').forEach((t) => {
        t.replaceChildren();
      });
      this.$$('[data-stat], [data-stat-row]').forEach((td) => {
        td.textContent = '–';
      });
      this.out('gap', '–');
      this.out('rmean', '–');
      this.out('rvar', '–');
    }
    this.paintBands(byColumns);
  }

  /** Highlights the index sets the sums run over: alternate columns (batch) or rows (the others). */
  paintBands(byColumns) {
    if (byColumns) {
      this.$$('td[data-j], th[data-j]').forEach((td) => td.classList.toggle('band', Number(td.dataset.j) % 2 === 0));
    } else {
      this.$$('tbody tr[data-row]').forEach((tr, i) => {
        tr.querySelectorAll('td[data-j]').forEach((td) => td.classList.toggle('band', i % 2 === 0));
      });
    }
  }

  fillStats(r, byColumns) {
    if (byColumns) {
      for (const stat of ['mean', 'variance', 'deviation']) {
        this.$$(`[data-stat="${stat}"]`).forEach((td, j) => {
          td.textContent = fmt(r[stat][j], 7);
        });
      }
      return;
    }
    const perRow = r.mean.length / this.cells.length;
    this.$$('[data-stat-row]').forEach((td, i) => {
      const parts = [];
      for (let g = 0; g < perRow; g++) {
        const s = i * perRow + g;
        const label = perRow > 1 ? `g${g + 1} ` : '';
        parts.push(
          this.held.kind === 'rms'
            ? `${label}rms ${fmt(r.deviation[s], 7)}`
            : `${label}m ${fmt(r.mean[s], 4)}, s ${fmt(r.deviation[s], 7)}`,
        );
      }
      td.textContent = parts.join('; ');
    });
  }

  fillBlock(selector, block, note = '') {
    setHtml(
      this.$(selector),
      blockRows(block, { show: (v) => fmt(v, 7) }) +
        (note ? `<tr><td colspan="${block.cols + 1}" class="note">${esc(note)}</td></tr>` : ''),
    );
  }
}

/** The whole numbers that divide n (n >= 1), smallest first. */
function divisors(n) {
  return Array.from({ length: n }, (_, k) => k + 1).filter((g) => n % g === 0);
}

/** "1, 2 or 4": the group counts that divide these features. */
const fitting = (features) => {
  const all = divisors(features);
  return all.length === 1 ? '1' : `${all.slice(0, -1).join(', ')} or ${all.at(-1)}`;
};

/** Why this group count cannot split these features, in the reader's words. */
function groupsSentence(groups, features) {
  const said = Number.isInteger(groups) && groups >= 1 ? `${groups} groups` : 'The group count';
  return `${said} cannot split the block's ${features} feature${features === 1 ? '' : 's'} into equal groups: the group count must divide the features (here ${fitting(features)}).`;
}

/** The axis note under the group setting: the size of each group, or why there is none. */
function groupNote(groups, features) {
  if (!Number.isInteger(groups) || groups < 1 || features % groups !== 0)
    return `Group: ${groupsSentence(groups, features)}`;
  const size = features / groups;
  return `Group: the sums run along contiguous groups of ${size} feature${size === 1 ? '' : 's'} in each row (${groups} group${groups === 1 ? '' : 's'}).`;
}

/** A cell's text as a number for the core: empty or unreadable text becomes NaN, which the core refuses by name. */
function parse(text) {
  const t = String(text).trim();
  if (t === '') return Number.NaN;
  if (/^[-+]?inf(inity)?$/i.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  return Number(t.replace('−', '-'));
}

define('nl-playground', NlPlayground);
