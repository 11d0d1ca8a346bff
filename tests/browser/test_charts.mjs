// test_charts.mjs — every chart of the curves section draws in the browser: the section (folded at first) opens on
// a click on its header, then for the default and a golden scenario, in both languages, each chart's rectangle
// (window.infersizer._debug.chartBoxes(), CSS px; "section" is the header) is scrolled into view and its
// screenshot differs from the page's background (bands, lines and labels drawn, not an empty frame).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodePng, imageStats } from './lib/png.mjs';
import { test, assert, assertClean, openPage, waitReady, waitFrames, clickAt, GOLDEN_DIR } from './lib/harness.mjs';

const CHARTS = ['ttft', 'tps_per_user', 'throughput', 'memory_context', 'memory_concurrency', 'cost', 'decode_context'];
const VIEW = { width: 1280, height: 900 };

async function boxes(page) {
  return page.evaluate(() => window.infersizer._debug.chartBoxes());
}

// Scrolls the results until the chart is wholly in view (wheel over the results column), then returns its box.
async function intoView(page, id) {
  for (let i = 0; i < 30; i++) {
    const box = (await boxes(page))[id];
    if (!box) return null;
    const [, y0, , y1] = box;
    if (y0 >= 0 && y1 <= VIEW.height) return box;
    const frames = await page.evaluate(() => window.infersizer.frameCount);
    await page.mouse.move(VIEW.width - 200, VIEW.height / 2);
    await page.mouse.wheel(0, y1 > VIEW.height ? 300 : -300);
    await waitFrames(page, frames, 2).catch(() => {});
  }
  return (await boxes(page))[id] || null;
}

async function openSection(page) {
  const header = await intoView(page, 'section');
  assert(header, 'the curves section header was not drawn');
  const before = await boxes(page);
  assert(!before.ttft, 'the curves section is open before any click');
  await clickAt(page, header[0] + 40, (header[1] + header[3]) / 2);
  const frames = await page.evaluate(() => window.infersizer.frameCount);
  await waitFrames(page, frames, 2).catch(() => {});
  const after = await boxes(page);
  assert(after.ttft, `the section did not open: ${Object.keys(after).join(', ')}`);
}

async function checkEveryChart(page, label) {
  const drawn = [];
  const all = await boxes(page);
  for (const id of CHARTS) {
    if (!all[id]) {
      assert(id === 'cost', `${label}: chart ${id} was not drawn (${Object.keys(all).join(', ')})`);
      continue;  // a scenario without any price draws no cost chart
    }
    const box = await intoView(page, id);
    assert(box, `${label}: chart ${id} lost`);
    const [x0, y0, x1, y1] = box;
    assert(x1 - x0 > 100 && y1 - y0 > 100, `${label}: chart ${id} is ${x1 - x0} × ${y1 - y0}`);
    // A still mouse: no hover line or tooltip over the region.
    await page.mouse.move(2, 2);
    const frames = await page.evaluate(() => window.infersizer.frameCount);
    await waitFrames(page, frames, 2).catch(() => {});
    const png = await page.screenshot({ clip: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } });
    const stats = imageStats(decodePng(png));
    // The background is the most common colour; a drawn chart has bands, lines and text over much of it.
    assert(stats.offBackground > 0.15 && stats.colours > 24,
      `${label}: chart ${id} looks empty: ${JSON.stringify(stats)}`);
    drawn.push(`${id} ${(stats.offBackground * 100).toFixed(0)}%`);
    // The threshold is not tuned to pass anything: the empty table cell beside the cost chart (alone in its row)
    // must fail it.
    if (id === 'cost' && x1 + (x1 - x0) <= VIEW.width) {
      const empty = imageStats(decodePng(await page.screenshot({ clip: { x: x1 + 10, y: y0, width: x1 - x0 - 20, height: y1 - y0 } })));
      assert(!(empty.offBackground > 0.15 && empty.colours > 24), `${label}: an empty cell passed as a chart: ${JSON.stringify(empty)}`);
      drawn.push(`empty cell ${(empty.offBackground * 100).toFixed(0)}%`);
    }
  }
  return drawn;
}

test('charts: every chart draws, default scenario (zh) and a golden one (en)', async ({ browser, server }) => {
  const p = await openPage(browser, server.url, { locale: 'zh-CN', viewport: VIEW });
  try {
    await waitReady(p.page);
    await openSection(p.page);
    const zh = await checkEveryChart(p.page, 'zh default');
    const golden = readFileSync(join(GOLDEN_DIR, 'chat_70b_h100_200_users.json'), 'utf8');
    await p.page.evaluate((json) => { window.infersizer.setLang('en'); window.infersizer.setScenario(json); }, golden);
    const frames = await p.page.evaluate(() => window.infersizer.frameCount);
    await waitFrames(p.page, frames, 3);
    const en = await checkEveryChart(p.page, 'en chat_70b_h100_200_users');
    assertClean(p.record, (u) => u.startsWith(server.url));
    return `zh: ${zh.join(', ')}; en: ${en.join(', ')}`;
  } finally {
    await p.close();
  }
});
