// Chromium driven over its DevTools pipe (--remote-debugging-pipe), attached to its one page and
// nothing else: the engine tests' Chromium tab (engines.js).
// Playwright attaches to every service worker as it starts and holds it until the worker is told
// to run, and a worker started for a navigation could stay held: in the rescue case (rescue.test.js)
// the reload after the kill switch never reached the worker or the network in 2 of 16 runs through
// Playwright, and in none of 42 attached to the page alone (22 over a WebSocket, 20 over this
// pipe). A reader's browser holds no worker; nor does this.
import { spawn } from 'node:child_process';
import { CHROMIUM_BINARY, CHROMIUM_FLAGS } from '../../scripts/chromium.mjs';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';

/**
 * Opens one headless Chromium tab of the given viewport; resolves to {go, run, screenshot, close}
 * as engines.js describes them. run rejects with the page's exception, or with the protocol's
 * error when the page navigated away meanwhile.
 */
export async function openChromiumTab(width, height) {
  const child = spawn(
    CHROMIUM_BINARY,
    [
      ...CHROMIUM_FLAGS,
      '--headless',
      '--remote-debugging-pipe',
      `--user-data-dir=${scratchFolder('normlab-chromium-')}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const [toBrowser, fromBrowser] = [child.stdio[3], child.stdio[4]];
  const answers = new Map();
  const listeners = new Set();
  let next = 0;
  let pending = '';
  fromBrowser.on('data', (chunk) => {
    pending += chunk.toString();
    const messages = pending.split('\0');
    pending = messages.pop();
    for (const text of messages) {
      const message = JSON.parse(text);
      if (answers.has(message.id)) {
        answers.get(message.id)(message);
        answers.delete(message.id);
      } else for (const listen of listeners) listen(message);
    }
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  /** Sends one DevTools command (to the page's session when sessionId is given); resolves to its result. */
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      answers.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
      toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  const { targetInfos } = await send('Target.getTargets');
  const { targetId } = targetInfos.find((t) => t.type === 'page');
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  const onPage = (method, params) => send(method, params, sessionId);
  await onPage('Page.enable');
  await onPage('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
  return {
    /** Navigates and resolves once the new page's load event has fired. */
    go: async (url) => {
      let onLoad;
      const loaded = new Promise((resolve) => {
        onLoad = (m) => m.sessionId === sessionId && m.method === 'Page.loadEventFired' && resolve();
        listeners.add(onLoad);
      });
      const { errorText } = await onPage('Page.navigate', { url });
      if (errorText) throw new Error(`${url}: ${errorText}`);
      await loaded.finally(() => listeners.delete(onLoad));
    },
    run: async (expression) => {
      const { result, exceptionDetails } = await onPage('Runtime.evaluate', {
        expression,
        awaitPromise: true,
        returnByValue: true,
      });
      if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
      return result.value;
    },
    screenshot: async () => Buffer.from((await onPage('Page.captureScreenshot', { format: 'png' })).data, 'base64'),
    close: async () => {
      await send('Browser.close').catch(() => {});
      await exited;
    },
  };
}
