// What RMSNorm saves, as the tutorial's instrument measures it: layer norm against RMSNorm, one
// forward and one backward pass over 16 rows at widths 64 to 4,096, in paired rounds (the two
// back to back). Per width: the median saving, the 10–90 % band of the rounds' savings and the
// rounds RMSNorm won, natively, in wasm under Node and in headless Chromium (the instrument on
// the tutorial page, its own worker); then each one's summary line. The figures are this
// machine's at this moment: a shared machine moves them, which is why no test asserts a size.
// Options: --rounds=N (default 21; the page's instrument runs its 9 on arrival), --native=DIR,
// --wasm=DIR (build/native, build/wasm); NORMLAB_DIST for the site (dist/).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { normlabApi } from '../web/src/normlab.js';
import { serveStatic } from '../scripts/serve-static.mjs';
import { launchChromium } from '../scripts/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const option = (name, fallback) =>
  (process.argv.find((a) => a.startsWith(`--${name}=`)) ?? `=${fallback}`).split('=').slice(1).join('=');
const rounds = Number(option('rounds', 21));
const nativeDir = option('native', `${root}build/native`);
const wasmDir = option('wasm', `${root}build/wasm`);
const dist = path.resolve(root, process.env.NORMLAB_DIST ?? 'dist');
const WIDTHS = [64, 128, 256, 512, 1024, 2048, 4096];
const pct = (p) => `${p.toFixed(1)}%`;

/** One line per width and the summary's groups, for timings {width, saved, rmsFaster, rounds}. */
function report(label, timings, summary) {
  console.log(`  ${label}:`);
  for (const t of timings)
    console.log(
      `    width ${String(t.width).padStart(4)}: saved ${pct(t.saved.median).padStart(6)}, band ${pct(t.saved.low)} to ${pct(t.saved.high)}, RMSNorm faster in ${t.rmsFaster} of ${t.rounds}`,
    );
  const list = (ws) => (ws.length ? ws.join(', ') : 'none');
  console.log(
    `    every round won at ${list(summary.everyRound)}; most at ${list(summary.mostRounds)}; half or fewer at ${list(summary.halfOrFewer)}; band across 0 at ${list(summary.bandAcrossZero)}`,
  );
}

console.log(`What RMSNorm saves against layer norm, ${rounds} paired rounds a width (this machine, now):`);
const native = JSON.parse(
  execFileSync(`${nativeDir}/normlab_bench_rms_timing`, [String(rounds)], { encoding: 'utf8' }),
);
report('native', native.timings, native.summary);

const testModule = `${wasmDir}/test-module/normlab_core_test`;
const { default: createTestCore } = await import(pathToFileURL(`${testModule}.js`).href);
const nl = normlabApi(await createTestCore({ wasmBinary: readFileSync(`${testModule}.wasm`) }));
const wasm = WIDTHS.map((width) => nl.rmsTimingView({ width, rounds }));
report(
  'wasm under Node',
  wasm,
  nl.rmsSavingSummaryView(
    wasm.map((t) => t.width),
    wasm.map((t) => t.savedPercents),
  ),
);

// The instrument itself, on the tutorial page, with the rounds asked for (a link's state).
const server = await serveStatic(dist);
const browser = await launchChromium();
try {
  const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await tab.goto(`${server.url}/tutorial.html`);
  const timing = tab.locator('nl-rms-timing');
  await timing.scrollIntoViewIfNeeded();
  await timing.locator('[data-status]').filter({ hasText: 'widths timed,' }).waitFor({ timeout: 300000 });
  await timing.locator('[data-rounds]').fill(String(Math.min(rounds, 51)));
  await timing.locator('[data-rounds]').dispatchEvent('change');
  await timing.locator('[data-run]').click();
  await timing
    .locator('[data-status]')
    .filter({ hasText: `rounds each` })
    .filter({ hasText: `${Math.min(rounds, 51)} rounds` })
    .waitFor({ timeout: 600000 });
  const rows = (table) =>
    timing
      .locator(`table[data-table="${table}"] tbody tr`)
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
  const times = await rows('times');
  console.log("  Chromium, the tutorial's instrument (its own worker):");
  for (const [k, r] of (await rows('saved')).entries())
    console.log(
      `    width ${r[0].padStart(5)}: saved ${r[1].padStart(6)}, band ${r[2]}, RMSNorm faster in ${r[3]} (layer norm ${times[k][1]} µs, RMSNorm ${times[k][2]} µs)`,
    );
  console.log(`    finding: ${(await timing.locator('#rms-timing-finding').textContent()).trim()}`);
} finally {
  await browser.close();
  await server.close();
}
