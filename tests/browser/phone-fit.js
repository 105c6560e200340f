// What a phone's width must not break, as functions run in the page (each self-contained, so that
// Playwright's evaluate and the other engines' run(`(${f})()`) both take it): each returns a list
// of what does not fit, empty when all fits. Used at 375 px by tests/browser/narrow-screens.test.js
// (Chromium) and tests/engines/phone.test.js (WebKit).

/** Tables that scroll sideways (their last column cut at the box's edge) or whose caption runs past their box. */
export function tablesThatDoNotFit() {
  const found = [];
  for (const host of document.querySelectorAll('*')) {
    if (!host.localName.startsWith('nl-') || !host.shadowRoot) continue;
    for (const box of host.shadowRoot.querySelectorAll('.scroll-x')) {
      if (box.closest('details:not([open]), [hidden]')) continue;
      const caption = box.querySelector('caption');
      const what = `${host.localName} "${(caption?.textContent ?? box.getAttribute('aria-label')).slice(0, 40)}"`;
      if (box.scrollWidth > box.clientWidth + 0.5)
        found.push(`${what}: ${box.scrollWidth} px wide in a box of ${box.clientWidth}`);
      if (caption && caption.getBoundingClientRect().right > box.getBoundingClientRect().right + 0.5)
        found.push(`${what}: its caption runs past the box`);
    }
  }
  return found;
}

/**
 * Axis titles longer than their axis: each title's lines measured in the title's font (Chart.js
 * squeezes a long horizontal title and cuts a vertical one off at the canvas's edges; the kit cuts
 * it into lines).
 */
export function axisTitlesThatDoNotFit() {
  const found = [];
  for (const host of document.querySelectorAll('*')) {
    if (!host.localName.startsWith('nl-') || !host.charts) continue;
    for (const chart of host.charts)
      for (const scale of Object.values(chart.scales)) {
        const title = scale.options.title;
        if (!title.display) continue;
        const f = { ...chart.options.font, ...title.font };
        chart.ctx.save();
        chart.ctx.font = `${f.style ?? 'normal'} ${f.weight ?? 'normal'} ${f.size}px ${f.family}`;
        const lines = [title.text].flat();
        const widest = Math.max(...lines.map((line) => chart.ctx.measureText(line).width));
        chart.ctx.restore();
        const length = scale.isHorizontal() ? scale.width : scale.height;
        if (widest > length + 0.5)
          found.push(
            `${host.localName} ${scale.id}: "${lines.join(' / ')}" is ${widest.toFixed(0)} px on ${length.toFixed(0)}`,
          );
      }
  }
  return found;
}

/** Chart panels on screen that hold no chart (a box a chart will be drawn in, before there is one). */
export function emptyChartPanels() {
  const found = [];
  for (const host of document.querySelectorAll('*')) {
    if (!host.localName.startsWith('nl-') || !host.shadowRoot) continue;
    const drawn = new Set([...(host.charts ?? [])].map((chart) => chart.canvas));
    for (const panel of host.shadowRoot.querySelectorAll('.chart')) {
      if (panel.closest('details:not([open])') || panel.getBoundingClientRect().height === 0) continue;
      if (!drawn.has(panel.querySelector('canvas')))
        found.push(`${host.localName}: an empty panel ${panel.getBoundingClientRect().height} px tall`);
    }
  }
  return found;
}
