// The widget registry: every widget, by chapter in reading order. A widget is the module
// widgets/<tag>.js defining the element <tag>; the pages (page/main.js, page/mnist-main.js), the
// embedding script and guide, the browser tests and the page benchmark read their lists from
// here. Plain data, so Node can import it too.
export const ESSAY_WIDGETS = Object.freeze([
  'nl-covariate-shift',
  'nl-playground',
  'nl-running-average',
  'nl-gradient-check',
  'nl-two-numbers',
  'nl-weight-norm',
  'nl-comparison',
  'nl-loss-curves',
  'nl-two-ways',
  'nl-behaviours',
  'nl-checklist',
]);

export const TUTORIAL_WIDGETS = Object.freeze([
  'nl-bowl',
  'nl-drift',
  'nl-mean-spread',
  'nl-batch-by-hand',
  'nl-momentum',
  'nl-batch-size',
  'nl-toggles',
  'nl-rms-timing',
  'nl-pre-post-norm',
  'nl-starting-slopes',
  'nl-warm-up',
  'nl-parameter-count',
]);

export const MNIST_WIDGETS = Object.freeze([
  'nl-mnist-lab',
  'nl-mnist-circle',
  'nl-mnist-freedom',
  'nl-mnist-batch-size',
]);

export const ALL_WIDGETS = Object.freeze([...ESSAY_WIDGETS, ...TUTORIAL_WIDGETS, ...MNIST_WIDGETS]);
