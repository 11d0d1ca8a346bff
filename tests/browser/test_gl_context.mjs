// test_gl_context.mjs — a lost WebGL context (WEBGL_lose_context, as a GPU reset would): the page says so and asks
// for a reload while it is gone, and draws again, with the same scenario, once the browser restores it.
import { test, assert, openPage, waitReady, screenshot } from './lib/harness.mjs';
import { decodePng, imageStats, looksDrawn } from './lib/png.mjs';

const LOST_MESSAGE_AFTER_MS = 2000;  // gl_context.js RESTORE_WAIT_MS

async function lostBox(page) {
  return page.evaluate(() => {
    const box = document.getElementById('is-error');
    return { shown: Boolean(box && !box.hidden), reason: box ? box.dataset.reason || '' : '', text: box ? box.textContent : '' };
  });
}

test('gl context: lost → the page asks for a reload; restored → it draws again and keeps working', async ({ browser, server }) => {
  const p = await openPage(browser, server.url + '?lang=en&concurrency=33');
  try {
    await waitReady(p.page);
    await p.page.evaluate(() => {
      window.__loseExt = document.getElementById('canvas').getContext('webgl2').getExtension('WEBGL_lose_context');
      window.__loseExt.loseContext();
    });
    await p.page.waitForTimeout(LOST_MESSAGE_AFTER_MS + 500);
    const lost = await lostBox(p.page);
    assert(lost.shown && lost.reason === 'webgl-context-lost', `no message while the context is lost: ${JSON.stringify(lost)}`);
    assert(lost.text.includes('Reload the page to continue'), `the message asks for no reload: ${lost.text}`);
    // The API still answers while nothing can be drawn.
    const whileLost = await p.page.evaluate(() => { window.infersizer.setScenario({ concurrency: 34 }); return window.infersizer.getResult() !== null; });
    assert(whileLost, 'no result while the context was lost');

    const before = await p.page.evaluate(() => window.infersizer.frameCount);
    await p.page.evaluate(() => window.__loseExt.restoreContext());
    await p.page.waitForFunction((f) => window.infersizer.frameCount > f + 1, before, { timeout: 5000 });
    await p.page.waitForTimeout(300);
    const back = await lostBox(p.page);
    assert(!back.shown, `the message stayed after the context came back: ${JSON.stringify(back)}`);
    const stats = imageStats(decodePng((await screenshot(p.page, 'gl-context-restored.png')).png));
    assert(looksDrawn(stats), `blank canvas after the context was restored: ${JSON.stringify(stats)}`);
    const scenario = await p.page.evaluate(() => window.infersizer.getScenario());
    assert(scenario.concurrency === 34, `scenario after restore: ${scenario.concurrency}`);
    assert(p.record.pageErrors.length === 0, `uncaught: ${p.record.pageErrors.join(' | ')}`);
    return `${stats.colours} colours drawn after restore`;
  } finally {
    await p.close();
  }
});

test('gl context: a short loss restored at once shows no message', async ({ browser, server }) => {
  const p = await openPage(browser, server.url + '?lang=en');
  try {
    await waitReady(p.page);
    await p.page.evaluate(async () => {
      const ext = document.getElementById('canvas').getContext('webgl2').getExtension('WEBGL_lose_context');
      ext.loseContext();
      await new Promise((r) => setTimeout(r, 200));
      ext.restoreContext();
    });
    await p.page.waitForTimeout(LOST_MESSAGE_AFTER_MS + 500);
    const box = await lostBox(p.page);
    assert(!box.shown, `a message for a loss that was restored: ${JSON.stringify(box)}`);
    const stats = imageStats(decodePng((await screenshot(p.page, 'gl-context-short-loss.png')).png));
    assert(looksDrawn(stats), `blank canvas: ${JSON.stringify(stats)}`);
  } finally {
    await p.close();
  }
});

// The context the page asks for (main.cpp's GLFW hints): ImGui tests neither depth nor stencil, and a depth-stencil
// buffer is allocated at the context's creation and cleared by the browser before every frame; asking for none made
// the runtime's start 80–150 ms shorter in SwiftShader (docs/performance.md). No multisampling either.
test('gl context: the canvas has no depth, stencil or multisample buffer', async ({ browser, server }) => {
  const p = await openPage(browser, server.url + '?lang=en');
  try {
    await waitReady(p.page);
    const attrs = await p.page.evaluate(() => document.getElementById('canvas').getContext('webgl2').getContextAttributes());
    assert(attrs && attrs.depth === false && attrs.stencil === false && attrs.antialias === false,
      `context attributes: ${JSON.stringify(attrs)}`);
    const stats = imageStats(decodePng((await screenshot(p.page, 'gl-context-attributes.png')).png));
    assert(looksDrawn(stats), `blank canvas: ${JSON.stringify(stats)}`);
    return `depth ${attrs.depth}, stencil ${attrs.stencil}, antialias ${attrs.antialias}, alpha ${attrs.alpha}`;
  } finally {
    await p.close();
  }
});
