// test_start.mjs — the start-up's order, from bridge.js's performance marks (bench/page_bench.mjs reads the same
// marks): the catalog, then main() (the runtime up), then is_start, then the first frames. With the catalog's
// responses held back a second, main() still waits for them (a run dependency), so is_start never waits for the
// browser's next frame after main() — and a slow catalog does not start the app on an empty one.
import { test, assert, assertClean, openPage, waitReady } from './lib/harness.mjs';

const DELAY_MS = 1000;

test('start: main() waits for a slow catalog, then is_start and the first frames follow in order', async ({ browser, server }) => {
  const p = await openPage(browser, 'about:blank');
  try {
    await p.page.route(/\/data\/[a-z]+\.json$/, async (route) => {
      await new Promise((r) => setTimeout(r, DELAY_MS));
      await route.continue();
    });
    await p.page.goto(server.url, { waitUntil: 'load' });
    await waitReady(p.page, 20000);
    const at = await p.page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark')
      .filter((m) => m.name.startsWith('infersizer:')).map((m) => [m.name.slice('infersizer:'.length), m.startTime])));
    const order = ['catalog', 'runtime', 'start', 'started', 'ready'];
    for (const name of order) assert(typeof at[name] === 'number', `no infersizer:${name} mark: ${JSON.stringify(at)}`);
    for (let i = 1; i < order.length; i++) {
      assert(at[order[i - 1]] <= at[order[i]], `infersizer:${order[i - 1]} after infersizer:${order[i]}: ${JSON.stringify(at)}`);
    }
    assert(at.catalog >= DELAY_MS, `the catalog arrived before its delay: ${JSON.stringify(at)}`);
    const r = await p.page.evaluate(() => window.infersizer.getResult('en'));
    assert(r && r.plan && r.plan.length > 1, 'no plan over the catalog after a slow start');
    assertClean(p.record, (u) => u.startsWith(server.url) || u === 'about:blank');
    return `catalog ${Math.round(at.catalog)} ≤ runtime ${Math.round(at.runtime)} ≤ start ${Math.round(at.start)} < ` +
      `started ${Math.round(at.started)} ≤ ready ${Math.round(at.ready)} ms`;
  } finally {
    await p.close();
  }
});

// `ready` is the answer on screen (bench/page_bench.mjs times it), so the frame drawn in that tick must be the one
// the page settles on: no window still hidden or auto-sizing (ImGui hides a new window in its first frame and sizes
// auto-fit ones over the next). The canvas is read after every main-loop tick (Module.postMainLoop runs in the tick's
// task, before the browser composites and clears the buffer); the `ready` tick's pixels must equal the last tick's
// once the page is idle. Fails with main.cpp's kStartupFrames at 1 or 2: the default page's first frame differs.
const SETTLE_CASES = [
  { name: 'default (zh)', query: '', options: { locale: 'zh-CN' } },
  { name: 'English', query: '?lang=en', options: {} },
  { name: 'embed', query: '?embed=1&lang=en', options: {} },
  { name: 'phone, DPR 3', query: '', options: { viewport: { width: 390, height: 800 }, deviceScaleFactor: 3, locale: 'zh-CN' } },
  { name: 'a link', query: '?model=Qwen3-30B-A3B&hardware=h100-sxm&concurrency=64&lang=en', options: {} },
];

test('start: the frame on the canvas at `ready` is the settled one (no later frame changes a pixel)', async ({ browser, server }) => {
  const seen = [];
  for (const c of SETTLE_CASES) {
    const p = await openPage(browser, 'about:blank', c.options);
    try {
      await p.page.addInitScript(() => {
        window.__ticks = [];
        window.Module = { postMainLoop() {
          const n = window.infersizer ? window.infersizer.frameCount : 0;
          const last = window.__ticks[window.__ticks.length - 1];
          if (last && last.n === n) return;  // a tick that drew nothing
          window.__ticks.push({ n, ready: performance.getEntriesByName('infersizer:ready').length > 0,
            pixels: document.getElementById('canvas').toDataURL() });
        } };
      });
      await p.page.goto(server.url + c.query, { waitUntil: 'load' });
      await waitReady(p.page);
      let ticks = 0;
      for (let stable = 0; stable < 3; ) {  // idle: no new frame for 3 × 300 ms
        await p.page.waitForTimeout(300);
        const now = await p.page.evaluate(() => window.__ticks.length);
        stable = now === ticks ? stable + 1 : 0;
        ticks = now;
      }
      const { atReady, settled, frames } = await p.page.evaluate(() => {
        const t = window.__ticks;
        const first = t.find((x) => x.ready);
        return { atReady: first && first.pixels, settled: t[t.length - 1].pixels, frames: t.map((x) => x.n + (x.ready ? 'r' : '')).join(',') };
      });
      assert(atReady, `${c.name}: no tick saw infersizer:ready (${frames})`);
      assert(atReady === settled, `${c.name}: the frame at ready differs from the settled one (ticks ${frames})`);
      seen.push(`${c.name}: ${frames}`);
      assertClean(p.record, (u) => u.startsWith(server.url) || u === 'about:blank');
    } finally {
      await p.close();
    }
  }
  return seen.join(' · ');
});
