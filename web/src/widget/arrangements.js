// How the page names the crowd network's arrangements (the core names them plain, batch, ...).
export const ARRANGEMENT_NAMES = Object.freeze({
  plain: 'plain',
  batch: 'batch layer',
  layer: 'layer norm',
  rms: 'RMS',
  weightNorm: 'weight norm',
  group: 'group norm',
});
