// The CSS every widget's shadow root starts from. Isolation: the shadow root's one top element
// (.nl-root) resets every inherited property (all: initial), so nothing a host page sets on the
// widget or its ancestors reaches inside; sizes are in em of that root, never rem (the host's
// root font size). A host styles a widget only through the custom properties below (set on the
// widget's element) and the ::part() names of widget.js; theme="light|dark|auto" picks colours.

/** The colours and type a host may set (on the widget's element), with their light defaults. */
export const customProperties = {
  '--nl-font': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  '--nl-fg': '#1d2329',
  '--nl-muted': '#5b6570',
  '--nl-bg': '#ffffff',
  '--nl-panel': '#f4f6f8',
  '--nl-line': '#d5dbe1',
  '--nl-accent': '#0072b2',
  '--nl-accent-fg': '#ffffff',
  '--nl-band': 'rgba(0, 114, 178, 0.12)',
  '--nl-error': '#b3261e',
  '--nl-good': '#00735a',
  '--nl-focus': '#a85d00',
  '--nl-plain': '#0072b2',
  '--nl-batch': '#d55e00',
  '--nl-layer': '#009e73',
  '--nl-rms': '#cc79a7',
  '--nl-weightNorm': '#e69f00',
  '--nl-group': '#56b4e9',
};

const darkProperties = {
  '--nl-fg': '#e6e9ec',
  '--nl-muted': '#a3adb8',
  '--nl-bg': '#15191d',
  '--nl-panel': '#1f252b',
  '--nl-line': '#39424b',
  '--nl-accent': '#56b4e9',
  '--nl-accent-fg': '#0b0e10',
  '--nl-focus': '#e69f00',
  '--nl-band': 'rgba(86, 180, 233, 0.16)',
  '--nl-error': '#ff8a80',
  '--nl-good': '#5fd3b0',
  '--nl-plain': '#56b4e9',
  '--nl-batch': '#ff8c42',
  '--nl-layer': '#2fd3a0',
  '--nl-rms': '#e8a2c8',
  '--nl-weightNorm': '#f0c24b',
  '--nl-group': '#9ad1f0',
};

const declarations = (properties) =>
  Object.entries(properties)
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ');

const light = `:host { display: block; margin: 24px 0; color-scheme: light; ${declarations(customProperties)} }`;
const dark = `:host([theme="dark"]) { color-scheme: dark; ${declarations(darkProperties)} }
@media (prefers-color-scheme: dark) {
  :host(:not([theme="light"])) { color-scheme: dark; ${declarations(darkProperties)} }
}`;

// A swatch in each arrangement's colour: <span class="swatch swatch-batch">.
const swatches = ['plain', 'batch', 'layer', 'rms', 'weightNorm', 'group']
  .map((a) => `.swatch-${a} { background: var(--nl-${a}); }`)
  .join('\n');

export const widgetStyles = `
${light}
${dark}
.nl-root {
  all: initial; display: block; color: var(--nl-fg); font: 15px/1.5 var(--nl-font);
  text-align: start; direction: ltr; overflow-wrap: break-word;
}
.nl-root [part~="caption"] { display: block; font-weight: 600; margin: 0 0 .4em; }
.notices:empty, .tools:empty { display: none; }
.notice { background: var(--nl-bg); border-left: 4px solid var(--nl-focus); padding: .3em .6em; margin: 0 0 .5em; font-size: .92em; }
.tools { display: flex; flex-wrap: wrap; gap: .4em .6em; align-items: center; margin: .5em 0 0; font-size: .9em; }
.tools input { width: 100%; text-align: left; font-size: .85em; }
.tools .embed-code { flex: 1 1 100%; display: grid; gap: .25em; }
.tools .embed-code textarea {
  width: 100%; font: .85em/1.4 ui-monospace, monospace; color: var(--nl-fg); background: var(--nl-bg);
  border: 1px solid var(--nl-line); border-radius: 6px; padding: .3em .5em; resize: vertical;
}
.tools details { display: inline-block; }
.tools summary { display: inline-flex; align-items: center; cursor: pointer; border: 1px solid var(--nl-line); border-radius: 6px; padding: .3em .6em; background: var(--nl-bg); }
.tools details[open] { display: flex; flex-wrap: wrap; gap: .4em; align-items: center; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
.widget { background: var(--nl-panel); border: 1px solid var(--nl-line); border-radius: 10px; padding: 1em; }
h3 { margin: 0 0 .5em; font-size: 1em; }
p { margin: .4em 0; }
.muted, .note { color: var(--nl-muted); font-size: .9em; }
.error { color: var(--nl-error); font-weight: 600; }
.loading { color: var(--nl-muted); }
.controls { display: flex; flex-wrap: wrap; gap: .5em .75em; align-items: center; margin: .5em 0; }
.group { display: inline-flex; border: 1px solid var(--nl-line); border-radius: 8px; overflow: hidden; }
.group button { border: 0; border-radius: 0; border-right: 1px solid var(--nl-line); margin: 0; }
.group button:last-child { border-right: 0; }
button, select, input {
  font: inherit; color: var(--nl-fg); background: var(--nl-bg); border: 1px solid var(--nl-line);
  border-radius: 6px; padding: .3em .6em; min-height: 2em;
}
button { cursor: pointer; }
button[aria-pressed="true"] { background: var(--nl-accent); color: var(--nl-accent-fg); border-color: var(--nl-accent); }
button[data-show][aria-pressed="true"] { background: var(--nl-bg); color: var(--nl-fg); border-color: var(--nl-fg); }
button[data-show][aria-pressed="false"] { text-decoration: line-through; opacity: .6; }
button:disabled { opacity: .5; cursor: not-allowed; }
:focus-visible { outline: 3px solid var(--nl-focus); outline-offset: 1px; }
/* A segmented group clips what lies outside it (its rounded corners): its buttons' ring goes inside. */
.group button:focus-visible { outline-offset: -3px; }
input[type="text"] { width: 5.2em; text-align: right; font-variant-numeric: tabular-nums; }
input[aria-invalid="true"] { border-color: var(--nl-error); box-shadow: inset 0 0 0 1px var(--nl-error); }
label { display: inline-flex; gap: .35em; align-items: center; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: .92em; }
th, td { padding: .2em .45em; text-align: right; border-bottom: 1px solid var(--nl-line); }
th { font-weight: 600; color: var(--nl-muted); }
caption { text-align: left; font-weight: 600; padding: .2em 0; }
td.band, th.band { background: var(--nl-band); }
.readouts { display: grid; grid-template-columns: repeat(auto-fit, minmax(11em, 1fr)); gap: .5em; margin: .6em 0; }
.readout { background: var(--nl-bg); border: 1px solid var(--nl-line); border-radius: 8px; padding: .4em .6em; }
.readout b { display: block; font-size: 1.15em; font-variant-numeric: tabular-nums; }
.readout span { color: var(--nl-muted); font-size: .85em; }
.blocks { display: flex; flex-wrap: wrap; gap: .75em 1.25em; }
.chart { position: relative; width: 100%; height: 280px; }
/* A canvas not drawn yet (a chart that waits for a run) keeps its default 300 px inside narrow widgets. */
.chart > canvas { max-width: 100%; }
.chart.tall { height: 340px; }
.progress { width: 100%; height: .6em; }
.scroll-y { max-height: 24em; overflow-y: auto; }
.swatch { display: inline-block; width: .8em; height: .8em; border-radius: 2px; vertical-align: baseline; margin-right: .3em; }
@media (max-width: 480px) {
  .nl-root { font-size: 14px; }
  .widget { padding: .65em; }
  th, td { padding: .15em .3em; }
  input[type="text"] { width: 4.2em; }
  .chart { height: 230px; }
}
/* On a touch screen every control is at least 32 px tall (a finger's tap), and a box or a summary line
   is no smaller than WCAG's 24 px. */
@media (pointer: coarse) {
  button, select, input:not([type="checkbox"]):not([type="radio"]):not([type="range"]), .tools summary { min-height: 2.75em; }
  input[type="checkbox"], input[type="radio"] { width: 1.75em; height: 1.75em; flex: none; }
  summary { padding-block: .5em; }
}
th.start, td.start { text-align: left; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
input.width-3rem { width: 3rem; }
input.width-3-5rem { width: 3.5rem; }
input.width-4-5rem { width: 4.5rem; }
input.width-4em { width: 4em; }
input.width-5em { width: 5em; }
input.width-7em { width: 7em; }
${swatches}
`;
