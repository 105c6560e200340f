// Every widget: importing this module defines all the custom elements.
import './nl-covariate-shift.js';
import './nl-playground.js';
import './nl-running-average.js';
import './nl-gradient-check.js';
import './nl-two-numbers.js';
import './nl-weight-norm.js';
import './nl-comparison.js';
import './nl-loss-curves.js';
import './nl-two-ways.js';
import './nl-behaviours.js';
import './nl-checklist.js';
