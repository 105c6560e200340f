// The MNIST lab's four networks (the core's arrangements, api/mnist.js), as its instruments name
// and colour them.
import { NORMALISER_NAMES } from '../../widget/normaliser-names.js';

export { MNIST_ARRANGEMENTS as ARRANGEMENTS } from '../../api/mnist.js';
export const LABELS = {
  plain: 'plain (no normalisation)',
  batch: NORMALISER_NAMES.batch,
  layer: NORMALISER_NAMES.layer,
  group: `${NORMALISER_NAMES.group} (8 groups)`,
};
export const COLOURS = { plain: '--nl-plain', batch: '--nl-batch', layer: '--nl-layer', group: '--nl-group' };
/** The names a table's column or row takes, as the chapter's text names them: a phone's table fits. */
export const SHORT_LABELS = {
  plain: 'plain',
  batch: NORMALISER_NAMES.batch,
  layer: NORMALISER_NAMES.layer,
  group: NORMALISER_NAMES.group,
};
