// The widgets' views: figures the page shows beyond a single layer call, computed by the core
// and handed over as JSON text.

export function viewsApi(core, h) {
  const { answer, block, checkString, record } = h;
  const view = (text) => JSON.parse(answer(text));
  return {
    /** The gradient-check widget's figures: which = 'batch-four' | 'layer-three' | 'layer-four'; dy optional. */
    gradientCheckView(which, dy) {
      const args = [checkString(which, 'the case'), dy === undefined ? undefined : block(dy, 'arriving slope')];
      return view(core.gradientCheckView(...args));
    },
    /** Twenty of the crowd under layer, RMS and batch normalisation. */
    twoNumbersView() {
      return view(core.twoNumbersView(undefined));
    },
    /**
     * Weight normalisation on three tanh neurons reading five of the crowd: slopes, checks and one
     * step both ways. setting (optional, else weightNormDefaultSetting()): {direction: a 2-by-3
     * block (inputs by neurons), magnitude: three numbers, learningRate}.
     */
    weightNormView(setting) {
      const fields = { direction: 'block', magnitude: 'numbers', learningRate: 'number' };
      return view(core.weightNormView(setting === undefined ? undefined : record(setting, fields, 'setting')));
    },
    /** The weight-normalisation view's default setting: {direction: {rows, cols, data}, magnitude, learningRate}. */
    weightNormDefaultSetting() {
      return core.weightNormDefaultSetting();
    },
    /** Every edge case run through the core: [{group, case, outcome: {error} | {answer}}]. */
    behavioursView() {
      return view(core.behavioursView());
    },
    /** The checklist of a complete layer, answered from the core's settings: [{question, answer}]. */
    checklistView() {
      return view(core.checklistView());
    },
    /** Largest absolute difference between two blocks of one shape. */
    largestGap(a, b) {
      return answer(core.largestGap(block(a, 'first block'), block(b, 'second block')));
    },
  };
}
