// test_idle.mjs — an idle page costs nothing: after it settles it draws no frames and its main thread
// is busy under 5 % of one core over 5 s (Chrome's own TaskDuration metric, via CDP); any input wakes it.
import { test, assert, openPage, waitReady, waitFrames } from './lib/harness.mjs';

const IDLE_WINDOW_S = 5;
const IDLE_BUDGET = 0.05;  // of one core

async function taskSeconds(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const get = (name) => (metrics.find((m) => m.name === name) || { value: 0 }).value;
  return { task: get('TaskDuration'), script: get('ScriptDuration') };
}

test('idle: 5 s without input draw no frames and cost < 5 % of a core; input draws again', async ({ browser, server }) => {
  const p = await openPage(browser, server.url);
  try {
    await waitReady(p.page);
    const cdp = await p.context.newCDPSession(p.page);
    await cdp.send('Performance.enable');
    await p.page.waitForTimeout(1000);  // let the startup frames and the URL write finish
    const f0 = await p.page.evaluate(() => window.infersizer.frameCount);
    const t0 = await taskSeconds(cdp);
    const w0 = Date.now();
    await p.page.waitForTimeout(IDLE_WINDOW_S * 1000);
    const t1 = await taskSeconds(cdp);
    const wall = (Date.now() - w0) / 1000;
    const f1 = await p.page.evaluate(() => window.infersizer.frameCount);
    const busy = (t1.task - t0.task) / wall;
    assert(f1 === f0, `the idle page drew ${f1 - f0} frames in ${wall.toFixed(1)} s`);
    assert(busy < IDLE_BUDGET, `idle main thread busy ${(busy * 100).toFixed(2)} % of a core (budget ${IDLE_BUDGET * 100} %)`);

    await p.page.mouse.move(300, 300);
    await p.page.mouse.move(320, 310);
    await waitFrames(p.page, f1, 1);
    const f2 = await p.page.evaluate(() => window.infersizer.frameCount);
    await p.page.waitForTimeout(300);
    const f3 = await p.page.evaluate(() => window.infersizer.frameCount);
    await p.page.keyboard.press('Tab');
    await waitFrames(p.page, f3, 1);
    const f4 = await p.page.evaluate(() => window.infersizer.frameCount);
    assert(f3 - f2 <= 3, `after the mouse stopped the page kept drawing (${f3 - f2} frames in 300 ms)`);
    return `idle busy ${(busy * 100).toFixed(2)} % (script ${((t1.script - t0.script) / wall * 100).toFixed(2)} %), ` +
           `mouse → ${f2 - f1} frames, Tab → ${f4 - f3} frames`;
  } finally {
    await p.close();
  }
});

test('idle: a drag released outside the canvas ends (no stuck button, the page goes idle again)', async ({ browser, server }) => {
  // The canvas is made smaller than the window so that a release can happen outside it.
  const p = await openPage(browser, server.url, { viewport: { width: 900, height: 700 } });
  try {
    await waitReady(p.page);
    await p.page.addStyleTag({ content: '#canvas { width: 600px !important; height: 500px !important; }' });
    await p.page.waitForFunction(() => document.getElementById('canvas').width === 600);
    await p.page.mouse.move(300, 250);
    await p.page.mouse.down();
    await p.page.mouse.move(800, 650, { steps: 5 });
    await p.page.mouse.up();
    await p.page.waitForTimeout(500);
    const f0 = await p.page.evaluate(() => window.infersizer.frameCount);
    await p.page.waitForTimeout(1000);
    const f1 = await p.page.evaluate(() => window.infersizer.frameCount);
    assert(f1 === f0, `after a drag released outside the canvas the page kept drawing (${f1 - f0} frames in 1 s)`);
  } finally {
    await p.close();
  }
});
