// How the page names the normalisers, in one table: the core's kind (its `kind` string) to the name
// the chapters' prose gives it and to the name of PyTorch's module the tutorial's tables print.
// A chapter with a name of its own for one of them (the essay's "batch layer") says so where it
// uses the table.
export const NORMALISER_NAMES = Object.freeze({
  batch: 'batch norm',
  layer: 'layer norm',
  rms: 'RMS norm',
  group: 'group norm',
});

export const NORMALISER_MODULES = Object.freeze({
  batch: 'BatchNorm',
  layer: 'LayerNorm',
  rms: 'RMSNorm',
  group: 'GroupNorm',
});
