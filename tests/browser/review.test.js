// The tutorial and MNIST chapters read on a phone, from the keyboard and with a screen reader:
// every element of their widgets fits its widget or scrolls inside it at 320 and 375 px; a
// re-render keeps focus on the control that caused it; toggle groups are one tab stop moved
// through with the arrow keys; text that is no number is refused in the reader's words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openScrolledThrough, useSiteAndBrowser } from './site.js';

const site = useSiteAndBrowser();

/** Opens a page, scrolled through so every widget has started. */
function open(name, { width = 1280 } = {}) {
  return openScrolledThrough(site.browser, `${site.server.url}/${name}`, { viewport: { width, height: 900 } });
}

/** The focused element inside a widget's shadow root, as tag and data attributes, or null. */
function focusIn(page, tag) {
  return page.evaluate((t) => {
    const a = document.querySelector(t).shadowRoot.activeElement;
    if (!a) return null;
    return `${a.localName}${Object.entries(a.dataset)
      .map(([k, v]) => `[${k}=${v}]`)
      .join('')}`;
  }, tag);
}

for (const name of ['tutorial.html', 'mnist.html']) {
  for (const width of [320, 375]) {
    test(`at ${width} px every element of ${name}'s widgets fits its widget or scrolls inside it`, async () => {
      const { page, problems } = await open(name, { width });
      try {
        const out = await page.evaluate(() => {
          const found = [];
          for (const host of document.querySelectorAll('*')) {
            if (!host.localName.startsWith('nl-') || !host.shadowRoot) continue;
            const box = host.shadowRoot.querySelector('.widget').getBoundingClientRect();
            for (const el of host.shadowRoot.querySelectorAll('.widget *')) {
              if (el.closest('.scroll-x, details:not([open]), [hidden]')) continue;
              const r = el.getBoundingClientRect();
              if (r.width === 0 && r.height === 0) continue;
              if (r.left < box.left - 0.5 || r.right > box.right + 0.5)
                found.push(`${host.localName} ${el.localName}: ${r.left.toFixed(0)}..${r.right.toFixed(0)}`);
            }
            for (const s of host.shadowRoot.querySelectorAll('.scroll-x')) {
              const r = s.getBoundingClientRect();
              if (r.width > 0 && r.right > box.right + 0.5) found.push(`${host.localName}: a scroll box sticks out`);
            }
          }
          return { found, pageWidth: document.documentElement.scrollWidth };
        });
        assert.deepEqual(out.found, []);
        assert.ok(out.pageWidth <= width, `the page is ${out.pageWidth} px wide`);
        assert.deepEqual(problems, []);
      } finally {
        await page.close();
      }
    });
  }
}

test('the mean-and-spread calculator keeps focus on "+" and "−" as the list grows and shrinks', async () => {
  const { page, problems } = await open('tutorial.html');
  try {
    const tag = 'nl-mean-spread';
    await page.locator(`${tag} >> button[data-add]`).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    assert.equal(await focusIn(page, tag), 'button[add=]');
    assert.equal(await page.locator(`${tag} >> input[data-k]`).count(), 5);
    await page.keyboard.press('Tab');
    for (let k = 0; k < 3; k++) await page.keyboard.press('Enter');
    assert.equal(await focusIn(page, tag), 'button[remove=]');
    assert.equal(await page.locator(`${tag} >> input[data-k]`).count(), 2);
    // The last removal disables "−": focus moves to "+", not to the page.
    await page.keyboard.press('Enter');
    assert.equal(await page.locator(`${tag} >> input[data-k]`).count(), 1);
    assert.equal(await focusIn(page, tag), 'button[add=]');
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test("the tutorial's calculators refuse text that is no number in the reader's words, with no figures beside it", async () => {
  const { page, problems } = await open('tutorial.html');
  try {
    const spread = 'nl-mean-spread';
    await page.locator(`${spread} >> input[data-k="1"]`).fill('abc');
    const note = page.locator(`${spread} >> [data-note]`);
    assert.equal(await note.textContent(), "number 2: not a number: 'abc'");
    assert.equal(await note.getAttribute('data-error-name'), 'NonFiniteError');
    assert.equal(await page.locator(`${spread} >> [data-out="mean"]`).textContent(), '–');
    await page.locator(`${spread} >> input[data-k="1"]`).fill('');
    assert.equal(await note.textContent(), 'number 2: empty; type a number');
    // A minus sign as the page prints it is read as one.
    await page.locator(`${spread} >> input[data-k="1"]`).fill('−4');
    assert.equal(await page.locator(`${spread} >> [data-out="mean"]`).textContent(), '1.33');
    assert.equal(await note.getAttribute('data-error-name'), null);

    const hand = 'nl-batch-by-hand';
    await page.locator(`${hand} >> input[data-scale="1"]`).fill('x');
    const problem = page.locator(`${hand} >> [data-problem]`);
    assert.equal(await problem.textContent(), "γ of feature 2: not a number: 'x'");
    assert.equal(await problem.getAttribute('data-error-name'), 'NonFiniteError');
    assert.equal(await page.locator(`${hand} >> [data-output] td`).count(), 0);
    assert.equal(await page.locator(`${hand} >> [data-out="mean"]`).textContent(), '–');
    await page.locator(`${hand} >> input[data-scale="1"]`).fill('1');
    assert.equal(await problem.textContent(), '');
    assert.equal(await page.locator(`${hand} >> [data-output] td`).count(), 12);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test("the tutorial's toggle groups are one tab stop each, moved through with the arrow keys", async () => {
  const { page, problems } = await open('tutorial.html');
  try {
    const groups = [
      ['nl-toggles', 'kind', ['batch', 'layer', 'rms']],
      ['nl-toggles', 'example', ['0', '1', '2', '3']],
      ['nl-batch-by-hand', 'feature', ['0', '1', '2']],
      ['nl-momentum', 'convention', ['momentum', 'keep']],
      ['nl-drift', 'layer', ['0', '1', '2', '3', '4']],
    ];
    for (const [tag, key, values] of groups) {
      const pressed = page.locator(`${tag} >> button[data-${key}][aria-pressed="true"]`);
      const first = await pressed.getAttribute(`data-${key}`);
      assert.equal(await page.locator(`${tag} >> button[data-${key}][tabindex="0"]`).count(), 1, `${tag} ${key}`);
      await pressed.focus();
      await page.keyboard.press('ArrowRight');
      const next = values[(values.indexOf(first) + 1) % values.length];
      assert.equal(await pressed.getAttribute(`data-${key}`), next, `${tag} ${key}: ArrowRight presses the next`);
      assert.equal(await focusIn(page, tag), `button[${key}=${next}]`);
      // Tab leaves the group rather than visiting its other buttons.
      await page.keyboard.press('Tab');
      const after = await focusIn(page, tag);
      assert.ok(!after?.startsWith(`button[${key}=`), `${tag} ${key}: Tab stayed in the group (${after})`);
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await pressed.getAttribute(`data-${key}`), first);
    }
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('the bowl says when descent cannot settle, and shows no figures beside a refused learning rate', async () => {
  const { page, problems } = await open('tutorial.html');
  try {
    const rate = page.locator('nl-bowl >> [data-bowl="stretched"] input[data-rate]');
    const verdict = page.locator('nl-bowl >> [data-bowl="stretched"] [data-verdict]');
    const factors = page.locator('nl-bowl >> [data-out="stretched-factors"]');
    await rate.fill('0');
    await rate.dispatchEvent('change');
    assert.equal(await factors.textContent(), '1, 1');
    assert.match(await verdict.textContent(), /never shrinks/);
    await rate.fill('');
    await rate.dispatchEvent('change');
    assert.equal(await verdict.textContent(), 'learning rate: empty; type a number');
    assert.equal(await factors.textContent(), '–');
    await rate.fill('-3');
    await rate.dispatchEvent('change');
    assert.equal(await verdict.getAttribute('data-error-name'), 'OptionError');
    assert.equal(await page.locator('nl-bowl >> [data-out="stretched-loss"]').textContent(), '–');
    await rate.fill('0.035');
    await rate.dispatchEvent('change');
    assert.equal(await factors.textContent(), '0.93, −0.75');
    assert.match(await verdict.textContent(), /settles/);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test("the tutorial's drift and residual-stack charts state their finding and show their numbers", async () => {
  const { page, problems } = await open('tutorial.html');
  try {
    for (const [tag, rows] of [
      ['nl-drift', 5],
      ['nl-pre-post-norm', 24],
    ]) {
      await page.locator(`${tag} >> details.numbers summary`).click();
      await page.waitForFunction((t) => document.querySelector(t).shadowRoot.querySelector('details.numbers td'), tag);
      const alt = await page.evaluate((t) => {
        const r = document.querySelector(t).shadowRoot;
        const canvas = r.querySelector('canvas[aria-describedby]');
        return {
          finding: r.getElementById(canvas.getAttribute('aria-describedby'))?.textContent ?? '',
          rows: r.querySelectorAll('details.numbers tbody tr').length,
          cells: [...r.querySelectorAll('details.numbers tbody tr:last-child td')].map((td) => td.textContent),
        };
      }, tag);
      assert.match(alt.finding, /\d/, `${tag}: the finding states no figure`);
      assert.equal(alt.rows, rows, tag);
      for (const c of alt.cells)
        assert.ok(alt.finding.includes(c), `${tag}: the last row's ${c} is not in the finding`);
    }
    // The table stays open while the reader changes the depth.
    await page.locator('nl-pre-post-norm >> input[data-depth]').fill('30');
    assert.equal(await page.locator('nl-pre-post-norm >> details.numbers tbody tr').count(), 30);
    // The drift readouts and its table agree: the last layer's spreads.
    const last = await page.locator('nl-drift >> [data-out="last-plain"]').textContent();
    assert.ok(
      (await page.locator('nl-drift >> details.numbers tbody tr:last-child td').first().textContent()) === last,
    );
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test("the MNIST pad's keyboard alternative says it takes a digit's number, and the pad says how to use it", async () => {
  const { page, problems } = await open('mnist.html');
  try {
    const lab = page.locator('nl-mnist-lab');
    assert.equal(await lab.getByRole('spinbutton', { name: 'or held-out digit number' }).count(), 1);
    const description = await lab
      .locator('[data-pad]')
      .evaluate((pad) => pad.getRootNode().getElementById(pad.getAttribute('aria-describedby'))?.textContent ?? '');
    assert.match(description, /held-out digit/);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test("the comparison's Train again and Cancel hand focus to each other instead of dropping it", async () => {
  const { page, problems } = await open('index.html');
  try {
    const tag = 'nl-comparison';
    await page.waitForFunction((t) => !document.querySelector(t).shadowRoot.querySelector('[data-run]').disabled, tag, {
      timeout: 120000,
    });
    await page.locator(`${tag} >> [data-run]`).focus();
    await page.keyboard.press('Enter');
    assert.equal(await focusIn(page, tag), 'button[cancel=]');
    await page.keyboard.press('Enter');
    await page.waitForFunction((t) => !document.querySelector(t).shadowRoot.querySelector('[data-run]').disabled, tag);
    assert.equal(await focusIn(page, tag), 'button[run=]');
    assert.match(await page.locator(`${tag} >> [data-status]`).textContent(), /Cancelled/);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('the MNIST lab: Cancel hands focus to Train, and after Reset nothing asks networks that are gone', async () => {
  const { page, problems } = await open('mnist.html');
  try {
    const tag = 'nl-mnist-lab';
    const lab = (selector) => page.locator(`${tag} >> ${selector}`);
    await lab('[data-act="train"]').click();
    await page.waitForFunction(
      (t) => !document.querySelector(t).shadowRoot.querySelector('[data-act="digit"]').disabled,
      tag,
      { timeout: 120000 },
    );
    await lab('[data-act="cancel"]').focus();
    await page.keyboard.press('Enter');
    assert.equal(await focusIn(page, tag), 'button[act=train]');
    await lab('[data-act="reset"]').click();
    for (const control of ['[data-act="digit"]', '[data-act="clear"]', '[data-act="activations"]', '[data-digit]'])
      assert.ok(await lab(control).isDisabled(), `${control} is still enabled after Reset`);
    assert.match(await lab('[data-out="status"]').textContent(), /^Reset/);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('parameter counts: no stale table beside a refused width, and an empty width asks for a number', async () => {
  const { page, problems } = await open('tutorial.html');
  try {
    const tag = 'nl-parameter-count';
    const width = page.locator(`${tag} >> input[data-width]`);
    const problem = page.locator(`${tag} >> [data-problem]`);
    await width.fill('');
    await width.dispatchEvent('change');
    assert.equal(await problem.textContent(), 'width: empty; type a number');
    assert.equal(await page.locator(`${tag} >> tbody tr`).count(), 0);
    await width.fill('0');
    await width.dispatchEvent('change');
    assert.equal(await problem.getAttribute('data-error-name'), 'OptionError');
    assert.equal(await page.locator(`${tag} >> tbody tr`).count(), 0);
    await width.fill('768');
    await width.dispatchEvent('change');
    assert.equal(await problem.textContent(), '');
    assert.equal(await page.locator(`${tag} >> [data-caption]`).textContent(), 'At width 768');
    assert.equal(await page.locator(`${tag} >> tbody tr`).count(), 3);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('running averages: no stale table or chart beside a refused rate, and an empty rate asks for a number', async () => {
  const { page, problems } = await open('tutorial.html');
  try {
    const tag = 'nl-momentum';
    const rate = page.locator(`${tag} >> input[data-rate]`);
    const problem = page.locator(`${tag} >> [data-problem]`);
    await rate.fill('-3');
    await rate.dispatchEvent('change');
    assert.equal(await problem.getAttribute('data-error-name'), 'KeepError');
    assert.equal(await page.locator(`${tag} >> tbody tr`).count(), 0);
    assert.ok(await page.locator(`${tag} >> .chart`).isHidden());
    await rate.fill('');
    await rate.dispatchEvent('change');
    assert.equal(await problem.textContent(), 'momentum: empty; type a number');
    await rate.fill('0.1');
    await rate.dispatchEvent('change');
    assert.equal(await problem.textContent(), '');
    assert.equal(await page.locator(`${tag} >> tbody tr`).count(), 3);
    assert.equal(await page.locator(`${tag} >> tbody tr:last-child td`).nth(2).textContent(), '1.093');
    assert.ok(await page.locator(`${tag} >> .chart`).isVisible());
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('the batch-size chart names its batch sizes on the axis and shows its numbers', async () => {
  const { page, problems } = await open('tutorial.html');
  try {
    const tag = 'nl-batch-size';
    const ticks = await page.evaluate(
      (t) => document.querySelector(t).chart.scales.x.ticks.map((k) => [k.label].flat().join(' ')),
      tag,
    );
    assert.deepEqual(ticks, ['2', '4', '8', '16', '32', '64', '128', '256']);
    await page.locator(`${tag} >> details.numbers summary`).click();
    await page.waitForFunction((t) => document.querySelector(t).shadowRoot.querySelector('details.numbers td'), tag);
    const rows = await page.evaluate((t) => {
      const r = document.querySelector(t).shadowRoot;
      return [...r.querySelectorAll('details.numbers tbody tr')].map((tr) => tr.textContent);
    }, tag);
    assert.equal(rows.length, 8);
    const finding = await page.locator(`${tag} >> #wobble-finding`).textContent();
    const rule = await page.locator(`${tag} >> [data-out="rule"]`).textContent();
    assert.ok(finding.includes(rule), `the finding (${finding}) does not state the rule's ${rule} at size 2`);
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});
