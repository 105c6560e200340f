// How the page names the crowd network's arrangements (the core names them plain, batch, ...):
// the normalisers' names (normaliser-names.js) but the essay's own two, "batch layer" and the
// short "RMS" its tables use.
import { NORMALISER_NAMES } from './normaliser-names.js';

export const ARRANGEMENT_NAMES = Object.freeze({
  plain: 'plain',
  ...NORMALISER_NAMES,
  batch: 'batch layer',
  rms: 'RMS',
  weightNorm: 'weight norm',
});
