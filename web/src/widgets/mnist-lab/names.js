// The MNIST lab's four networks, as its instruments name and colour them.
export const ARRANGEMENTS = ['plain', 'batch', 'layer', 'group'];
export const LABELS = {
  plain: 'no normalisation',
  batch: 'batch norm',
  layer: 'layer norm',
  group: 'group norm (8 groups)',
};
export const COLOURS = { plain: '--nl-plain', batch: '--nl-batch', layer: '--nl-layer', group: '--nl-group' };
/** The names a table's column or row takes, as the chapter's text names them: a phone's table fits. */
export const SHORT_LABELS = { plain: 'plain', batch: 'batch norm', layer: 'layer norm', group: 'group norm' };
