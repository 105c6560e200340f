// <nl-loss-curves>: the five whole-crowd runs, the loss per epoch on a log scale, each run's
// crossing of 0.3 marked, final loss and accuracy in the legend. Trained in a worker, once per
// page for every widget that shows these runs.
import { NlWidget, define } from '../widget.js';
import { lineChart } from '../charts.js';
import { ARRANGEMENT_NAMES as NAMES } from '../arrangements.js';
import { fmt } from '../format.js';

const DASHES = { plain: [], batch: [6, 3], layer: [2, 2], rms: [8, 3, 2, 3], weightNorm: [1, 3] };

export class NlLossCurves extends NlWidget {
  static title = 'Loss curves';
  static options = [];

  async start() {
    this.render('<p class="loading" role="status">Training five networks on the whole crowd…</p>');
    const { curves } = await this.wholeCrowd();
    this.render(`
      <div class="controls" role="group" aria-label="arrangements shown">${curves.runs
        .map(
          (r) =>
            `<button data-show="${r.arrangement}" aria-pressed="true"><span class="swatch" style="background:var(--nl-${r.arrangement})"></span>${NAMES[r.arrangement]}</button>`,
        )
        .join('')}</div>
      <div class="chart tall"><canvas role="img" aria-label="loss per epoch for five arrangements, log scale"></canvas></div>
      <table><caption>Crossing ${curves.threshold} and the end of training</caption>
        <thead><tr><th scope="col" style="text-align:left">arrangement</th><th scope="col">first epoch under ${curves.threshold}</th><th scope="col">final loss</th><th scope="col">final accuracy</th></tr></thead>
        <tbody>${curves.runs
          .map(
            (
              r,
            ) => `<tr><th scope="row" style="text-align:left"><span class="swatch" style="background:var(--nl-${r.arrangement})"></span>${NAMES[r.arrangement]}</th>
          <td>${r.firstEpochUnder || 'never'}</td><td>${fmt(r.finalLoss, 4)}</td><td>${fmt(r.finalAccuracy, 2)}</td></tr>`,
          )
          .join('')}</tbody></table>`);
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
    this.chart = this.own(
      lineChart(this, this.$('canvas'), series, {
        logY: true,
        xTitle: 'epoch',
        yTitle: 'loss (log scale)',
      }),
    );
    this.chart.options.plugins.legend.labels.filter = (item) => !item.text.includes('crosses');
    this.chart.update('none');
    // Show or hide an arrangement (its line and its crossing mark) from the keyboard too.
    this.body.addEventListener('click', (e) => {
      const b = e.target.closest('[data-show]');
      if (!b) return;
      const shown = b.getAttribute('aria-pressed') !== 'true';
      b.setAttribute('aria-pressed', String(shown));
      series.forEach((s, k) => {
        if (s.arrangement === b.dataset.show) this.chart.setDatasetVisibility(k, shown);
      });
      this.chart.update('none');
    });
  }
}

define('nl-loss-curves', NlLossCurves);
