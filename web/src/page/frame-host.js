// normlab-frames.js: the one-file helper a host page loads (a plain script, nothing to import) to
// size every iframe of normlab's frame page to its content: one marked data-normlab-frame, or
// (where a sanitizer stripped the mark) one whose src is frame.html beside this script. The frame
// posts {type: 'normlab:height', widget, height} as its height changes; the helper sets the height
// of the iframe that sent it (and came from that iframe's own origin), bounded. A frame without
// the helper keeps its height attribute and scrolls inside.
(() => {
  // The tallest a frame is made (CSS pixels): no message can stretch a host's page without end.
  const MOST = 20000;
  // Where normlab's frame page lies: beside this script (null when it cannot tell).
  const script = document.currentScript?.src;
  const FRAME_PAGE = script ? new URL('frame.html', script) : null;
  const isFramePage = (url) =>
    FRAME_PAGE !== null && url.origin === FRAME_PAGE.origin && url.pathname === FRAME_PAGE.pathname;
  addEventListener('message', (e) => {
    const data = e.data;
    if (!data || data.type !== 'normlab:height' || typeof data.height !== 'number' || !Number.isFinite(data.height))
      return;
    for (const frame of document.querySelectorAll('iframe')) {
      if (frame.contentWindow !== e.source) continue;
      let url;
      try {
        url = new URL(frame.src, location.href);
      } catch {
        return;
      }
      if (url.origin !== e.origin || !(frame.hasAttribute('data-normlab-frame') || isFramePage(url))) return;
      // Through the CSSOM, not a style= attribute: allowed under a host's strict style-src.
      frame.style.height = `${Math.min(MOST, Math.max(0, Math.ceil(data.height)))}px`;
      frame.dataset.normlabHeight = 'set';
      return;
    }
  });
})();
