// The frame page (frame.html#<id>=<state>&theme=…): exactly one widget, the one its address
// names, with nothing around it; it posts its height ({type: 'normlab:height'}), which
// normlab-frames.js on the host page turns into the iframe's height, while a frame without the
// helper keeps its fixed height. Copy embed code gives the script-and-element snippet and the
// iframe snippet with the widget's present state, and both work pasted into a host page.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { serveStatic } from '../../scripts/serve-static.mjs';
import { ALL_WIDGETS } from '../../web/src/widgets/registry.js';
import { arriveAfresh, useOneWidgetSite, watchForProblems } from './site.js';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';

const site = useOneWidgetSite();

/** A host on another origin serving post.html with this body, under the policy (none by default). */
async function host(body, csp = null) {
  const dir = scratchFolder('normlab-frame-host-');
  writeFileSync(
    path.join(dir, 'post.html'),
    `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><h1>A post</h1>${body}`,
  );
  return serveStatic(dir, { csp });
}

const frameDrawn = (tag) => {
  const el = document.querySelector(`#frame > ${tag}`);
  const body = el?.shadowRoot?.querySelector('[part="body"]');
  return !!body && !body.querySelector('.loading') && body.textContent.trim().length > 0;
};

test('the frame page shows each widget alone, themed from its address, under its own strict policy', async (t) => {
  const page = await site.browser.newPage({ viewport: { width: 700, height: 700 } });
  const problems = watchForProblems(page);
  await page.addInitScript(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.effectiveDirective));
  });
  try {
    for (const tag of ALL_WIDGETS)
      await t.test(tag, async () => {
        const id = tag.replace(/^nl-/, '');
        await arriveAfresh(page, `${site.server.url}/frame.html#${id}=&theme=dark`);
        await page.waitForFunction(frameDrawn, tag, { timeout: 40000 });
        const shown = await page.evaluate(() => ({
          children: [...document.getElementById('frame').children].map((c) => c.localName),
          // (The build's end mark, a hidden span the offline worker reads, is no content.)
          others: [...document.body.children].filter((c) => !c.hasAttribute('data-normlab-build-end')).length,
          theme: document.querySelector('#frame > *').getAttribute('theme'),
          pageScheme: getComputedStyle(document.documentElement).colorScheme,
          violations: window.violations,
          error: document
            .querySelector('#frame > *')
            .shadowRoot.querySelector('[part="body"] > .error[role="alert"]:not([hidden])')?.textContent,
        }));
        assert.deepEqual(shown.children, [tag]);
        assert.equal(shown.others, 1, 'the frame holds nothing but its widget');
        assert.equal(shown.theme, 'dark');
        assert.equal(shown.pageScheme, 'dark', 'the page behind the widget is not in its theme');
        assert.equal(shown.error, undefined);
        assert.deepEqual(shown.violations, [], 'the frame broke its own policy');
      });
    // (A request the next address cut short is no problem of the frame's.)
    assert.deepEqual(
      problems.filter((p) => !p.startsWith('failed request:')),
      [],
    );
  } finally {
    await page.close();
  }
});

test('a frame naming no widget, or one that is not, says so in a sentence', async () => {
  const page = await site.browser.newPage();
  try {
    for (const [hash, sentence] of [
      ['', /names none\.$/],
      ['#theme=dark', /names none\.$/],
      ['#no-such-widget=x', /^This frame's address names "no-such-widget", which is no normlab widget/],
      ['#no-such-widget', /^This frame's address names "no-such-widget", which is no normlab widget/],
      [`#${'a'.repeat(5000)}=x`, /names "a{80}…" \(5,000 characters\), which is no normlab widget/],
      // A right-to-left override in the address is dropped: it cannot reverse the sentence.
      [
        `#${encodeURIComponent('evil\u202Eenola')}=x`,
        /^This frame's address names "evilenola", which is no normlab widget/,
      ],
    ]) {
      await arriveAfresh(page, `${site.server.url}/frame.html${hash}`);
      const text = await page.locator('#frame [role="alert"]').textContent();
      assert.match(text, sentence, hash.slice(0, 30));
    }
  } finally {
    await page.close();
  }
});

test('a frame naming a widget with no state shows it with its defaults, themed', async () => {
  const page = await site.browser.newPage();
  const problems = watchForProblems(page);
  try {
    for (const [hash, tag, theme] of [
      ['#loss-curves', 'nl-loss-curves', null],
      ['#playground&theme=dark', 'nl-playground', 'dark'],
    ]) {
      await arriveAfresh(page, `${site.server.url}/frame.html${hash}`);
      await page.waitForFunction(frameDrawn, tag, { timeout: 40000 });
      assert.equal(await page.evaluate((t) => document.querySelector(`#frame > ${t}`).state, tag), '', hash);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme ?? null), theme, hash);
    }
    assert.deepEqual(problems, []);
  } finally {
    await page.close();
  }
});

test('the frame posts its height and normlab-frames.js sizes the iframe; without it the frame stays fixed', async () => {
  const src = `${site.server.url}/frame.html#playground=kind:rms`;
  // A sanitizer that strips data- attributes leaves an iframe of the frame page beside the helper.
  const blog = await host(
    `
    <script src="${site.server.url}/normlab-frames.js"></script>
    <iframe id="helped" src="${src}" width="100%" height="560" data-normlab-frame></iframe>
    <iframe id="stripped" src="${src}" width="100%" height="560"></iframe>`,
    // The guide's word for a strict host: the frame allowed by frame-src, the helper by script-src.
    `default-src 'none'; script-src ${site.server.url}; frame-src ${site.server.url}`,
  );
  const bare = await host(`<iframe id="alone" src="${src}" width="100%" height="560"></iframe>`);
  const page = await site.browser.newPage({ viewport: { width: 800, height: 900 } });
  await page.addInitScript(() => {
    window.heights = [];
    addEventListener('message', (e) => window.heights.push(e.data));
  });
  try {
    await page.goto(`${blog.url}/post.html`);
    await page.waitForFunction(
      () => ['helped', 'stripped'].every((id) => document.getElementById(id).dataset.normlabHeight === 'set'),
      null,
      { timeout: 40000 },
    );
    const frame = page.frame({ url: (u) => String(u).startsWith(site.server.url) });
    await frame.waitForFunction(frameDrawn, 'nl-playground', { timeout: 40000 });
    // Settled (polled for at most 30 s; the assertions below say what differs): the last height
    // posted is the frame document's, and both iframes have it.
    const deadline = Date.now() + 30000;
    for (;;) {
      const height = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
      const settled = await page
        .waitForFunction(
          (h) =>
            Math.abs(window.heights.filter((m) => m?.type === 'normlab:height').at(-1)?.height - h) <= 1 &&
            ['helped', 'stripped'].every((id) => Math.abs(document.getElementById(id).clientHeight - h) <= 1),
          height,
          { timeout: 1000 },
        )
        .then(
          () => true,
          () => false,
        );
      if (settled || Date.now() > deadline) break;
    }
    const content = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
    const { helped, stripped, last } = await page.evaluate(() => ({
      helped: document.getElementById('helped').clientHeight,
      stripped: document.getElementById('stripped').clientHeight,
      last: window.heights.filter((m) => m?.type === 'normlab:height').at(-1),
    }));
    assert.deepEqual(last, { type: 'normlab:height', widget: 'playground', height: last.height });
    assert.ok(Math.abs(last.height - content) <= 1, `posted ${last.height}, the frame's content is ${content}`);
    assert.ok(Math.abs(helped - content) <= 1, `the helped iframe is ${helped} px, its content ${content}`);
    assert.notEqual(content, 560, 'the content happens to be the fixed height: the test shows nothing');
    assert.ok(
      Math.abs(stripped - content) <= 1,
      `the iframe without its mark is ${stripped} px, its content ${content}`,
    );
    // Without the helper a frame keeps its height, though its frame posts the same messages.
    await page.goto(`${bare.url}/post.html`);
    const frameAlone = page.frame({ url: (u) => String(u).startsWith(site.server.url) });
    await frameAlone.waitForFunction(frameDrawn, 'nl-playground', { timeout: 40000 });
    await page.waitForFunction(() => window.heights.some((m) => m?.type === 'normlab:height' && m.height !== 560));
    assert.equal(await page.evaluate(() => document.getElementById('alone').clientHeight), 560);
  } finally {
    await page.close();
    await blog.close();
    await bare.close();
  }
});

test('Copy embed code gives both snippets with the present state, and each works pasted into a host page', async () => {
  const page = await site.context.newPage();
  try {
    await page.goto(`${site.server.url}/one.html?tag=nl-playground&attrs=${encodeURIComponent('theme=dark')}`);
    await page.waitForFunction(() => window.dones > 0, null, { timeout: 40000 });
    // The reader picks RMS norm: the state the snippets must carry.
    await page.locator('nl-playground >> [data-kind="rms"]').click();
    await page.waitForFunction(() => document.querySelector('nl-playground').state.includes('kind:rms'));
    const state = await page.evaluate(() => document.querySelector('nl-playground').state);
    await page.locator('nl-playground >> [data-tool="copy-embed"]').click();
    await page.waitForFunction(() =>
      document
        .querySelector('nl-playground')
        .shadowRoot.querySelector('[data-tool-status]')
        .textContent.includes('copied'),
    );
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const boxes = await page.evaluate(() => {
      const r = document.querySelector('nl-playground').shadowRoot;
      return {
        script: r.querySelector('[data-embed-script]').value,
        frame: r.querySelector('[data-embed-frame]').value,
      };
    });
    assert.equal(copied, `${boxes.script}\n\n${boxes.frame}\n`);
    assert.match(boxes.script, /^<script type="module" src="[^"]+\/normlab-widgets\.js"><\/script>\n<nl-playground /);
    assert.match(boxes.frame, /^<iframe src="[^"]+\/frame\.html#playground=[^"]+" title="Playground"/);
    for (const snippet of [boxes.script, boxes.frame]) assert.ok(snippet.includes('kind:rms'), snippet);

    // Pasted as they are into a post on another origin, both show the playground in that state.
    const blog = await host(`${boxes.script}\n<p>Between the two.</p>\n${boxes.frame}`);
    const post = await site.browser.newPage({ viewport: { width: 900, height: 1400 } });
    try {
      await post.goto(`${blog.url}/post.html`);
      await post.waitForFunction(() => document.querySelector('nl-playground')?.drawn === true, null, {
        timeout: 40000,
      });
      const pasted = await post.evaluate(() => {
        const w = document.querySelector('nl-playground');
        return { state: w.state, theme: w.getAttribute('theme') };
      });
      assert.deepEqual(pasted, { state, theme: 'dark' });
      const frame = post.frame({ url: (u) => String(u).includes('/frame.html') });
      await frame.waitForFunction(() => document.querySelector('nl-playground')?.drawn === true, null, {
        timeout: 40000,
      });
      const framed = await frame.evaluate(() => {
        const w = document.querySelector('nl-playground');
        return { state: w.state, theme: w.getAttribute('theme') };
      });
      assert.deepEqual(framed, { state, theme: 'dark' });
    } finally {
      await post.close();
      await blog.close();
    }
  } finally {
    await page.close();
  }
});
