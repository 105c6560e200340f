// Every widget's state round-trips: set it (through the API, or the reader's own controls),
// Copy link, open the link in a fresh page, and the widget shows the same figures; Reset brings
// back the attributes' state; nl-change carries the state in its detail.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { arriveAfresh, bringIntoView, useOneWidgetSite } from './site.js';

let names;
const site = useOneWidgetSite(async ({ server, context }) => {
  const guide = await context.newPage();
  await guide.goto(`${server.url}/embed.html`);
  await guide.waitForFunction(() => document.querySelectorAll('#docs section').length > 0);
  names = await guide.$$eval('#docs h2', (hs) => hs.map((h) => h.textContent.match(/^<([a-z-]+)>/)[1]));
  await guide.close();
});

/**
 * The widget's figures once it has drawn (done more than `dones` times) and its own state says
 * its work is over: its latest start has drawn, nothing is loading, nothing trains (its Cancel
 * is disabled) and every slice of drawing asked for has run. A widget that measures times in the reader's browser (its class's `measuresTime`)
 * shows other numbers at every run: its figures are compared with the digits and its finding left
 * out.
 */
async function figures(page, dones = 0) {
  await page.waitForFunction((n) => window.dones > n, dones, { timeout: 90000 });
  await page.waitForFunction(
    () => {
      const el = document.body.lastElementChild;
      const body = el.shadowRoot?.querySelector('[part="body"]');
      return el.drawn === true && body && !body.querySelector('.loading, [data-cancel]:not([disabled])');
    },
    null,
    { timeout: 90000 },
  );
  return page.evaluate(async () => {
    // Every slice of drawing asked for so far (a reader's change draws in one) has run.
    await document.body.lastElementChild.slices;
    const body = document.body.lastElementChild.shadowRoot.querySelector('[part="body"]');
    const controls = [...body.querySelectorAll('input, select')].map((c) => c.value).join(' ');
    const timed = document.body.lastElementChild.constructor.measuresTime === true;
    // What a screen reader is told once the reader stops typing is spoken after a pause, so it
    // is there on one page and not yet on another: not a figure, left out.
    const shown = body.cloneNode(true);
    shown.querySelectorAll('[data-announce]').forEach((a) => a.remove());
    if (timed) {
      // Its finding's sentence names only the ranges its own times fall in: left out too.
      shown.querySelectorAll('[data-alternative]').forEach((a) => a.remove());
      return `${shown.textContent.replace(/[\d.,−-]+/g, '#')} ${controls}`;
    }
    return `${shown.textContent.replace(/\d+(\.\d+)? s\b/g, '')} ${controls}`;
  });
}

/** A state string another than the default, for the widget's first option. */
function otherState(tag) {
  return `
    (() => {
      const o = customElements.get('${tag}').options[0];
      if (!o) return '';
      const d = o.default;
      let v;
      if (o.choices) v = o.choices.find((c) => String(c) !== String(d));
      else if (o.type === 'boolean') v = !d;
      else if (o.type === 'block') v = d.split(';').map((r) => r.split(',').map((x) => Number(x) + 1).join(',')).join(';');
      else if (o.name === 'crowd') v = '150,45,0\\n185,90,1\\n140,40,0\\n175,70,1\\n160,50,0\\n170,65,1\\n';
      else if (o.type === 'list') v = d.map((x, k) => String(Number(x) + k + 1)).join(',');
      else if (o.min !== undefined && o.max !== undefined) v = o.type === 'integer' ? (d === o.min ? o.min + 1 : o.min) : (o.min + o.max) / 2;
      else if (o.type === 'integer' || o.type === 'number') v = d + 1;
      else v = d;
      // As a state writes it: percent-encoded, a list's and a block's separators left as they are.
      return o.name + ':' + encodeURIComponent(String(v)).replace(/%(2C|3B|3A|40|2B)/g, (c) => decodeURIComponent(c));
    })()`;
}

// This test checks the wiring of state, link and Reset, not the figures of the default setting
// (tutorial-transformer.test.js and rms-timing.test.js check those): the two widgets whose
// figures take longest are given smaller settings as attributes, which the link carries too.
// The attributes' state is then the state on arrival and after Reset, and a state set holds it
// under the state's own options. 32 draws of the slopes and 9 timing rounds took 68 s and 36 s
// of the 205 s this test took (load 14 on 2 cores).
const SMALLER = { 'nl-starting-slopes': 'draws=4', 'nl-rms-timing': 'rounds=5' };

/** A state's option:value parts set over another's (the options named in `over` replace theirs), in the options' order. */
function stateOver(base, over, names) {
  const parts = new Map();
  for (const state of [base, over])
    for (const part of state ? state.split('~') : []) parts.set(part.slice(0, part.indexOf(':')), part);
  return names
    .filter((n) => parts.has(n))
    .map((n) => parts.get(n))
    .join('~');
}

// Two pages serve every widget, each navigated to a new document per widget: a page made and closed
// for every load took twice the time and CPU here (8 one-widget loads: 9.4 s against 4.5 s). The
// page acted on is brought to the front first, as a reader's tab is: a widget says what a reader's
// action did only in the tab in front (with the other page in front, the playground's sentence
// after a click never came).
test('every widget: a state set, copied as a link and opened afresh shows the same figures; Reset restores', async (t) => {
  const page = await site.context.newPage();
  const fresh = await site.context.newPage();
  try {
    for (const tag of names) await t.test(tag, () => roundTrip(tag, page, fresh));
  } finally {
    await page.close();
    await fresh.close();
  }
});

/** Opens a link in a page as a new document (arriveAfresh), in front. */
async function openAfresh(page, link) {
  await page.bringToFront();
  await arriveAfresh(page, link);
}

/** The round trip of one widget's state, on `page` and (the link opened afresh) on `fresh`. */
async function roundTrip(tag, page, fresh) {
  {
    const attrs = SMALLER[tag] ? `&attrs=${encodeURIComponent(SMALLER[tag])}` : '';
    await openAfresh(page, `${site.server.url}/one.html?tag=${tag}${attrs}`);
    const initial = await figures(page);
    const asked = await page.evaluate(otherState(tag));
    // The attributes' state (none but SMALLER's), and the state `asked` makes over it.
    const base = await page.evaluate(() => document.body.lastElementChild.state);
    if (!SMALLER[tag]) assert.equal(base, '', `${tag}: a state on arrival with no attributes`);
    const names = await page.evaluate((t) => customElements.get(t).options.map((o) => o.name), tag);
    const wanted = stateOver(base, asked, names);
    let dones = await page.evaluate(() => window.dones);
    await page.evaluate((s) => {
      document.body.lastElementChild.state = s;
    }, asked);
    const changed = await figures(page, asked === '' ? 0 : dones);
    const state = await page.evaluate(() => document.body.lastElementChild.state);
    assert.equal(state, wanted, `${tag}: state`);
    if (asked !== '') assert.notEqual(changed, initial, `${tag}: the state changed nothing shown`);
    assert.equal(await page.evaluate(() => window.changes.at(-1)), wanted, `${tag}: nl-change detail`);

    await page.locator(`${tag} >> [data-tool="copy-link"]`).click();
    await page.locator(`${tag} >> [data-tool-status]`).filter({ hasText: /./ }).waitFor();
    const copied = (await page.locator(`${tag} >> [data-tool-status]`).textContent()) === 'Link copied.';
    const link = copied
      ? await page.evaluate(() => navigator.clipboard.readText())
      : await page.locator(`${tag} >> [data-link]`).inputValue();
    assert.ok(link.startsWith(`${site.server.url}/one.html?tag=${tag}${attrs}`), link);

    await openAfresh(fresh, link);
    assert.equal(await figures(fresh), changed, `${tag}: the link shows other figures`);
    assert.equal(await fresh.evaluate(() => document.body.lastElementChild.state), wanted);

    await page.bringToFront();
    dones = await page.evaluate(() => window.dones);
    await page.locator(`${tag} >> [data-tool="reset"]`).click();
    assert.equal(await figures(page, dones), initial, `${tag}: Reset did not restore the figures`);
    assert.equal(await page.evaluate(() => document.body.lastElementChild.state), base);
  }
}

/** Types a value into a field and leaves it, as a reader does (the field's change event fires). */
async function typeIn(control, value) {
  await control.fill(value);
  await control.press('Tab');
}

test("the reader's own controls change the state, and the link carries them", async () => {
  const cases = [
    ['nl-playground', 'button[data-kind="layer"]', 'kind:layer'],
    ['nl-two-numbers', 'button[data-kind="rms"]', 'kind:rms'],
    ['nl-covariate-shift', 'button[data-net="batch"]', 'network:batch'],
    ['nl-toggles', 'button[data-kind="layer"]', 'kind:layer'],
    ['nl-playground', 'input[data-i="0"][data-j="0"]', 'rows:5,7;1,9;7,1;23,7', (c) => c.fill('5')],
    ['nl-gradient-check', 'select[data-case]', 'case:layer-four', (c) => c.selectOption('layer-four')],
    ['nl-bowl', '[data-bowl="round"] input[data-rate]', 'round-rate:0.4', (c) => typeIn(c, '0.4')],
    ['nl-bowl', '[data-bowl="stretched"] input[data-rate]', 'stretched-rate:0.05', (c) => typeIn(c, '0.05')],
    ['nl-momentum', 'input[data-rate]', 'momentum:0.3', (c) => typeIn(c, '0.3')],
  ];
  // Two pages for every case, navigated afresh (as in the test above).
  const page = await site.context.newPage();
  const fresh = await site.context.newPage();
  for (const [tag, control, state, act = (c) => c.click()] of cases) {
    await openAfresh(page, `${site.server.url}/one.html?tag=${tag}`);
    await figures(page);
    await act(page.locator(`${tag} >> ${control}`).first());
    await page.waitForFunction((s) => window.changes.includes(s), state);
    const shown = await figures(page);
    const link = await page.evaluate(() => document.body.lastElementChild.link);
    await openAfresh(fresh, link);
    assert.equal(await figures(fresh), shown, `${tag}: ${link}`);
  }
  await page.close();
  await fresh.close();
});

test('theme="dark" and "light" pick the colours whatever the system says; auto follows it', async () => {
  const page = await site.context.newPage();
  await page.goto(`${site.server.url}/one.html?tag=nl-playground`);
  await figures(page);
  const panel = () =>
    page.evaluate(() =>
      getComputedStyle(document.body.lastElementChild.shadowRoot.querySelector('.widget')).backgroundColor.trim(),
    );
  const light = 'rgb(244, 246, 248)';
  const dark = 'rgb(31, 37, 43)';
  const set = (theme) => page.evaluate((t) => document.body.lastElementChild.setAttribute('theme', t), theme);
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await set('dark');
    assert.equal(await panel(), dark, `theme dark, system ${scheme}`);
    await set('light');
    assert.equal(await panel(), light, `theme light, system ${scheme}`);
    await set('auto');
    assert.equal(await panel(), scheme === 'dark' ? dark : light, `theme auto, system ${scheme}`);
  }
  await page.close();
});

test('the essay page writes each changed widget into its URL hash, and a fresh page opens from it', async () => {
  const page = await site.context.newPage();
  await page.goto(`${site.server.url}/index.html`);
  await bringIntoView(page, 'nl-playground');
  await page.waitForFunction(() => document.querySelector('nl-playground')?.shadowRoot?.querySelector('.answer td'));
  // The essay introduces its widgets in prose: no caption over them.
  assert.equal(await page.locator('nl-playground >> [part="caption"]').isVisible(), false);
  await page.locator('nl-playground >> button[data-kind="rms"]').first().click();
  await page.waitForFunction(() => location.hash.includes('playground=kind:rms'));
  const url = page.url();
  const fresh = await site.context.newPage();
  await fresh.goto(url);
  await bringIntoView(fresh, 'nl-playground');
  await fresh.waitForFunction(() =>
    document.querySelector('nl-playground')?.shadowRoot?.querySelector('button[data-kind="rms"][aria-pressed="true"]'),
  );
  assert.equal(await fresh.evaluate(() => document.querySelector('nl-playground').state), 'kind:rms');
  await fresh.close();
  await page.close();
});

test('a hash holding a section anchor and widget states applies the states and lands on the section', async () => {
  const page = await site.context.newPage();
  await page.goto(`${site.server.url}/index.html#measurements&two-numbers=kind:rms&comparison=autostart:false`);
  await page.waitForFunction(() => {
    const top = document.getElementById('measurements').getBoundingClientRect().top;
    return Math.abs(top) < 80;
  });
  // The page defines each widget in a task of its own: wait for both to be defined.
  await page.evaluate(() => Promise.all(['nl-two-numbers', 'nl-comparison'].map((t) => customElements.whenDefined(t))));
  assert.equal(await page.evaluate(() => document.querySelector('nl-two-numbers').state), 'kind:rms');
  assert.equal(await page.evaluate(() => document.querySelector('nl-comparison').state), 'autostart:false');
  // The widgets' own writes keep the anchor first, so the address still lands there.
  await bringIntoView(page, 'nl-two-numbers');
  await page.locator('nl-two-numbers >> button[data-kind="batch"]').click();
  await page.waitForFunction(() => location.hash.includes('two-numbers=kind:batch'));
  assert.match(page.url(), /#measurements&/);
  await page.close();
});

test('a link naming widget states but no section lands on the first widget it names', async () => {
  for (const [page0, hash, tag] of [
    ['index.html', '#two-numbers=kind:rms', 'nl-two-numbers'],
    ['tutorial.html', '#momentum=batches:7', 'nl-momentum'],
  ]) {
    const page = await site.context.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.server.url}/${page0}${hash}`);
    await page.waitForFunction((t) => {
      const el = document.querySelector(t);
      const top = el?.getBoundingClientRect().top;
      return customElements.get(t) && top !== undefined && Math.abs(top) < 120;
    }, tag);
    assert.ok((await page.evaluate(() => scrollY)) > 500, `${page0}${hash}: the page scrolled to the widget`);
    await page.close();
  }
});
