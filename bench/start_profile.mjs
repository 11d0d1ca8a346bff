// start_profile.mjs — a CPU profile of the page's start-up in Chromium (CDP Profiler, 200 µs sampling), from
// navigation to `ready`: prints bridge.js's phase marks and the functions that took the most time themselves, and
// writes the profile for Chrome DevTools. For function names in the wasm, point it at a page linked with
// --profiling-funcs (docs/performance.md, "Start-up"); the served dist/ shows wasm-function[N] instead.
//
//   node bench/start_profile.mjs [DIST_DIR] [--out start.cpuprofile] [--top 40]
// (NODE_PATH=/usr/share/nodejs, as for the browser tests.)
import { writeFileSync } from 'node:fs';
import { launchBrowser, DIST } from '../tests/browser/lib/harness.mjs';
import { serveFolder } from '../tests/browser/lib/server.mjs';

const option = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
};
const dir = process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : DIST;
const out = option('out', 'start.cpuprofile');
const top = Number(option('top', 40));

const browser = await launchBrowser();
const server = await serveFolder(dir);
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(server.url, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('infersizer:ready').length > 0, null, { timeout: 30000 });
  const { profile } = await cdp.send('Profiler.stop');
  const marks = await page.evaluate(() => performance.getEntriesByType('mark')
    .filter((m) => m.name.startsWith('infersizer:')).map((m) => `${m.name.slice(11)} ${Math.round(m.startTime)} ms`));
  writeFileSync(out, JSON.stringify(profile));
  console.log(`marks (since navigation, slowed by the profiler): ${marks.join(' · ')}`);

  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id).callFrame;
    const name = frame.functionName || `(anonymous ${frame.url.split('/').pop()}:${frame.lineNumber})`;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    self.set(name, (self.get(name) || 0) + ms);
    total += ms;
  });
  console.log(`sampled ${total.toFixed(0)} ms; self time by function ("(program)": the browser's own work, the wasm's compilation among it):`);
  [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)
    .forEach(([name, ms]) => console.log(`${ms.toFixed(1).padStart(8)} ms  ${name.slice(0, 150)}`));
  console.log(`→ ${out}`);
} finally {
  await browser.close();
  await server.close();
}
