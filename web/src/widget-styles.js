// The CSS every widget's shadow root starts from: its own colours (light and dark), type and
// controls, so a host page's styles can neither break it nor be broken by it.
export const widgetStyles = `
:host {
  display: block;
  --nl-fg: #1d2329; --nl-muted: #5b6570; --nl-bg: #ffffff; --nl-panel: #f4f6f8; --nl-line: #d5dbe1;
  --nl-accent: #0072b2; --nl-accent-fg: #ffffff; --nl-band: rgba(0, 114, 178, 0.12); --nl-error: #b3261e;
  --nl-good: #00735a; --nl-focus: #e69f00;
  --nl-plain: #0072b2; --nl-batch: #d55e00; --nl-layer: #009e73; --nl-rms: #cc79a7; --nl-weightNorm: #e69f00;
  --nl-group: #56b4e9;
  color: var(--nl-fg);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  margin: 1.5rem 0;
}
@media (prefers-color-scheme: dark) {
  :host {
    --nl-fg: #e6e9ec; --nl-muted: #a3adb8; --nl-bg: #15191d; --nl-panel: #1f252b; --nl-line: #39424b;
    --nl-accent: #56b4e9; --nl-accent-fg: #0b0e10; --nl-band: rgba(86, 180, 233, 0.16); --nl-error: #ff8a80;
    --nl-good: #5fd3b0;
    --nl-plain: #56b4e9; --nl-batch: #ff8c42; --nl-layer: #2fd3a0; --nl-rms: #e8a2c8; --nl-weightNorm: #f0c24b;
    --nl-group: #9ad1f0;
  }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.widget { background: var(--nl-panel); border: 1px solid var(--nl-line); border-radius: 10px; padding: 1rem; }
h3 { margin: 0 0 .5rem; font-size: 1rem; }
p { margin: .4rem 0; }
.muted, .note { color: var(--nl-muted); font-size: .9em; }
.error { color: var(--nl-error); font-weight: 600; }
.loading { color: var(--nl-muted); }
.controls { display: flex; flex-wrap: wrap; gap: .5rem .75rem; align-items: center; margin: .5rem 0; }
.group { display: inline-flex; border: 1px solid var(--nl-line); border-radius: 8px; overflow: hidden; }
.group button { border: 0; border-radius: 0; border-right: 1px solid var(--nl-line); margin: 0; }
.group button:last-child { border-right: 0; }
button, select, input {
  font: inherit; color: var(--nl-fg); background: var(--nl-bg); border: 1px solid var(--nl-line);
  border-radius: 6px; padding: .3rem .6rem; min-height: 2rem;
}
button { cursor: pointer; }
button[aria-pressed="true"] { background: var(--nl-accent); color: var(--nl-accent-fg); border-color: var(--nl-accent); }
button[data-show][aria-pressed="true"] { background: var(--nl-bg); color: var(--nl-fg); border-color: var(--nl-fg); }
button[data-show][aria-pressed="false"] { text-decoration: line-through; opacity: .6; }
button:disabled { opacity: .5; cursor: not-allowed; }
:focus-visible { outline: 3px solid var(--nl-focus); outline-offset: 1px; }
input[type="text"] { width: 5.2rem; text-align: right; font-variant-numeric: tabular-nums; }
input[aria-invalid="true"] { border-color: var(--nl-error); box-shadow: inset 0 0 0 1px var(--nl-error); }
label { display: inline-flex; gap: .35rem; align-items: center; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: .92em; }
th, td { padding: .2rem .45rem; text-align: right; border-bottom: 1px solid var(--nl-line); }
th { font-weight: 600; color: var(--nl-muted); }
caption { text-align: left; font-weight: 600; padding: .2rem 0; }
td.band, th.band { background: var(--nl-band); }
.readouts { display: grid; grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr)); gap: .5rem; margin: .6rem 0; }
.readout { background: var(--nl-bg); border: 1px solid var(--nl-line); border-radius: 8px; padding: .4rem .6rem; }
.readout b { display: block; font-size: 1.15em; font-variant-numeric: tabular-nums; }
.readout span { color: var(--nl-muted); font-size: .85em; }
.blocks { display: flex; flex-wrap: wrap; gap: .75rem 1.25rem; }
.chart { position: relative; width: 100%; height: 280px; }
.chart.tall { height: 340px; }
.progress { width: 100%; height: .6rem; }
.scroll-y { max-height: 24rem; overflow-y: auto; }
.swatch { display: inline-block; width: .8em; height: .8em; border-radius: 2px; vertical-align: baseline; margin-right: .3em; }
@media (max-width: 480px) {
  :host { font-size: 14px; }
  .widget { padding: .65rem; }
  th, td { padding: .15rem .3rem; }
  input[type="text"] { width: 4.2rem; }
  .chart { height: 230px; }
}
`;
