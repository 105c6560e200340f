// A block of numbers as table rows: one header cell naming each row, one cell per value.
import { fmt } from './format.js';
import { esc } from './escape.js';

/**
 * block: {rows, cols, data} (data row after row, as the core returns it).
 * show: a value's text (four decimals by default); rowLabel: a row's header text (1, 2, 3…).
 */
export function blockRows(block, { show = (v) => fmt(v, 4), rowLabel = (i) => String(i + 1) } = {}) {
  const out = [];
  for (let i = 0; i < block.rows; i++) {
    const cells = [];
    for (let j = 0; j < block.cols; j++) cells.push(`<td>${esc(show(block.data[i * block.cols + j]))}</td>`);
    out.push(`<tr><th scope="row">${esc(rowLabel(i))}</th>${cells.join('')}</tr>`);
  }
  return out.join('');
}
