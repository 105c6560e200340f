// <nl-weight-norm>: three tanh neurons with stored directions of lengths 1, 2.5 and 0.5 reading
// five of the crowd: forward equal to the dense layer, slopes against finite differences, the
// unprojected form's miss, and one step at learning rate 0.1 under both parameterisations.
import { NlWidget, define } from '../widget/widget.js';
import { fmt, sci } from '../widget/format.js';
import { blockRows } from '../widget/block-table.js';
import { readouts } from '../widget/readouts.js';

export class NlWeightNorm extends NlWidget {
  static title = 'Weight normalisation';
  static options = [];

  async start() {
    const v = this.nl.weightNormView();
    const cols = 3;
    const block = (data) => blockRows({ rows: data.length / cols, cols, data }, { rowLabel: (j) => `input ${j + 1}` });
    const head =
      '<thead><tr><td></td><th scope="col">neuron 1</th><th scope="col">neuron 2</th><th scope="col">neuron 3</th></tr></thead>';
    const s = v.step;
    this.render(`
      ${readouts(
        [
          { label: 'forward: weight-normalised vs dense layer', value: fmt(v.forwardGap, 4) },
          { label: 'direction slope vs finite difference', value: sci(v.directionGap) },
          { label: 'magnitude slope vs finite difference', value: sci(v.magnitudeGap) },
          { label: 'largest true direction slope', value: fmt(v.largestDirectionSlope, 4) },
          { label: "unprojected form's miss", value: fmt(v.unprojectedGap, 4) },
          {
            label: 'slope · direction, projected / unprojected',
            value: `${sci(v.projectedDot)} / ${fmt(v.unprojectedDot, 4)}`,
          },
        ],
        { live: false },
      )}
      <div class="blocks">
        <table><caption>stored directions (lengths ${v.directionLengths.map((l) => fmt(l, 4)).join(', ')})</caption>${head}<tbody>${block(v.direction)}</tbody></table>
        <table><caption>direction slope (projected)</caption>${head}<tbody>${block(v.directionSlope)}</tbody></table>
        <table><caption>finite difference</caption>${head}<tbody>${block(v.numericDirectionSlope)}</tbody></table>
        <table><caption>unprojected (wrong)</caption>${head}<tbody>${block(v.unprojectedSlope)}</tbody></table>
      </div>
      <h3>One step at learning rate ${fmt(s.learningRate, 2)} from the same slope</h3>
      <p>The two parameterisations land ${fmt(s.distance, 4)} apart (distance between the effective weights).</p>
      <table><caption>length of each neuron's effective weights</caption>${head}<tbody>
        <tr><th scope="row">before</th>${s.lengthsBefore.map((l) => `<td>${fmt(l, 4)}</td>`).join('')}</tr>
        <tr><th scope="row">after, weight norm</th>${s.weightNormLengthsAfter.map((l) => `<td>${fmt(l, 4)}</td>`).join('')}</tr>
        <tr><th scope="row">after, dense</th>${s.denseLengthsAfter.map((l) => `<td>${fmt(l, 4)}</td>`).join('')}</tr>
      </tbody></table>`);
  }
}

define('nl-weight-norm', NlWeightNorm);
