// The three browser engines the smoke tests drive, each from Debian's packages and behind one small
// interface: Chromium (over its DevTools pipe, chromium-pipe.js), Firefox ESR (puppeteer-core over
// WebDriver BiDi) and WebKitGTK's MiniBrowser (selenium-webdriver and WebKitWebDriver, on an Xvfb
// display of its own).
//   const tab = await openEngine('webkit', { width, height });
//   await tab.go(url); await tab.run('document.title'); await tab.screenshot(); await tab.close();
// run(expression) evaluates a JavaScript expression in the page and resolves to its JSON value
// (a promise is awaited); screenshot() is a PNG of the viewport as the engine painted it.
// openTab() (Chromium and Firefox) opens another tab of the same browser and profile: the first
// tab's close() ends the browser, another's closes that tab.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { CHROMIUM_BINARY } from '../../scripts/chromium.mjs';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

const WEBKIT_BROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const BINARIES = {
  chromium: CHROMIUM_BINARY,
  firefox: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
  webkit: process.env.MINIBROWSER_PATH ?? WEBKIT_BROWSER,
};

/** Why an engine cannot run here (its binary is missing), or null. */
export function missingEngine(name) {
  if (!existsSync(BINARIES[name])) return `${name}: ${BINARIES[name]} is not installed (scripts/setup installs it)`;
  if (name === 'webkit' && !existsSync('/usr/bin/WebKitWebDriver')) return 'webkit: WebKitWebDriver is not installed';
  if (name === 'webkit' && !existsSync('/usr/bin/Xvfb')) return 'webkit: Xvfb is not installed';
  return null;
}

/** Opens one tab of the engine at the given viewport size (CSS pixels). */
export async function openEngine(name, { width = 1280, height = 900 } = {}) {
  if (name === 'chromium') return openChromium(width, height);
  if (name === 'firefox') return openFirefox(width, height);
  if (name === 'webkit') return openWebKit(width, height);
  throw new Error(`unknown engine ${name}`);
}

async function openChromium(width, height) {
  const { openChromiumTab } = await import('./chromium-pipe.js');
  return openChromiumTab(width, height);
}

async function openFirefox(width, height) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: BINARIES.firefox,
    headless: true,
    extraPrefsFirefox: { 'network.proxy.type': 0, 'browser.shell.checkDefaultBrowser': false },
  });
  const tabOf = async (closeBrowser) => {
    const page = await browser.newPage();
    await page.setViewport({ width, height });
    return {
      go: (url) => page.goto(url),
      run: (expression) => page.evaluate(expression),
      screenshot: async () => Buffer.from(await page.screenshot()),
      openTab: () => tabOf(false),
      close: () => (closeBrowser ? browser.close() : page.close()),
    };
  };
  return tabOf(true);
}

/**
 * The value `promise` settles to, or `otherwise` after `ms` if it has not; the timer is cleared
 * either way (a timer left running would hold the test's process open until it fires).
 */
async function answeredBy(promise, ms, otherwise) {
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(resolve, ms, otherwise)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Polls a page expression until its value is truthy, and resolves to it; a page navigating in
 * between counts as not yet. Fails after `ms` naming `what`, with the value of `explain` (an
 * expression) when given.
 */
export async function until(tab, expression, what, { ms = 60_000, explain = null } = {}) {
  const deadline = Date.now() + ms;
  for (;;) {
    // A poll the page never answers (a promise of its that never settles) counts as not yet, and
    // the deadline still holds.
    const value = await answeredBy(
      tab.run(expression).catch(() => false),
      Math.max(deadline - Date.now(), 0) + 100,
      false,
    );
    if (value) return value;
    if (Date.now() > deadline) {
      const found = explain
        ? ` (${await answeredBy(
            tab.run(explain).catch((e) => e.message),
            10_000,
            'the page did not answer',
          )})`
        : '';
      throw new Error(`not within ${ms / 1000} s: ${what}${found}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A free TCP port on the loopback address. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts Xvfb on a display number it picks itself; resolves to {display, stop}. */
function startDisplay() {
  return new Promise((resolve, reject) => {
    const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    });
    let text = '';
    xvfb.on('error', reject);
    xvfb.stdio[3].on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve({ display: `:${text.trim()}`, stop: () => xvfb.kill() });
    });
    xvfb.on('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
  });
}

async function waitForPort(port, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`WebKitWebDriver did not listen on ${port} within ${ms} ms`);
}

async function openWebKit(width, height) {
  const { Builder } = await import('selenium-webdriver');
  const screen = await startDisplay();
  const port = await freePort();
  const driverProcess = spawn('WebKitWebDriver', [`--port=${port}`], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: screen.display },
  });
  const stop = () => {
    driverProcess.kill();
    screen.stop();
  };
  try {
    await waitForPort(port, 10_000);
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: BINARIES.webkit, args: ['--automation'] },
      })
      .build();
    // The window's outer size is set; its viewport is what is left below the tool bar.
    await driver.manage().window().setRect({ x: 0, y: 0, width, height });
    const inner = await driver.executeScript('return innerHeight');
    await driver
      .manage()
      .window()
      .setRect({ x: 0, y: 0, width, height: height + (height - inner) });
    return {
      go: (url) => driver.get(url),
      // WebDriver's Execute Script awaits a returned promise.
      run: (expression) => driver.executeScript(`return (${expression});`),
      screenshot: async () => Buffer.from(await driver.takeScreenshot(), 'base64'),
      close: async () => {
        await driver.quit().catch(() => {});
        stop();
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}
