// <nl-two-ways>: the batch layer's accuracy after every step, asked properly (running figures)
// and by the batch's own statistics, and the number of epochs where the two disagree.
import { NlWidget, define } from '../widget.js';
import { lineChart } from '../charts.js';
import { fmt } from '../format.js';
import { readouts } from '../readouts.js';

export class NlTwoWays extends NlWidget {
  static title = 'Asked two ways';
  static options = [];

  async start() {
    this.render('<p class="loading" role="status">Training the batch network on the whole crowd…</p>');
    const { twoWays } = await this.wholeCrowd();
    const epochs = twoWays.byRunning.length;
    this.render(`
      <div class="chart"><canvas role="img" aria-label="accuracy per epoch by running figures and by batch statistics"></canvas></div>
      ${readouts([
        { label: 'epochs where the two answers differ', value: `${twoWays.epochsDiffering} of ${epochs}` },
        {
          label: 'epoch 10: running figures / batch statistics',
          value: `${fmt(twoWays.byRunning[9], 2)} / ${fmt(twoWays.byBatch[9], 2)}`,
        },
        {
          label: 'last epoch',
          value: `${fmt(twoWays.byRunning[epochs - 1], 2)} / ${fmt(twoWays.byBatch[epochs - 1], 2)}`,
        },
      ])}`);
    this.own(
      lineChart(
        this,
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
      ),
    );
  }
}

define('nl-two-ways', NlTwoWays);
