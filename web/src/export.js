// What a widget shows, as files: its chart as a PNG at twice its size on screen, the numbers
// behind it (its tables and its charts' series) as CSV, and its state with those numbers as JSON.
// Nothing is computed here: the numbers are the ones the core gave and the widget shows.

/** Shown text as a CSV/JSON value: the typographic minus becomes "-", so numbers parse. */
const plain = (text) =>
  text
    .replace(/\u2212/g, '-')
    .replace(/\s+/g, ' ')
    .trim();

/** Each table in root as {caption, rows: [[cell text]]}. */
export function tablesOf(root) {
  return [...root.querySelectorAll('table')]
    .filter((t) => t.rows.length > 0)
    .map((t) => ({
      caption: plain(t.caption?.textContent ?? ''),
      rows: [...t.rows].map((r) => [...r.cells].map((c) => plain(c.querySelector('input')?.value ?? c.textContent))),
    }));
}

/** Each chart's series as {label, points: [[x, y]]}. */
export function seriesOf(charts) {
  const out = [];
  for (const chart of charts) {
    const labels = chart.data.labels ?? [];
    for (const d of chart.data.datasets)
      out.push({
        label: d.label ?? '',
        points: d.data.map((p, k) => (typeof p === 'object' && p !== null ? [p.x, p.y] : [labels[k] ?? k + 1, p])),
      });
  }
  return out;
}

const csvField = (v) => {
  const text = String(v ?? '');
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The numbers as CSV: each table (after a line naming it), then each series as label,x,y rows. */
export function numbersCsv(tables, series) {
  const lines = [];
  for (const t of tables) {
    lines.push(csvField(`table: ${t.caption}`));
    for (const r of t.rows) lines.push(r.map(csvField).join(','));
    lines.push('');
  }
  if (series.length) {
    lines.push('series,x,y');
    for (const s of series) for (const [x, y] of s.points) lines.push([s.label, x, y].map(csvField).join(','));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The first chart drawn again at twice its size on screen, as a PNG Blob; null when the widget
 * has no chart. ensures: the chart is back at the page's pixel ratio afterwards.
 */
export async function chartPng(charts) {
  const chart = [...charts][0];
  if (!chart) return null;
  const ratio = chart.options.devicePixelRatio;
  chart.options.devicePixelRatio = 2;
  chart.resize();
  try {
    return await new Promise((resolve) => chart.canvas.toBlob(resolve, 'image/png'));
  } finally {
    chart.options.devicePixelRatio = ratio;
    chart.resize();
  }
}

/** Offers a Blob as a download named name. */
export function download(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}
