// Chart.js, with only the components the page uses registered, and a few chart factories.
// Colours come from the widget's CSS custom properties, so charts follow light and dark mode.
import {
  Chart,
  LineController,
  LineElement,
  PointElement,
  LinearScale,
  LogarithmicScale,
  Legend,
  Tooltip,
  Filler,
} from 'chart.js';
import { toFont } from 'chart.js/helpers';
import { esc } from './escape.js';

Chart.register(LineController, LineElement, PointElement, LinearScale, LogarithmicScale, Legend, Tooltip, Filler);

/** A series as {x, y} points: plain numbers become points at x = 1, 2, 3, ... */
function points(data) {
  return data.length && typeof data[0] === 'number' ? Array.from(data, (y, k) => ({ x: k + 1, y })) : data;
}

/** Linear-axis labels without Intl formatting (which is slow to set up per chart). */
function plainLabel(value) {
  return String(Number(value.toFixed(6)));
}

const isPowerOfTen = (value) => Math.abs(Math.log10(value) - Math.round(Math.log10(value))) <= 1e-9;

/**
 * Log-axis labels at powers of ten only: 1, 0.1, 0.01, 1e-3 …; on an axis within one decade,
 * which has no power of ten, its lowest and highest ticks instead, so it is never unnamed.
 */
function powerOfTenLabel(value, index, ticks) {
  if (!isPowerOfTen(value)) {
    const ends = index === 0 || index === ticks.length - 1;
    return ends && !ticks.some((t) => isPowerOfTen(t.value)) ? plainLabel(Number(value.toPrecision(2))) : '';
  }
  const k = Math.round(Math.log10(value));
  return k >= -2 ? String(10 ** k >= 1 ? 10 ** k : Number((10 ** k).toFixed(-k))) : `1e${k}`;
}

/**
 * A title as the lines it takes along an axis of the given length (px): whole when it fits, else
 * cut between words into as few lines as fit, of about equal width. requires: width measures a
 * line of text.
 */
function titleLines(text, length, width) {
  if (width(text) <= length) return text;
  const words = text.split(' ');
  const fill = (limit) => {
    const lines = [words[0]];
    for (const word of words.slice(1)) {
      const longer = `${lines.at(-1)} ${word}`;
      if (width(longer) > limit) lines.push(word);
      else lines[lines.length - 1] = longer;
    }
    return lines;
  };
  const fewest = fill(length).length;
  // The narrowest limit that takes no more lines than the length does: lines of equal width.
  let [low, high] = [Math.max(...words.map(width)), length];
  while (high - low > 1) {
    const mid = (low + high) / 2;
    if (fill(mid).length <= fewest) high = mid;
    else low = mid;
  }
  return fill(high);
}

/**
 * Keeps each axis title within its axis (titles(): {x, y}, the whole titles). Chart.js draws a
 * title on one line whatever its length: a horizontal axis's squeezed to the axis, a vertical
 * one's cut off at the canvas's edges (a phone's short chart). Once a layout has given each axis
 * its length, a title that does not fit is cut into lines (chart.$titleLines, which the titles'
 * text reads) and the chart laid out again before the browser paints; a few rounds settle it, as
 * lines along one axis shorten the other.
 */
const titlesWithinAxes = (titles) => ({
  id: 'nl-titles-within-axes',
  beforeInit: (chart) => (chart.$titleLines = {}),
  afterLayout: (chart) => fitTitles(chart, titles()),
});

function fitTitles(chart, titles) {
  let changed = false;
  const { ctx } = chart;
  for (const scale of Object.values(chart.scales)) {
    const title = scale.options.title;
    const text = titles[scale.id];
    if (!title.display || !text) continue;
    ctx.save();
    ctx.font = toFont(title.font, chart.options.font).string;
    const lines = titleLines(text, scale.isHorizontal() ? scale.width : scale.height, (t) => ctx.measureText(t).width);
    ctx.restore();
    if (JSON.stringify(lines) === JSON.stringify(chart.$titleLines[scale.id] ?? text)) continue;
    chart.$titleLines[scale.id] = lines;
    changed = true;
  }
  chart.$titleRounds = changed ? (chart.$titleRounds ?? 0) + 1 : 0;
  if (changed && chart.$titleRounds < 4) queueMicrotask(() => chart.ctx && chart.update('none'));
}

/** A CSS custom property of an element, e.g. colour(host, '--nl-batch'). */
export function colour(host, name) {
  return colourIn(getComputedStyle(host), name);
}

/** A custom property of a computed style, read once per drawing for all its series. */
function colourIn(style, name) {
  return style.getPropertyValue(name).trim() || '#888';
}

function withAlpha(hex, alpha) {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return hex;
  const n = Number.parseInt(m[1], 16);
  return `rgba(${n >> 16}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/** A series (see lineChart) as a Chart.js dataset, in the colours of a computed style. */
function datasetOf(s, style) {
  const base = colourIn(style, s.colourVar);
  const c = s.alpha ? withAlpha(base, s.alpha) : base;
  return {
    label: s.label,
    data: points(s.data),
    borderColor: c,
    backgroundColor: s.fill ? withAlpha(base, s.fillAlpha ?? 0.15) : c,
    fill: s.fill ?? false,
    inLegend: s.legend ?? true,
    borderWidth: s.width ?? 2,
    borderDash: s.dash ?? [],
    pointRadius: s.points ?? 0,
    pointHoverRadius: s.points ? s.points + 2 : 3,
    pointStyle: s.pointStyle ?? 'circle',
    showLine: s.showLine ?? true,
    clip: s.clip,
    tension: 0,
  };
}

/**
 * A line chart over epochs or steps. series: [{label, data: [y...] | [{x, y}], colourVar, alpha?,
 * dash?, width?, points?, clip? (false: points on the plot's edge are drawn whole), fill? (a band:
 * Chart.js's fill target, e.g. '-1' to the series before, tinted fillAlpha of the colour),
 * fillAlpha?, legend? (false: no legend entry and no tooltip, as for a band's edges)}].
 * options: {logY, xTitle, yTitle, legend, yMin, yMax, tooltips,
 * categories?: names shown at x = 1, 2, 3… instead of numbers, onLegend?: (datasetIndex) => void
 * (a legend click is handed to the widget, which keeps its own toggles in step), onHover?:
 * (datasetIndex or null) => void (the line nearest the pointer)}.
 */
export function lineChart(host, canvas, series, options = {}) {
  const styleOf = () => ({
    fg: colour(host, '--nl-fg'),
    muted: colour(host, '--nl-muted'),
    line: colour(host, '--nl-line'),
  });
  const datasets = () => {
    const style = getComputedStyle(host);
    return series.map((s) => datasetOf(s, style));
  };
  const scales = () => {
    const st = styleOf();
    const axis = (title) => ({
      // The title's lines as they fit the axis (titlesWithinAxes), the whole title until laid out.
      title: {
        display: Boolean(title),
        text: ({ chart, scale }) => chart.$titleLines?.[scale.id] ?? title,
        color: st.muted,
      },
      ticks: { color: st.muted, maxTicksLimit: 8, callback: plainLabel },
      grid: { color: st.line },
      border: { color: st.line },
    });
    const xAxis = axis(options.xTitle);
    // An axis that counts (epochs, batches, layers) gets whole-number ticks only: not 1.5 batches.
    if (series.every((s) => typeof s.data[0] === 'number' || Array.from(s.data, (p) => p.x).every(Number.isInteger)))
      xAxis.ticks.precision = 0;
    return {
      x: {
        type: 'linear',
        ...xAxis,
        min: options.xMin,
        max: options.xMax,
        ...(options.categories
          ? {
              // One tick per category, at 1, 2, 3…, its name on as many lines as it has words.
              afterBuildTicks: (scale) => {
                scale.ticks = options.categories.map((_, k) => ({ value: k + 1 }));
              },
              ticks: {
                ...axis().ticks,
                autoSkip: false,
                maxRotation: 0,
                callback: (v) => (options.categories[v - 1] ?? '').split(' '),
              },
            }
          : {}),
      },
      y: {
        type: options.logY ? 'logarithmic' : 'linear',
        ...axis(options.yTitle),
        min: options.yMin,
        max: options.yMax,
        ...(options.logY ? { ticks: { ...axis().ticks, maxTicksLimit: undefined, callback: powerOfTenLabel } } : {}),
      },
    };
  };
  const chart = new Chart(canvas, {
    type: 'line',
    data: { datasets: datasets() },
    plugins: [titlesWithinAxes(() => ({ x: options.xTitle, y: options.yTitle }))],
    options: {
      animation: false,
      parsing: false,
      spanGaps: true,
      responsive: true,
      maintainAspectRatio: false,
      normalized: true,
      interaction: { mode: 'nearest', intersect: false },
      ...(options.onHover
        ? { onHover: (_, elements) => options.onHover(elements.length ? elements[0].datasetIndex : null) }
        : {}),
      plugins: {
        legend: {
          display: options.legend ?? true,
          labels: {
            color: styleOf().fg,
            boxWidth: 14,
            usePointStyle: false,
            filter: (item, data) => data.datasets[item.datasetIndex]?.inLegend !== false,
            // A swatch is a plain box: a dashed series' dashes made its border a ragged blob. A
            // dashed series' box is hollow, so it differs from a solid one of the same colour.
            generateLabels: (c) =>
              Chart.defaults.plugins.legend.labels.generateLabels(c).map((item) => ({
                ...item,
                lineDash: [],
                ...(c.data.datasets[item.datasetIndex]?.borderDash?.length ? { fillStyle: 'transparent' } : {}),
              })),
          },
          ...(options.onLegend ? { onClick: (_, item) => options.onLegend(item.datasetIndex) } : {}),
        },
        tooltip: { enabled: options.tooltips ?? true, filter: (item) => item.dataset.inLegend !== false },
      },
      scales: scales(),
    },
  });
  chart.$recolour = () => {
    chart.data.datasets = datasets();
    chart.options.scales = scales();
    chart.options.plugins.legend.labels.color = styleOf().fg;
    chart.update('none');
  };
  chart.$setSeries = (next, nextOptions = {}) => {
    series = next;
    Object.assign(options, nextOptions);
    chart.$recolour();
  };
  return chart;
}

/**
 * A chart's text alternative: a sentence stating what it shows (read with the chart) and its
 * numbers as a table behind "Show the numbers", built when first opened (openAlternatives).
 * requires: columns: header texts; rows: arrays of cell texts, the first naming the row; neither
 * when the widget shows the chart's numbers in a table of its own beside it. more: further tables
 * ({caption, columns, rows}) behind the same "Show the numbers", after the first.
 * ensures: markup with the finding in <p id=findingId>; each table scrolls sideways if wide.
 */
export function chartAlternative({ findingId, finding, caption, columns, rows, more = [] }) {
  const sentence = `<p class="note finding" id="${esc(findingId)}">${esc(finding)}</p>`;
  if (!rows) return sentence;
  const tables = [{ caption, columns, rows }, ...more].map(numbersTable).join('');
  return `${sentence}
    <details class="numbers"><summary>Show the numbers</summary><template>${tables}</template></details>`;
}

/** One table of numbers, scrolling sideways if wide: its caption names its region. */
function numbersTable({ caption, columns, rows }) {
  const head = columns.map((c) => `<th scope="col">${esc(c)}</th>`).join('');
  const body = rows
    .map(
      ([first, ...rest]) =>
        `<tr><th scope="row">${esc(first)}</th>${rest.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`,
    )
    .join('');
  return `
      <div class="scroll-x" role="region" aria-label="${esc(caption)}" tabindex="0"><table><caption>${esc(caption)}</caption>
        <thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** Builds each "Show the numbers" table of a root as its details element is first opened. */
export function openAlternatives(root) {
  for (const details of root.querySelectorAll('details.numbers')) {
    const show = () => {
      const template = details.querySelector(':scope > template');
      if (details.open && template) template.replaceWith(template.content);
    };
    details.addEventListener('toggle', show);
    show();
  }
}
