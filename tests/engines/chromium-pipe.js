// Chromium driven over its DevTools pipe (--remote-debugging-pipe), attached to its pages and
// nothing else: the engine tests' Chromium tab (engines.js).
// Playwright attaches to every service worker as it starts and holds it until the worker is told
// to run, and a worker started for a navigation could stay held: in the rescue case (rescue.test.js)
// the reload after the kill switch never reached the worker or the network in 2 of 16 runs through
// Playwright, and in none of 42 attached to the page alone (22 over a WebSocket, 20 over this
// pipe). A reader's browser holds no worker; nor does this.
import { spawn } from 'node:child_process';
import { CHROMIUM_BINARY, CHROMIUM_FLAGS } from '../../scripts/chromium.mjs';
import { scratchFolder } from '../../scripts/scratch-folder.mjs';

// How long go() waits for a page's load event, and close() for the browser to end before killing it.
const LOAD_MS = 60_000;
const CLOSE_MS = 5_000;

/**
 * Opens one headless Chromium tab of the given viewport; resolves to {go, run, screenshot,
 * openTab, close} as engines.js describes them (the first tab's close ends the browser; with a
 * second tab open, the first is hidden, as a tab behind another is). run rejects with the page's
 * exception, or with the protocol's error when the page navigated away meanwhile; every call
 * rejects once the browser has ended.
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
  let ended = null;
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      ended = new Error(`Chromium ended (${signal ?? code})`);
      for (const answer of answers.values()) answer({ error: { message: ended.message } });
      answers.clear();
      resolve();
    }),
  );
  child.once('error', (e) => child.emit('exit', null, e.message));
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk) => {
    pending += chunk;
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
  toBrowser.on('error', () => {}); // a pipe closed by an ended browser: `ended` says so
  /** Sends one DevTools command (to the page's session when sessionId is given); resolves to its result. */
  const send = (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      if (ended) return reject(ended);
      const id = ++next;
      answers.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
      toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
    });
  const close = async () => {
    const late = setTimeout(() => child.kill('SIGKILL'), CLOSE_MS);
    await send('Browser.close').catch(() => {});
    await exited;
    clearTimeout(late);
  };
  /** A tab: the target attached to (flattened into this pipe), its viewport set. */
  const tabOf = async (targetId, { closeBrowser }) => {
    const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
    await send('Page.enable', {}, sessionId);
    await send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false }, sessionId);
    const onPage = (method, params) => send(method, params, sessionId);
    return {
      /** Navigates and resolves once the new page's load event has fired (at most LOAD_MS). */
      go: async (url) => {
        let onLoad;
        let timer;
        const loaded = new Promise((resolve, reject) => {
          onLoad = (m) => m.sessionId === sessionId && m.method === 'Page.loadEventFired' && resolve();
          listeners.add(onLoad);
          timer = setTimeout(() => reject(new Error(`${url}: no load event within ${LOAD_MS / 1000} s`)), LOAD_MS);
        });
        try {
          const { errorText } = await onPage('Page.navigate', { url });
          if (errorText) throw new Error(`${url}: ${errorText}`);
          await loaded;
        } finally {
          listeners.delete(onLoad);
          clearTimeout(timer);
        }
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
      /** Another tab of the same browser and profile (closed with its browser). */
      openTab: async () => tabOf((await send('Target.createTarget', { url: 'about:blank' })).targetId, {}),
      close: closeBrowser ? close : () => send('Target.closeTarget', { targetId }).then(() => {}),
    };
  };
  try {
    const { targetInfos } = await send('Target.getTargets');
    return await tabOf(targetInfos.find((t) => t.type === 'page').targetId, { closeBrowser: true });
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
}
