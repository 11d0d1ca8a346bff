// harness.mjs — a tiny test runner (sequential, shared fixtures) and the browser helpers the tests share.
// run.mjs prints one line per test and closes with "N passed, N failed" (scripts/test.sh reads it).
import { chromium } from 'playwright-core';
import { mkdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
// INFERSIZER_DIST points the tests at another build's dist/ (a developer's own build dir).
export const DIST = process.env.INFERSIZER_DIST ? resolve(process.env.INFERSIZER_DIST) : join(REPO, 'build/web/dist');
export const OFFLINE_HTML = join(DIST, 'infersizer-offline.html');
export const OFFLINE_URL = pathToFileURL(OFFLINE_HTML).href;
export const ARTIFACTS = join(REPO, 'build/browser-artifacts');
// The native CLI the parity test compares with: INFERSIZER_CLI, else the contract's build/native/infersizer.
export const CLI = process.env.INFERSIZER_CLI ? resolve(process.env.INFERSIZER_CLI)
  : join(REPO, 'build/native/infersizer');
export const GOLDEN_DIR = join(REPO, 'tests/golden');
export const READY_TIMEOUT_MS = 10000;

// docs/toolchain.md: software WebGL2 through SwiftShader, nothing that phones home.
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--enable-unsafe-swiftshader', '--use-angle=swiftshader',
];

const registered = [];
export function test(name, fn) { registered.push({ name, fn }); }

export async function launchBrowser() {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}

// Opens `url` in a fresh context and records what a test needs to judge the page: every request URL,
// console errors, uncaught page errors.
export async function openPage(browser, url, options = {}) {
  const context = await browser.newContext({
    viewport: options.viewport || { width: 1280, height: 800 },
    deviceScaleFactor: options.deviceScaleFactor || 1,
    locale: options.locale || 'en-US',
    offline: Boolean(options.offline),
    hasTouch: Boolean(options.hasTouch),
  });
  const page = await context.newPage();
  const record = { requests: [], consoleErrors: [], pageErrors: [], console: [] };
  context.on('request', (req) => record.requests.push(req.url()));
  page.on('console', (msg) => {
    record.console.push(`${msg.type()}: ${msg.text()}`);
    if (msg.type() === 'error') record.consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => record.pageErrors.push(String(err)));
  await page.goto(url, { waitUntil: 'load' });
  return { context, page, record, close: () => context.close() };
}

// Waits for window.infersizer.ready; returns the milliseconds it took from navigation.
export async function waitReady(page, timeoutMs = READY_TIMEOUT_MS) {
  return page.evaluate(async (timeout) => {
    const t0 = performance.timeOrigin;
    const deadline = Date.now() + timeout;
    while (!window.infersizer) {
      if (Date.now() > deadline) throw new Error('window.infersizer never appeared');
      await new Promise((r) => setTimeout(r, 20));
    }
    let timer;
    const limit = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`ready did not resolve within ${timeout} ms`)), deadline - Date.now());
    });
    await Promise.race([window.infersizer.ready, limit]);
    clearTimeout(timer);
    return Math.round(Date.now() - t0);
  }, timeoutMs);
}

export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, name);
  const png = await page.locator('#canvas').screenshot({ path });
  return { path, png };
}

// Waits until the page has drawn `n` more frames than `since` (or times out).
export async function waitFrames(page, since, n = 1, timeoutMs = 3000) {
  await page.waitForFunction(([s, k]) => window.infersizer.frameCount >= s + k, [since, n], { timeout: timeoutMs });
}

// A click as ImGui 1.86 sees it: it keeps no input queue, so a press and a release inside one frame are no
// click at all. Each step (move, press, release) waits until the page has drawn two frames with it, however
// slow the machine is at that moment; fixed sleeps lost clicks under a loaded CI run.
export async function clickAt(page, x, y) {
  const frames = () => page.evaluate(() => window.infersizer.frameCount);
  let before = await frames();
  await page.mouse.move(x, y);
  // A move onto the spot the pointer already holds sends no event and draws nothing; that is fine.
  await waitFrames(page, before, 2, 1000).catch(() => {});
  for (const step of [() => page.mouse.down(), () => page.mouse.up()]) {
    before = await frames();
    await step();
    await waitFrames(page, before, 2);
  }
}

// The same click at the middle of an item's box ([x0, y0, x1, y1] in CSS px, as `_debug` reports it).
export async function clickBox(page, box, what = 'the item') {
  assert(box, `nothing drawn for ${what}`);
  await clickAt(page, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2);
}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

// Deep equality with a path to the first difference (so a failure says where results diverge).
export function firstDifference(a, b, path = '$') {
  if (Object.is(a, b)) return null;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    return `${path}: ${JSON.stringify(a)} ≠ ${JSON.stringify(b)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs object`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if (!(k in a)) return `${path}.${k}: missing on the left`;
    if (!(k in b)) return `${path}.${k}: missing on the right`;
    const d = firstDifference(a[k], b[k], Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`);
    if (d) return d;
  }
  return null;
}

export async function runAll(setup, teardown) {
  let passed = 0, failed = 0;
  const fixtures = await setup();
  // INFERSIZER_TEST_FILTER=<regex> runs only the tests whose names match (while developing).
  const filter = process.env.INFERSIZER_TEST_FILTER ? new RegExp(process.env.INFERSIZER_TEST_FILTER) : null;
  for (const { name, fn } of registered) {
    if (filter && !filter.test(name)) continue;
    const t0 = Date.now();
    try {
      const note = await fn(fixtures);
      passed++;
      console.log(`ok   ${name} (${Date.now() - t0} ms)${note ? ' — ' + note : ''}`);
    } catch (err) {
      failed++;
      console.log(`FAIL ${name} (${Date.now() - t0} ms)\n     ${String(err && err.stack || err).split('\n').slice(0, 6).join('\n     ')}`);
    }
  }
  await teardown(fixtures);
  return { passed, failed };
}

export function requireBuild() {
  const missing = ['index.html', 'infersizer.js', 'infersizer.wasm', 'infersizer-offline.html']
    .filter((f) => !existsSync(join(DIST, f)));
  if (missing.length) throw new Error(`${DIST} lacks ${missing.join(', ')}: run cmake --preset web && cmake --build --preset web`);
}

// No console errors, no uncaught exceptions, and every request allowed by `isLocal`.
export function assertClean(record, isLocal) {
  assert(record.pageErrors.length === 0, `uncaught page errors: ${record.pageErrors.join(' | ')}`);
  assert(record.consoleErrors.length === 0, `console errors: ${record.consoleErrors.join(' | ')}`);
  assert(record.requests.length > 0, 'no request was recorded at all (the recorder is broken)');
  const outside = record.requests.filter((u) => !isLocal(u));
  assert(outside.length === 0, `requests that leave the page's origin: ${outside.join(' ')}`);
}
