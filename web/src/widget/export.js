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

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$|^[+-]?Infinity$/i;

/**
 * A cell a spreadsheet would not run as a formula: text beginning with =, +, - or @ gets a
 * leading apostrophe (numbers, such as -0.5, are left as they are).
 */
export function neutralised(text) {
  return /^[=+\-@]/.test(text) && !NUMBER.test(text) ? `'${text}` : text;
}

/** One CSV field: neutralised (see neutralised), and quoted when it holds a quote, comma or line break. */
export const csvField = (v) => {
  const text = neutralised(String(v ?? ''));
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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

/**
 * The widget's tables drawn as a PNG Blob at twice their size (one under another, each under its
 * caption), in the given colours and font; null when there is no table.
 */
export async function tablesPng(tables, { font, color, background }) {
  if (tables.length === 0) return null;
  const pad = 6;
  const line = 20;
  const measure = document.createElement('canvas').getContext('2d');
  measure.font = font;
  const layouts = tables.map((t) => {
    const columns = Math.max(...t.rows.map((r) => r.length));
    const widths = Array.from({ length: columns }, (_, j) =>
      Math.max(...t.rows.map((r) => measure.measureText(r[j] ?? '').width + 2 * pad)),
    );
    return { t, widths, width: widths.reduce((a, b) => a + b, 0), height: line * (t.rows.length + 1) + pad };
  });
  const width = Math.ceil(
    Math.max(...layouts.map((l) => Math.max(l.width, measure.measureText(l.t.caption).width))) + 2 * pad,
  );
  const height = Math.ceil(layouts.reduce((a, l) => a + l.height, 0) + pad);
  const canvas = document.createElement('canvas');
  canvas.width = width * 2;
  canvas.height = height * 2;
  const g = canvas.getContext('2d');
  g.scale(2, 2);
  g.fillStyle = background;
  g.fillRect(0, 0, width, height);
  g.fillStyle = color;
  g.textBaseline = 'middle';
  let y = pad;
  for (const { t, widths } of layouts) {
    g.font = `bold ${font}`;
    g.fillText(t.caption, pad, y + line / 2);
    g.font = font;
    y += line;
    for (const row of t.rows) {
      let x = pad;
      row.forEach((text, j) => {
        g.fillText(text, x + pad, y + line / 2);
        x += widths[j];
      });
      y += line;
    }
    y += pad;
  }
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
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

/**
 * Downloads what a widget shows: 'png' (its chart at 2×, or its tables when it has no chart),
 * 'csv' (the numbers of its tables and charts) or 'json' (its state, link and those numbers).
 * Files are named normlab-<id>-chart.png (or -table.png), -numbers.csv, -state.json.
 */
export async function exportWidget(widget, as) {
  const name = `normlab-${widget.linkId}`;
  const tables = tablesOf(widget.body);
  const series = seriesOf(widget.charts);
  if (as === 'png') {
    if (widget.charts.size > 0) download(await chartPng(widget.charts), `${name}-chart.png`);
    else {
      const style = getComputedStyle(widget.body);
      const look = {
        font: `${style.fontSize} ${style.fontFamily}`,
        color: style.color,
        background: style.backgroundColor,
      };
      const png = await tablesPng(tables, look);
      if (png) download(png, `${name}-table.png`);
    }
  } else if (as === 'csv') {
    download(new Blob([numbersCsv(tables, series)], { type: 'text/csv' }), `${name}-numbers.csv`);
  } else if (as === 'json') {
    const data = { widget: widget.localName, state: widget.state, link: widget.link, tables, series };
    download(new Blob([JSON.stringify(data, null, 1)], { type: 'application/json' }), `${name}-state.json`);
  }
}
