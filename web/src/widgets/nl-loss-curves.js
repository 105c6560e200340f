// <nl-loss-curves>: the five whole-crowd runs, the loss per epoch on a log scale, each run's
// crossing of 0.3 marked, final loss and accuracy in the legend. Trained in a worker, once per
// page for every widget that shows these runs; on a reader's own crowd (crowd-picker.js), in
// this widget's worker.
import { NlWidget, define } from '../widget/widget.js';
import { wholeCrowd } from '../work/whole-crowd.js';
import { chartAlternative, openAlternatives } from '../widget/charts.js';
import { readerStyles } from '../widget/reader-styles.js';
import { arrowKeys, rovingTabindex } from '../widget/focus.js';
import { ARRANGEMENT_NAMES as NAMES } from '../widget/arrangements.js';
import { fmt } from '../widget/format.js';
import { JOBS } from '../work/protocol.js';
import {
  attachCrowdPicker,
  crowdOption,
  crowdPickerHtml,
  crowdPickerStyles,
  restartWithCrowd,
  startingCrowd,
} from '../widget/crowd-picker.js';

const DASHES = { plain: [], batch: [6, 3], layer: [2, 2], rms: [8, 3, 2, 3], weightNorm: [1, 3] };

export class NlLossCurves extends NlWidget {
  static title = 'Loss curves';
  static styles = [readerStyles, crowdPickerStyles];
  static options = [crowdOption];

  async start() {
    const start = startingCrowd(this, this.config.crowd);
    this.panelsMade = false; // an earlier start's panels went with its body
    this.readerCrowd = start.crowd;
    this.crowdText = start.text;
    this.render(
      `<p class="loading" role="status">Training five networks on ${this.readerCrowd ? 'your' : 'the'} whole crowd…</p>`,
    );
    const { curves } = this.readerCrowd
      ? await this.worker.run(JOBS.wholeCrowd, {
          input: { crowd: this.readerCrowd },
          part: 'curves',
          signal: this.signal,
        })
      : await this.whileCurrent(wholeCrowd({ signal: this.signal }));
    if (this.readerCrowd) this.worker.free(); // its memory back until another crowd
    const epochs = curves.runs[0].losses.length;
    const marks = [1, 2, 3, 5, 10, 20, 50, 100, 200, epochs].filter((e, k, all) => e <= epochs && all.indexOf(e) === k);
    this.render(`${crowdPickerHtml()}
      <div class="controls" role="group" aria-label="arrangements shown (the chart's legend)">${curves.runs
        .map(
          (r) =>
            `<button data-show="${r.arrangement}" aria-pressed="true"><span class="swatch swatch-${r.arrangement}"></span>${NAMES[r.arrangement]}</button>`,
        )
        .join('')}</div>
      <div class="controls"><span class="group" role="group" aria-label="layout">
        <button data-layout="together" aria-pressed="true">All in one chart</button>
        <button data-layout="panels" aria-pressed="false">One panel each</button></span></div>
      <div class="multiples" hidden>${curves.runs
        .map(
          (r) =>
            `<figure data-panel="${r.arrangement}"><figcaption><span class="swatch swatch-${r.arrangement}"></span>${NAMES[r.arrangement]}</figcaption>
            <div class="chart small"><canvas role="img" aria-label="loss per epoch, ${NAMES[r.arrangement]} in colour, the others in grey" aria-describedby="curves-finding"></canvas></div></figure>`,
        )
        .join('')}</div>
      <div class="chart tall"><canvas role="img" aria-label="loss per epoch for each arrangement, log scale" aria-describedby="curves-finding"></canvas></div>
      ${chartAlternative({
        findingId: 'curves-finding',
        finding: `First epoch with the loss under ${curves.threshold}: ${curves.runs.map((r) => `${NAMES[r.arrangement]} ${r.firstEpochUnder || 'never'}`).join(', ')}; final loss after ${epochs} epochs: ${curves.runs.map((r) => `${NAMES[r.arrangement]} ${fmt(r.finalLoss, 4)}`).join(', ')}.`,
        caption: 'loss at a few epochs',
        columns: ['epoch', ...curves.runs.map((r) => NAMES[r.arrangement])],
        rows: marks.map((e) => [String(e), ...curves.runs.map((r) => fmt(r.losses[e - 1], 4))]),
      })}
      <div class="scroll-x" role="region" aria-label="crossings, scrolls sideways" tabindex="0"><table><caption>Crossing ${curves.threshold} and the end of training</caption>
        <thead><tr><th scope="col" class="start">arrangement</th><th scope="col">first epoch under ${curves.threshold}</th><th scope="col">final loss</th><th scope="col">final accuracy</th></tr></thead>
        <tbody>${curves.runs
          .map(
            (
              r,
            ) => `<tr><th scope="row" class="start"><span class="swatch swatch-${r.arrangement}"></span>${NAMES[r.arrangement]}</th>
          <td>${r.firstEpochUnder || 'never'}</td><td>${fmt(r.finalLoss, 4)}</td><td>${fmt(r.finalAccuracy, 2)}</td></tr>`,
          )
          .join('')}</tbody></table></div>`);
    openAlternatives(this.root);
    attachCrowdPicker(this, start, (text) => restartWithCrowd(this, text));
    const series = curves.runs.flatMap((r) => [
      {
        label: `${NAMES[r.arrangement]}: loss ${fmt(r.finalLoss, 4)}, accuracy ${fmt(r.finalAccuracy, 2)}`,
        arrangement: r.arrangement,
        data: Array.from(r.losses, (y, e) => ({ x: e + 1, y })),
        colourVar: `--nl-${r.arrangement}`,
        dash: DASHES[r.arrangement],
      },
      ...(r.firstEpochUnder
        ? [
            {
              label: `${NAMES[r.arrangement]} crosses ${curves.threshold}`,
              arrangement: r.arrangement,
              data: [{ x: r.firstEpochUnder, y: r.losses[r.firstEpochUnder - 1] }],
              colourVar: `--nl-${r.arrangement}`,
              points: 5,
              showLine: false,
              pointStyle: 'crossRot',
            },
          ]
        : []),
    ]);
    this.lines('chart', this.$('.chart.tall canvas'), series, {
      logY: true,
      xTitle: 'epoch',
      yTitle: 'loss (log scale)',
      legend: false, // the toggle buttons above are the legend, so the two never disagree
    });
    rovingTabindex(this.root);
    arrowKeys(this.body, { select: false });
    // Show or hide an arrangement (its line, its crossing mark, its panel) from the keyboard too.
    this.body.addEventListener('click', (e) => {
      const layout = e.target.closest('[data-layout]');
      if (layout) this.showLayout(layout.dataset.layout, curves, series);
      const b = e.target.closest('[data-show]');
      if (!b) return;
      const shown = b.getAttribute('aria-pressed') !== 'true';
      b.setAttribute('aria-pressed', String(shown));
      this.withLines('chart', (chart) => {
        series.forEach((s, k) => {
          if (s.arrangement === b.dataset.show) chart.setDatasetVisibility(k, shown);
        });
        chart.update('none');
      });
      this.$(`[data-panel="${b.dataset.show}"]`).hidden = !shown;
    });
  }

  /**
   * Small multiples: one panel per arrangement, its own line in colour over the others in grey,
   * so a line that runs under another (weight norm under plain) is still seen. Made on first use.
   */
  showLayout(layout, curves, series) {
    const panels = layout === 'panels';
    this.$$('[data-layout]').forEach((x) => x.setAttribute('aria-pressed', String(x.dataset.layout === layout)));
    rovingTabindex(this.root);
    this.$('.multiples').hidden = !panels;
    this.$('.chart.tall').hidden = panels;
    if (!panels || this.panelsMade) return;
    this.panelsMade = true;
    // Each panel's chart is made in a task of its own (lines).
    for (const r of curves.runs) {
      const own = series
        .filter((s) => s.arrangement === r.arrangement)
        .map((s) => (s.showLine === false ? s : { ...s, dash: [], width: 2.5 }));
      const others = series
        .filter((s) => s.arrangement !== r.arrangement && s.showLine !== false)
        .map((s) => ({ ...s, colourVar: '--nl-line', dash: [], width: 1 }));
      this.lines(`panel ${r.arrangement}`, this.$(`[data-panel="${r.arrangement}"] canvas`), [...others, ...own], {
        logY: true,
        xTitle: 'epoch',
        legend: false,
        tooltips: false,
      });
    }
  }
}

define('nl-loss-curves', NlLossCurves);
