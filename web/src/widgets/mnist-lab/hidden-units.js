// The MNIST lab's hidden-unit maps: for each network and hidden layer, which of the 128 units
// fire on the first held-out digits (black: it fires), and how many never fire on any.
import { ARRANGEMENTS, LABELS } from './names.js';

const SHOWN = 64;

export const hiddenUnitsHtml = `<div class="controls">
        <button data-act="activations" disabled>Show the hidden units</button>
        <span class="note" data-out="silent"></span>
      </div>
      <div data-maps class="maps"></div>`;

/** Asks the lab's workers for the maps and draws them, one network's a frame. */
export async function showHiddenUnits(widget) {
  const reports = await widget.whileCurrent(widget.lab.askAll('activations', { shown: SHOWN }));
  const maps = widget.$('[data-maps]');
  maps.replaceChildren();
  const silent = ARRANGEMENTS.filter((a) => reports[a]).map((a) => `${a} ${reports[a].silent.join(' / ')}`);
  widget.out(
    'silent',
    `Units that never fire, layers 1 / 2 / 3: ${silent.join(' · ')}. Rows: the first ${SHOWN} held-out digits; columns: the 128 units; black: the unit fires.`,
  );
  // One arrangement's maps a frame.
  for (const a of ARRANGEMENTS) {
    if (!reports[a]) continue;
    await widget.whileCurrent(new Promise((resolve) => requestAnimationFrame(resolve)));
    maps.append(hiddenUnitsFigure(a, reports[a]));
  }
}

/** Removes the maps (the networks they showed are gone). */
export function clearHiddenUnits(widget) {
  widget.$('[data-maps]').replaceChildren();
  widget.out('silent', '');
}

function hiddenUnitsFigure(a, r) {
  const figure = document.createElement('figure');
  figure.style.margin = '0';
  const caption = document.createElement('figcaption');
  caption.className = 'note';
  caption.textContent = `${LABELS[a]}: never fire on the 2,000 held-out digits: ${r.silent.join(', ')} units (layers 1, 2, 3)`;
  for (let l = 0; l < r.maps.length; l++) figure.append(layerMap(a, r, l));
  figure.append(caption);
  return figure;
}

/** One hidden layer's map: a canvas of r.shown digits by r.units units. */
function layerMap(a, r, l) {
  const black = 0xff000000; // RGBA bytes 0, 0, 0, 255 read as one little-endian word
  const white = 0xffffffff;
  const canvas = document.createElement('canvas');
  canvas.width = r.units;
  canvas.height = r.shown;
  canvas.style.cssText =
    'width:100%;height:auto;image-rendering:pixelated;border:1px solid var(--nl-line);display:block;margin-bottom:2px';
  canvas.setAttribute('role', 'img');
  canvas.setAttribute(
    'aria-label',
    `${LABELS[a]}, hidden layer ${l + 1}: ${r.shown} digits by ${r.units} units, black where a unit fires`,
  );
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(r.units, r.shown);
  const words = new Uint32Array(image.data.buffer);
  const map = r.maps[l];
  for (let k = 0; k < map.length; k++) words[k] = map[k] ? black : white;
  ctx.putImageData(image, 0, 0);
  return canvas;
}
