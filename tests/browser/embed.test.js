// One script and one tag: a host page that loads only normlab-widgets.js gets a working widget,
// styled in its own shadow root whatever the host's CSS says; the embedding guide lists options.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bringIntoView, useSite, watchForProblems } from './site.js';

let browser, server;

useSite({
  pages: {
    'post.html': `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
    <style>* { font-size: 40px !important; color: red !important; } table { display: none !important; }</style>
    <h1>A blog post</h1>
    <script type="module" src="/normlab/normlab-widgets.js"></script>
    <nl-playground kind="layer"></nl-playground>`,
    'curves.html': `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
    <script type="module" src="/normlab/normlab-widgets.js"></script>
    <nl-two-ways></nl-two-ways>`,
  },
  under: 'normlab',
  then: async (site) => {
    ({ browser, server } = site);
  },
});

test('a host page with one script and one tag gets a working playground, untouched by its CSS', async () => {
  const page = await browser.newPage();
  const problems = watchForProblems(page);
  await page.goto(`${server.url}/post.html`);
  await page.waitForFunction(
    () => document.querySelector('nl-playground')?.shadowRoot?.querySelector('.answer td'),
    null,
    { timeout: 20000 },
  );
  const first = await page.locator('nl-playground >> .answer td').first().textContent();
  assert.equal(first.trim(), '−0.9999994'); // layer norm, as the attribute asked
  const pressed = await page.locator('nl-playground >> button[data-kind="layer"]').getAttribute('aria-pressed');
  assert.equal(pressed, 'true');
  const tableDisplay = await page.locator('nl-playground >> table.grid').evaluate((t) => getComputedStyle(t).display);
  assert.equal(tableDisplay, 'table', "the host's CSS reached into the widget");
  // Embedded, the widget is captioned with its title.
  assert.equal(await page.locator('nl-playground >> [part="caption"]').textContent(), 'Playground');
  assert.ok(await page.locator('nl-playground >> [part="caption"]').isVisible());
  assert.deepEqual(problems, []);
  await page.close();
});

test('the embedding guide documents every widget from its option table and runs an example', async () => {
  const page = await browser.newPage();
  await page.goto(`${server.url}/normlab/embed.html`);
  await page.waitForFunction(() => document.querySelectorAll('#docs section').length >= 11);
  assert.ok((await page.locator('#docs table.options').count()) >= 4);
  await bringIntoView(page, 'nl-running-average');
  await page.waitForFunction(
    () =>
      document.querySelector('nl-running-average')?.shadowRoot?.querySelector('[data-keep-out]')?.textContent === '0.8',
    null,
    { timeout: 20000 },
  );
  await page.close();
});

test('a widget that reads the shared whole-crowd runs works embedded on its own', async () => {
  const page = await browser.newPage();
  const problems = watchForProblems(page);
  await page.goto(`${server.url}/curves.html`);
  await page.waitForFunction(
    () => document.querySelector('nl-two-ways')?.shadowRoot?.querySelector('.readout b'),
    null,
    { timeout: 30000 },
  );
  assert.match(await page.locator('nl-two-ways >> .readout b').first().textContent(), /^\d+ of 400$/);
  const lines = await page.evaluate(() =>
    [...document.querySelector('nl-two-ways').charts].map((c) => c.data.datasets.map((d) => d.data.length)),
  );
  assert.deepEqual(lines, [[400, 400]]);
  assert.deepEqual(problems, []);
  await page.close();
});

test('where there is no IntersectionObserver or matchMedia (a unit test under jsdom) a widget starts at once', async () => {
  const page = await browser.newPage();
  const problems = watchForProblems(page);
  await page.addInitScript(() => {
    delete window.IntersectionObserver;
    delete window.matchMedia;
  });
  await page.goto(`${server.url}/post.html`);
  await page.waitForFunction(
    () => document.querySelector('nl-playground')?.shadowRoot?.querySelector('.answer td'),
    null,
    { timeout: 20000 },
  );
  assert.equal((await page.locator('nl-playground >> .answer td').first().textContent()).trim(), '−0.9999994');
  assert.equal(await page.evaluate(() => typeof IntersectionObserver), 'undefined', 'the page had none');
  assert.deepEqual(problems, []);
  await page.close();
});
