// The essay's and the tutorial's pages (their formulas were typeset when they were built): fills
// the prose's figures from the core and defines the widgets each holds.
import { ALL_WIDGETS, TUTORIAL_WIDGETS } from '../widgets/registry.js';
import { loadWidgetOrSay } from './widget-loading.js';
import { fillProseFigures } from './prose-figures.js';
import { compiledCore } from '../core-module.js';
import { core } from '../host/core.js';
import { followHash, landOnHash } from '../host/hash.js';
import { warmPool } from '../work/pool.js';
import { wakeSectionsNearTheWindow } from '../host/section-waking.js';
import { holdTheReadersPlace } from '../host/reader-place.js';
import { workOffline } from './offline.js';

// Sections a window away are woken (laid out and painted for good) before the reader reaches them;
// a jump across those farther away holds its place.
wakeSectionsNearTheWindow();
holdTheReadersPlace();

// Widgets that train in the page's workers: one worker starts (and takes the compiled core) while
// the page lays out, so the first training does not wait for a worker to load.
const TRAINED_IN_WORKERS = 'nl-comparison, nl-loss-curves, nl-two-ways, nl-covariate-shift';
if (document.querySelector(TRAINED_IN_WORKERS)) warmPool();
// The tutorial's widgets call a core module of their own: it loads (script and .wasm) from now on,
// beside the widgets' scripts, not once they have loaded (a failure is theirs to report).
if (TUTORIAL_WIDGETS.some((tag) => document.querySelector(tag))) {
  compiledCore('tutorial').catch(() => {});
  core('tutorial').catch(() => {});
}
fillProseFigures().catch((e) => console.error(e));
// The address bar links to what the reader sees: each widget's state is written into the hash.
followHash();
// A link to a section lands on it, once the page around it has settled.
landOnHash();
addEventListener('hashchange', landOnHash);

/**
 * Defines the widgets this page holds, one per task, the nearest to the middle of the window
 * first: defining an element upgrades (builds) every one of it on the page, and all of them at
 * once made one long task. One that fails to load says so and the rest still load; the page has
 * then not booted (the promise rejects with the first failure).
 */
async function defineWidgets() {
  const tags = ALL_WIDGETS.filter((tag) => document.querySelector(tag));
  const distance = (tag) =>
    Math.min(
      ...[...document.querySelectorAll(tag)].map((el) => Math.abs(el.getBoundingClientRect().top - innerHeight / 2)),
    );
  const nearest = new Map(tags.map((tag) => [tag, distance(tag)]));
  tags.sort((a, b) => nearest.get(a) - nearest.get(b));
  const failures = [];
  for (const tag of tags) {
    await loadWidgetOrSay(tag).catch((e) => failures.push(e));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  if (failures.length > 0) throw failures[0];
}
const defined = defineWidgets();
defined.catch(() => {}); // each failure is logged and shown where it happened
// After one visit the chapter works offline (a new version waits until the reader takes it); the
// page has booted once its widgets are defined and its core runs.
workOffline(Promise.all([defined, core()]));
