// test_layout.mjs — the page at large windows (issue #9, part C): at 1920×1080 and 2560×1440 the font grows
// with the window (web/app/font_size.hpp) and the content fills the screen, not only its left half; at
// devicePixelRatio 2 the atlas is rasterised at twice the CSS size. Screenshots: build/browser-artifacts/.
import { decodePng, imageStats, looksDrawn } from './lib/png.mjs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, assert, assertClean, openPage, waitReady, waitFrames, clickBox, screenshot, ARTIFACTS } from './lib/harness.mjs';

const onServer = (server) => (u) => u.startsWith(server.url);

// The pixels of a rectangle of a decoded screenshot, as an image imageStats can judge.
function crop(img, x0, y0, x1, y1) {
  const width = x1 - x0, height = y1 - y0;
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const from = ((y0 + y) * img.width + x0) * 4;
    rgba.set(img.rgba.subarray(from, from + width * 4), y * width * 4);
  }
  return { width, height, rgba };
}

// Each third of the first screen, left to right: every one must hold drawn content (text, bars, frames).
function thirds(img) {
  const w = Math.floor(img.width / 3);
  return [0, 1, 2].map((i) => imageStats(crop(img, i * w, 0, (i + 1) * w, img.height)));
}

for (const [width, height, dpr] of [[1920, 1080, 1], [2560, 1440, 1], [1920, 1080, 2]]) {
  test(`http: at ${width}×${height} (dpr ${dpr}) the font grows and the content fills the width`, async ({ browser, server }) => {
    const p = await openPage(browser, server.url, { viewport: { width, height }, deviceScaleFactor: dpr, locale: 'zh-CN' });
    try {
      await waitReady(p.page);
      const [cssPx, atlasPx] = await p.page.evaluate(() => window.infersizer._debug.fontPx());
      // min(width / 80, height / 45), at most 22: 1920 / 80 = 24 and 2560 / 80 = 32 → 22 CSS px.
      assert(cssPx === 22, `font ${cssPx} CSS px at ${width}×${height}, expected 22`);
      assert(atlasPx === 22 * dpr, `atlas ${atlasPx} px at dpr ${dpr}, expected ${22 * dpr}`);
      const img = decodePng((await screenshot(p.page, `layout-${width}x${height}-dpr${dpr}.png`)).png);
      assert(img.width === width * dpr && img.height === height * dpr, `screenshot ${img.width}×${img.height}`);
      const stats = thirds(img);
      stats.forEach((s, i) => assert(looksDrawn(s), `third ${i + 1} of ${width}×${height} looks blank: ${JSON.stringify(s)}`));
      assertClean(p.record, onServer(server));
      return `font ${cssPx} CSS px / ${atlasPx} px atlas; variance by third ${stats.map((s) => s.variance.toFixed(0)).join(' / ')}`;
    } finally {
      await p.close();
    }
  });
}

test('http: a resize to 1920×1080 re-picks the font; back to 1280×800 gives 16 px again', async ({ browser, server }) => {
  const p = await openPage(browser, server.url, { viewport: { width: 1280, height: 800 } });
  try {
    await waitReady(p.page);
    const font = () => p.page.evaluate(() => window.infersizer._debug.fontPx()[0]);
    assert(await font() === 16, `font ${await font()} at 1280×800`);
    await p.page.setViewportSize({ width: 1920, height: 1080 });
    await p.page.waitForFunction(() => window.infersizer._debug.fontPx()[0] === 22, null, { timeout: 3000 });
    await p.page.setViewportSize({ width: 1280, height: 800 });
    await p.page.waitForFunction(() => window.infersizer._debug.fontPx()[0] === 16, null, { timeout: 3000 });
    assertClean(p.record, onServer(server));
  } finally {
    await p.close();
  }
});

test('http: browser zoom (dpr 1 → 1.5 with the CSS size ÷ 1.5, as Ctrl + does) keeps 22 CSS px: text 1.5× larger', async ({ browser, server }) => {
  const p = await openPage(browser, server.url, { viewport: { width: 1920, height: 1080 } });
  try {
    await waitReady(p.page);
    const before = await p.page.evaluate(() => window.infersizer._debug.fontPx());
    assert(before[0] === 22 && before[1] === 22, `before zoom: ${before}`);
    // What Ctrl + to 150 % does to a page: devicePixelRatio × 1.5 and the CSS viewport ÷ 1.5.
    const cdp = await p.context.newCDPSession(p.page);
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: 1280, height: 720, deviceScaleFactor: 1.5, mobile: false });
    await p.page.waitForFunction(() => window.infersizer._debug.fontPx()[1] === 33, null, { timeout: 3000 });
    const after = await p.page.evaluate(() => window.infersizer._debug.fontPx());
    // Chosen from the CSS width alone it would be 1280 / 80 = 16 CSS px = 24 device px: barely larger.
    assert(after[0] === 22 && after[1] === 33, `after zoom to 150 %: ${after}`);
    assert(after[2] === 1280 && after[3] === 720, `ImGui lays out ${after[2]}×${after[3]} CSS px, expected 1280×720`);
    // Through CDP: Playwright's own screenshot would put its viewport (dpr 1) back while it captures.
    const shot = await cdp.send('Page.captureScreenshot', { format: 'png' });
    const png = Buffer.from(shot.data, 'base64');
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(join(ARTIFACTS, 'layout-zoom150.png'), png);
    const img = decodePng(png);
    assert(img.width === 1920 && img.height === 1080, `zoomed screenshot ${img.width}×${img.height}`);
    assert(looksDrawn(imageStats(img)), 'the zoomed page looks blank');
    assertClean(p.record, onServer(server));
    return `22 CSS px: ${before[1]} → ${after[1]} device px`;
  } finally {
    await p.close();
  }
});

// The header on a phone (the UI test Layout.CopiedToastIsInsideTheWindow checks the same layout headless; this is
// the real page): every control ends inside the window, and after a click on copy link the toast ("已复制" /
// "Copied") is inside it too, with Export where it was (the toast's room is kept, so the row does not jump).
const HEADER_CONTROLS = ['load_catalog', 'theme_light', 'theme_dark', 'lang_zh', 'lang_en', 'copy_link', 'embed_this'];
for (const [width, height] of [[390, 844], [360, 740]]) {
  for (const lang of ['zh', 'en']) {
    test(`http: at ${width}×${height} (${lang}) the header's controls and the copied toast stay inside the window`, async ({ browser, server }) => {
      const p = await openPage(browser, `${server.url}?lang=${lang}`, { viewport: { width, height } });
      try {
        await waitReady(p.page);
        const boxes = () => p.page.evaluate((names) => {
          const d = window.infersizer._debug;
          const out = { export: d.exportBox('##export'), toast: d.itemBox('toast') };
          for (const n of names) out[n] = d.itemBox(n);
          return out;
        }, HEADER_CONTROLS);
        const before = await boxes();
        assert(before.toast === null, `a toast before any click: ${before.toast}`);
        for (const name of [...HEADER_CONTROLS, 'export']) {
          const b = before[name];
          assert(b, `${name} was not drawn`);
          assert(b[0] >= 0 && b[2] <= width, `${name} spans x ${b[0]}–${b[2]}, outside the ${width} px window`);
        }
        await clickBox(p.page, before.copy_link, 'copy link');
        await p.page.waitForFunction(() => window.infersizer._debug.itemBox('toast') !== null, null, { timeout: 1000 });
        const after = await boxes();
        assert(after.toast[2] <= width, `the toast spans x ${after.toast[0]}–${after.toast[2]}, past the ${width} px window`);
        assert(after.toast[1] >= after.export[1] - 1 && after.toast[3] <= after.export[3] + 1,
          `the toast (y ${after.toast[1]}–${after.toast[3]}) is not on Export's line (y ${after.export[1]}–${after.export[3]})`);
        assert(JSON.stringify(after.export) === JSON.stringify(before.export),
          `Export moved when the toast appeared: ${before.export} → ${after.export}`);
        assertClean(p.record, onServer(server));
        return `toast x ${after.toast[0].toFixed(0)}–${after.toast[2].toFixed(0)} of ${width}`;
      } finally {
        await p.close();
      }
    });
  }
}

// The cards table on a phone (issue #9's page at any size; the headless Layout.OnAPhoneTheCardsTableScrollsSideways
// checks every row): in the real page a sideways wheel over the table brings the cost column, out of view at first,
// whole into the 390 px window.
test('http: at 390×844 the cards table scrolls sideways and its cost column comes whole into view', async ({ browser, server }) => {
  const p = await openPage(browser, `${server.url}?lang=en`, { viewport: { width: 390, height: 844 } });
  try {
    await waitReady(p.page);
    await p.page.evaluate(() => window.infersizer.setScenario({
      model: 'Llama-3.1-70B', weights: 'fp8', engine: 'vllm', hardware: 'nvidia-h100-sxm-80gb', count: null,
      context_tokens: 8192, prompt_tokens: 1500, output_tokens: 300, concurrency: 200,
      targets: { ttft_s: 1, tps_per_user: 20 },
    }));
    const box = (key) => p.page.evaluate((k) => window.infersizer._debug.figureBox(k), key);
    // Scroll the page (the mouse high up, above the table until it arrives) until the first row is on screen.
    await p.page.mouse.move(200, 120);
    let cards = null;
    for (let i = 0; i < 200; i++) {
      cards = await box('plan[0].cards');
      if (cards && cards[1] > 150 && cards[3] < 700) break;
      const f0 = await p.page.evaluate(() => window.infersizer.frameCount);
      await p.page.mouse.wheel(0, 100);
      await waitFrames(p.page, f0, 2);
    }
    assert(cards && cards[1] > 150 && cards[3] < 700, `the cards table's first row never came on screen: ${cards}`);
    const before = await box('plan[0].cost_per_month');
    assert(before === null || before[2] > 390, `the cost was already in view before scrolling: ${before}`);
    await p.page.mouse.move(200, (cards[1] + cards[3]) / 2);
    let after = null;
    for (let i = 0; i < 20; i++) {
      const f0 = await p.page.evaluate(() => window.infersizer.frameCount);
      await p.page.mouse.wheel(100, 0);  // one notch to the right
      await waitFrames(p.page, f0, 2);
      after = await box('plan[0].cost_per_month');
      if (after && after[0] >= 0 && after[2] <= 390) break;
    }
    assert(after && after[0] >= 0 && after[2] <= 390, `the cost never came whole into view: ${after}`);
    assertClean(p.record, onServer(server));
    return `cost at x ${after[0].toFixed(0)}–${after[2].toFixed(0)} after scrolling (before: ${before ? before.map((v) => v.toFixed(0)).join(' ') : 'not drawn'})`;
  } finally {
    await p.close();
  }
});
