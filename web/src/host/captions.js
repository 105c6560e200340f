// Whether widgets without a caption attribute show their title as their caption: embedded widgets
// do (showTitles); normlab's own pages introduce each widget in their prose instead.

let titlesAsCaptions = false;
const captioned = new Set(); // the widgets on this page

/** Makes widgets without a caption attribute show their title above them. caption="" shows none. */
export function showTitles() {
  titlesAsCaptions = true;
  for (const w of captioned) w.showCaption();
}

/** The caption a widget shows (null: none); a widget on the page is asked again by showTitles. */
export function captionOf(widget) {
  if (widget.isConnected) captioned.add(widget);
  return widget.getAttribute('caption') ?? (titlesAsCaptions ? widget.constructor.title : null);
}

/** A widget that left the page. */
export function uncaption(widget) {
  captioned.delete(widget);
}
