// The MNIST lab's drawing pad in the browser tests: one stroke, a "1" down the middle.

/** Draws a vertical stroke on the lab's pad with the mouse (pressed, moved in 12 steps, lifted). */
export async function drawStroke(page) {
  const pad = page.locator('nl-mnist-lab >> [data-pad]');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  const x = box.x + box.width * 0.5;
  await page.mouse.move(x, box.y + box.height * 0.2);
  await page.mouse.down();
  for (let k = 1; k <= 12; k++) await page.mouse.move(x, box.y + box.height * (0.2 + 0.05 * k));
  await page.mouse.up();
}
