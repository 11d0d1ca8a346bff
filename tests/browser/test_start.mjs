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
