// normlab-frames.js: the one-file helper a host page loads (a plain script, nothing to import) to
// size every <iframe data-normlab-frame> of normlab's frame page to its content. The frame posts
// {type: 'normlab:height', widget, height} as its height changes; the helper sets the height of
// the iframe that sent it (and came from that iframe's own origin), bounded. A frame without the
// helper keeps its height attribute and scrolls inside.
(() => {
  // The tallest a frame is made (CSS pixels): no message can stretch a host's page without end.
  const MOST = 20000;
  addEventListener('message', (e) => {
    const data = e.data;
    if (!data || data.type !== 'normlab:height' || typeof data.height !== 'number' || !Number.isFinite(data.height))
      return;
    for (const frame of document.querySelectorAll('iframe[data-normlab-frame]')) {
      if (frame.contentWindow !== e.source) continue;
      let origin;
      try {
        origin = new URL(frame.src, location.href).origin;
      } catch {
        return;
      }
      if (origin !== e.origin) return;
      // Through the CSSOM, not a style= attribute: allowed under a host's strict style-src.
      frame.style.height = `${Math.min(MOST, Math.max(0, Math.ceil(data.height)))}px`;
      frame.dataset.normlabHeight = 'set';
      return;
    }
  });
})();
