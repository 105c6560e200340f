// The MNIST lab in the browser tests: its drawing pad (one stroke, a "1" down the middle), and a
// wait until its workers hold still.

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

/**
 * Resolves once every worker of the lab holds still: each has answered three requests in a row
 * with no training figure arriving meanwhile. A worker reads a request between two calls into the
 * core (a step of training yields at most three times: two evaluations and its progress), and a
 * paused or cancelled training posts at most the figures of the call under way when the word
 * came; so after these answers, whatever the training was still going to post has arrived.
 */
export function workersHeld(page) {
  return page.evaluate(async () => {
    const el = document.querySelector('nl-mnist-lab');
    const figures = () => Object.values(el.series).reduce((n, s) => n + s.loss.length, 0);
    const deadline = performance.now() + 60000;
    for (let quiet = 0; quiet < 3;) {
      if (performance.now() > deadline) throw new Error('the workers never held still');
      const before = figures();
      await el.lab.askAll('epochs');
      quiet = figures() === before ? quiet + 1 : 0;
    }
  });
}
