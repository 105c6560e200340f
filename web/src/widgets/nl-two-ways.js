// <nl-two-ways>: the batch layer's accuracy after every step, asked properly (running figures)
// and by the batch's own statistics, and the number of epochs where the two disagree.
import { NlWidget, define } from '../widget/widget.js';
import { wholeCrowd } from '../work/whole-crowd.js';
import { chartAlternative, openAlternatives } from '../widget/charts.js';
import { readerStyles } from '../widget/reader-styles.js';
import { fixed } from '../widget/format.js';
import { readouts } from '../widget/readouts.js';

export class NlTwoWays extends NlWidget {
  static title = 'Asked two ways';
  static styles = [readerStyles];
  static options = [];

  async start() {
    this.render('<p class="loading" role="status">Training the batch network on the whole crowd…</p>');
    const { twoWays } = await this.whileCurrent(wholeCrowd({ signal: this.signal }));
    const epochs = twoWays.byRunning.length;
    const marks = [1, 2, 3, 5, 10, 20, 50, 100, 200, epochs].filter((e, k, all) => e <= epochs && all.indexOf(e) === k);
    this.render(`
      <div class="chart"><canvas role="img" aria-label="accuracy per epoch by running figures and by batch statistics" aria-describedby="two-ways-finding"></canvas></div>
      ${chartAlternative({
        findingId: 'two-ways-finding',
        finding: `After epoch 1 the running figures answer ${fixed(twoWays.byRunning[0], 2)} of the crowd right and the batch's statistics ${fixed(twoWays.byBatch[0], 2)}; the two differ on ${twoWays.epochsDiffering} of ${epochs} epochs; after the last, ${fixed(twoWays.byRunning[epochs - 1], 2)} and ${fixed(twoWays.byBatch[epochs - 1], 2)}.`,
        caption: 'accuracy on the crowd at a few epochs',
        columns: ['epoch', 'by running figures', 'by batch statistics'],
        rows: marks.map((e) => [String(e), fixed(twoWays.byRunning[e - 1], 2), fixed(twoWays.byBatch[e - 1], 2)]),
      })}
      ${readouts([
        { label: 'epochs where the two answers differ', value: `${twoWays.epochsDiffering} of ${epochs}` },
        {
          label: 'epoch 1: running figures / batch statistics',
          value: `${fixed(twoWays.byRunning[0], 2)} / ${fixed(twoWays.byBatch[0], 2)}`,
        },
        {
          label: 'last epoch',
          value: `${fixed(twoWays.byRunning[epochs - 1], 2)} / ${fixed(twoWays.byBatch[epochs - 1], 2)}`,
        },
      ])}`);
    openAlternatives(this.root);
    this.lines(
      'chart',
      this.$('canvas'),
      [
        {
          label: 'by running figures (predicting)',
          data: Array.from(twoWays.byRunning),
          colourVar: '--nl-batch',
          width: 2,
        },
        {
          label: 'by batch statistics (training)',
          data: Array.from(twoWays.byBatch),
          colourVar: '--nl-plain',
          width: 1.5,
          dash: [5, 3],
        },
      ],
      { xTitle: 'epoch', yTitle: 'accuracy on the crowd', yMin: 0, yMax: 1 },
    );
  }
}

define('nl-two-ways', NlTwoWays);
