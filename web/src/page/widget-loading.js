// A chapter's widgets, each loaded on its own: one whose script cannot be had (a host's passing
// 503, a file missing from a deploy) says so in its place, and the widgets after it still load.
import { loadWidget } from '../widgets/modules.js';
import { outdatedPageSentence } from '../host/site-build.js';

/**
 * Loads (and so defines) the widget <tag>; a failure is written into every <tag> of the page (its
 * data-not-loaded, which the page's style shows in its place) and then thrown.
 */
export async function loadWidgetOrSay(tag) {
  try {
    await loadWidget(tag);
  } catch (e) {
    console.error(e);
    const sentence =
      (await outdatedPageSentence().catch(() => null)) ??
      `This instrument's script could not be loaded (${String(e?.message ?? e).slice(0, 300)}). Reloading the page tries again.`;
    for (const element of document.querySelectorAll(tag)) element.dataset.notLoaded = sentence;
    throw e;
  }
}
