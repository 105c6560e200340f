// A chapter's widgets, each loaded on its own: one whose script cannot be had (a host's passing
// 503, a file missing from a deploy) says so in its place, and the widgets after it still load.
import { loadWidget } from '../widgets/modules.js';
import { outdatedPageSentence } from '../host/site-build.js';

// Whether the page itself is outdated (its address asked once, however many widgets failed).
let outdated = null;
const outdatedOnce = () => (outdated ??= outdatedPageSentence().catch(() => null));

/**
 * Loads (and so defines) the widget <tag>; a failure is written into every <tag> of the page at
 * once (its data-not-loaded, which the page's style shows in its place) and then thrown. The
 * sentence becomes the site's outdated-page sentence once the page's address says that is why;
 * the next widget does not wait for that.
 */
export async function loadWidgetOrSay(tag) {
  try {
    await loadWidget(tag);
  } catch (e) {
    console.error(e);
    const say = (sentence) => {
      for (const element of document.querySelectorAll(tag)) element.dataset.notLoaded = sentence;
    };
    say(
      `This instrument's script could not be loaded (${String(e?.message ?? e).slice(0, 300)}). Reloading the page tries again.`,
    );
    outdatedOnce().then((sentence) => sentence && say(sentence));
    throw e;
  }
}
