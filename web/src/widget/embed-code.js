// The code a host pastes to show a widget as the reader sees it now: the script and the
// element (for pages that run scripts), and an iframe of the site's frame page (for platforms
// that allow no scripts). Both carry the widget's present state.
import { siteRoot } from '../host/site-root.js';
import { esc } from './escape.js';

/**
 * Whether the tools offer embed code: on the built site, whose folder holds the script and the
 * frame page the snippets name; not in the npm package's build (package/vite.config.js defines
 * __NORMLAB_PACKAGE__), whose files sit wherever a host's bundler puts them.
 */
export const embedCodeOffered = typeof __NORMLAB_PACKAGE__ === 'undefined';

/** The frame page's fixed height when no helper resizes it (px); it scrolls inside beyond that. */
export const FRAME_HEIGHT = 560;

/** The script tag and the element with its state (and theme, when set). */
export function scriptSnippet(widget) {
  const tag = widget.localName;
  const theme = widget.getAttribute('theme');
  const state = widget.state;
  const attributes = [state ? ` state="${esc(state)}"` : '', theme ? ` theme="${esc(theme)}"` : ''].join('');
  return `<script type="module" src="${esc(siteRoot)}normlab-widgets.js"></script>\n<${tag}${attributes}></${tag}>`;
}

/** The address of the frame page showing this widget in its present state. */
export function frameAddress(widget) {
  const id = widget.localName.replace(/^nl-/, '');
  const theme = widget.getAttribute('theme');
  // The state as a link holds it (hash.js's hashOf), named even when empty: the frame shows the widget it names.
  const hash = `${id}=${widget.state}${theme ? `&theme=${encodeURIComponent(theme)}` : ''}`;
  return `${siteRoot}frame.html#${hash}`;
}

/** The iframe: the frame page at a fixed height, which normlab-frames.js (when present) resizes. */
export function frameSnippet(widget) {
  const title = widget.constructor.title || widget.localName;
  return `<iframe src="${esc(frameAddress(widget))}" title="${esc(title)}" width="100%" height="${FRAME_HEIGHT}" loading="lazy" data-normlab-frame></iframe>`;
}
