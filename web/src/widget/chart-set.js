// A widget's charts: each a line chart (charts.js lineChart) kept under a name, made in a task of
// its own on the widget's first draw, given new series after that, and freed with the widget.

export class ChartSet {
  /** widget: the chart's host; it runs the first draws (inOwnTask) and keeps each chart as widget[name]. */
  constructor(widget) {
    this.widget = widget;
    this.made = new Map(); // name -> the chart made for this start
    this.due = new Map(); // name -> {canvas, series, options}: charts not made yet
  }

  get size() {
    return this.made.size;
  }

  [Symbol.iterator]() {
    return this.made.values();
  }

  /**
   * Shows series in the chart named name. The first call makes it in a task of its own
   * (inOwnTask); until then further calls only replace the series and options it will be made
   * with. Later calls give the chart their series. ensures: the promise settles once the chart
   * shows them.
   */
  lines(name, canvas, series, options = {}) {
    const made = this.made.get(name);
    if (made) {
      made.$setSeries(series, options);
      return Promise.resolve();
    }
    const due = this.due.get(name);
    if (due) {
      Object.assign(due.drawing, { canvas, series, options });
      return due.made;
    }
    const drawing = { canvas, series, options };
    const entry = { drawing };
    this.due.set(name, entry);
    entry.made = this.widget.inOwnTask(async () => {
      // Chart.js is loaded only by widgets that draw charts.
      const { lineChart } = await import('./charts.js');
      if (this.due.get(name) !== entry) return;
      this.due.delete(name);
      const chart = lineChart(this.widget, drawing.canvas, drawing.series, drawing.options);
      this.made.set(name, chart);
      this.widget[name] = chart;
    });
    return entry.made;
  }

  /** Calls fn with the chart named name: now when it is made, else once it is. */
  withLines(name, fn) {
    const made = this.made.get(name);
    if (made) fn(made);
    else if (this.due.has(name)) this.widget.inOwnTask(() => this.withLines(name, fn));
  }

  /** Redraws every chart in the current colour scheme (after the style change has applied). */
  recolour() {
    requestAnimationFrame(() => {
      for (const chart of this.made.values()) chart.$recolour?.();
    });
  }

  /** Frees every chart; a chart still due is not made. */
  clear() {
    for (const [name, chart] of this.made) {
      chart.destroy();
      if (this.widget[name] === chart) this.widget[name] = undefined;
    }
    this.made.clear();
    this.due.clear();
  }
}
