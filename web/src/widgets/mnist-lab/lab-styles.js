// The MNIST lab's own CSS (adopted with the shared styles): its drawing pad, its curves and its
// hidden-unit maps.
export const labStyles = `
.pad-panel { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
canvas.pad { width: 196px; height: 196px; background: #000; touch-action: none; border-radius: 6px; cursor: crosshair; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 1rem; }
figure.curve { margin: 0; }
.curve-box { height: 220px; contain: strict; will-change: transform; }
.maps { display: grid; grid-template-columns: repeat(auto-fit, minmax(230px, 1fr)); gap: .75rem; }
`;
