// <nl-weight-norm>: three tanh neurons with stored directions of lengths 1, 2.5 and 0.5 reading
// five of the crowd: forward equal to the dense layer, slopes against finite differences, the
// unprojected form's miss, and one step at stride 0.1 under both parameterisations.
import { NlWidget, core, define } from '../widget.js';
import { fmt, sci } from '../format.js';

export class NlWeightNorm extends NlWidget {
  static title = 'Weight normalisation';
  static options = [];

  async start() {
    const nl = await core();
    const v = nl.weightNormView();
    const cols = 3;
    const block = (data) =>
      Array.from(
        { length: data.length / cols },
        (_, j) =>
          `<tr><th scope="row">input ${j + 1}</th>${Array.from({ length: cols }, (_, k) => `<td>${fmt(data[j * cols + k], 4)}</td>`).join('')}</tr>`,
      ).join('');
    const head =
      '<thead><tr><th></th><th scope="col">neuron 1</th><th scope="col">neuron 2</th><th scope="col">neuron 3</th></tr></thead>';
    const s = v.step;
    this.render(`
      <div class="readouts">
        <div class="readout"><span>forward: weight-normalised vs dense layer</span><b>${fmt(v.forwardGap, 4)}</b></div>
        <div class="readout"><span>direction slope vs finite difference</span><b>${sci(v.directionGap)}</b></div>
        <div class="readout"><span>magnitude slope vs finite difference</span><b>${sci(v.magnitudeGap)}</b></div>
        <div class="readout"><span>largest true direction slope</span><b>${fmt(v.largestDirectionSlope, 4)}</b></div>
        <div class="readout"><span>unprojected form's miss</span><b>${fmt(v.unprojectedGap, 4)}</b></div>
        <div class="readout"><span>slope · direction, projected / unprojected</span><b>${sci(v.projectedDot)} / ${fmt(v.unprojectedDot, 4)}</b></div>
      </div>
      <div class="blocks">
        <table><caption>stored directions (lengths ${v.directionLengths.map((l) => fmt(l, 4)).join(', ')})</caption>${head}<tbody>${block(v.direction)}</tbody></table>
        <table><caption>direction slope (projected)</caption>${head}<tbody>${block(v.directionSlope)}</tbody></table>
        <table><caption>finite difference</caption>${head}<tbody>${block(v.numericDirectionSlope)}</tbody></table>
        <table><caption>unprojected (wrong)</caption>${head}<tbody>${block(v.unprojectedSlope)}</tbody></table>
      </div>
      <h3>One step at stride ${fmt(s.stride, 2)} from the same slope</h3>
      <p>The two parameterisations land ${fmt(s.distance, 4)} apart (distance between the effective weights).</p>
      <table><caption>length of each neuron's effective weights</caption>${head}<tbody>
        <tr><th scope="row">before</th>${s.lengthsBefore.map((l) => `<td>${fmt(l, 4)}</td>`).join('')}</tr>
        <tr><th scope="row">after, weight norm</th>${s.weightNormLengthsAfter.map((l) => `<td>${fmt(l, 4)}</td>`).join('')}</tr>
        <tr><th scope="row">after, dense</th>${s.denseLengthsAfter.map((l) => `<td>${fmt(l, 4)}</td>`).join('')}</tr>
      </tbody></table>`);
  }
}

define('nl-weight-norm', NlWeightNorm);
