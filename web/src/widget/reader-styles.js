// CSS the essay's widgets add to the shared widget styles: tables that scroll sideways inside
// their widget with a visible cue, a chart's finding and its "Show the numbers" table, and a
// focus ring of at least 3:1 on the light panel.
//
// The edge shadows (scroll, under the content) show only where there is more to scroll to: the
// covers (local, moving with the content) are solid over the shadows' whole width (0.9 of 0.8 em).
export const readerStyles = `
.scroll-x {
  max-width: 100%; overflow-x: auto;
  background:
    linear-gradient(to right, var(--nl-panel) 60%, transparent) left / 1.5em 100%,
    linear-gradient(to left, var(--nl-panel) 60%, transparent) right / 1.5em 100%,
    radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, .35), transparent) left / .8em 100%,
    radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, .35), transparent) right / .8em 100%;
  background-repeat: no-repeat; background-attachment: local, local, scroll, scroll;
}
.scroll-x > table { background: transparent; }
.scroll-cue { color: var(--nl-muted); font-size: .85em; margin: .2em 0; }
.finding { margin-top: .5em; }
.multiples { display: grid; grid-template-columns: repeat(auto-fit, minmax(16em, 1fr)); gap: .6em 1em; }
.multiples figure { margin: 0; min-width: 0; }
.multiples figcaption { font-weight: 600; }
.chart.small { height: 170px; }
details.numbers { margin: .4em 0; }
details.numbers summary { cursor: pointer; color: var(--nl-accent); font-weight: 600; }
.blocks { min-width: 0; }
.blocks > * { min-width: 0; max-width: 100%; }
.controls > label { max-width: 100%; flex-wrap: wrap; min-width: 0; }
select { max-width: 100%; min-width: 0; }
.group { max-width: 100%; flex-wrap: wrap; }
@media (prefers-color-scheme: light) { :host(:not([theme="dark"])) .widget { --nl-focus: #a85d00; } }
:host([theme="light"]) .widget { --nl-focus: #a85d00; }
`;
