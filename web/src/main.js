// The page (its formulas were typeset when it was built): fills the prose's figures from the core
// and defines every widget.
import './widgets/index.js';
import { fillProseFigures } from './prose-figures.js';
import { followHash } from './widget.js';
import { hashAnchor } from './widget-state.js';
import { warmPool } from './worker-pool.js';

// Widgets that train in the page's workers: one worker starts (and takes the compiled core) while
// the page lays out, so the first training does not wait for a worker to load.
const TRAINED_IN_WORKERS = 'nl-comparison, nl-loss-curves, nl-two-ways, nl-covariate-shift';
if (document.querySelector(TRAINED_IN_WORKERS)) warmPool();
fillProseFigures().catch((e) => console.error(e));
// The address bar links to what the reader sees: each widget's state is written into the hash.
followHash();

/**
 * A link to a heading (from the address or the contents) lands on it: sections far from the
 * window are laid out at a guessed height, so they are laid out for real first, and the heading
 * is brought back into view once the formulas and the widgets near it have settled.
 */
function landOnHash() {
  const target = document.getElementById(hashAnchor(location.hash));
  if (!target) return;
  document.documentElement.classList.add('laid-out');
  target.scrollIntoView();
  const timers = [100, 400, 1000, 2000].map((ms) => setTimeout(() => target.scrollIntoView(), ms));
  // The reader moving on stops the re-landing.
  const stop = () => timers.forEach(clearTimeout);
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'])
    addEventListener(type, stop, { once: true, passive: true });
}
landOnHash();
addEventListener('hashchange', landOnHash);
