// The MNIST chapter (its formulas were typeset when it was built): defines its widgets. The digits are
// fetched only when the reader presses Train in the lab.
import { MNIST_WIDGETS } from '../widgets/registry.js';
import { loadWidgetOrSay } from './widget-loading.js';
import { compiledCore } from '../core-module.js';
import { core } from '../host/core.js';
import { followHash, landOnHash } from '../host/hash.js';
import { wakeSectionsNearTheWindow } from '../host/section-waking.js';
import { holdTheReadersPlace } from '../host/reader-place.js';
import { workOffline } from './offline.js';

// Sections a window away are woken (laid out and painted for good) before the reader reaches them;
// a jump across those farther away holds its place.
wakeSectionsNearTheWindow();
holdTheReadersPlace();

// The widgets' core module loads (script and .wasm) from now on, beside their scripts (loaded
// below), not once they have loaded (a failure is theirs to report).
compiledCore('mnist').catch(() => {});
core('mnist').catch(() => {});
const defined = Promise.all(MNIST_WIDGETS.map(loadWidgetOrSay));
defined.catch(() => {});
// After one visit the chapter works offline (a new version waits until the reader takes it); the
// page has booted once its widgets are defined and its core runs.
workOffline(Promise.all([defined, core('mnist')]));
// The address bar links to what the reader sees: each widget's state is written into the hash.
followHash();
// A link to a section lands on it, once the page around it has settled.
landOnHash();
addEventListener('hashchange', landOnHash);
