// test_explain.mjs — issue #10: hovering an explained figure opens the core's explanation in the page's language.
// The page reports where it drew the TTFT figure (_debug.figureBox) and the text of the tooltip open in the last
// frame (_debug.openTooltip); the expected words come from getResult()'s own `explain` entry.
import { test, assert, assertClean, openPage, waitReady } from './lib/harness.mjs';

// Hovers the figure `key` and returns the tooltip text the page reports once it shows.
async function hoverFigure(p, key) {
  const box = await p.page.evaluate((k) => window.infersizer._debug.figureBox(k), key);
  assert(box, `${key} was not drawn as an explained figure`);
  await p.page.mouse.move(5, 5);
  await p.page.waitForTimeout(100);
  await p.page.mouse.move((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, { steps: 3 });
  await p.page.waitForFunction(() => window.infersizer._debug.openTooltip() !== '', null, { timeout: 3000 });
  return p.page.evaluate(() => window.infersizer._debug.openTooltip());
}

test('explain: hovering TTFT shows its formula and value in zh, then in en', async ({ browser, server }) => {
  const p = await openPage(browser, `${server.url}?lang=zh`, { viewport: { width: 1400, height: 1400 } });
  try {
    await waitReady(p.page);
    const entry = await p.page.evaluate(() => window.infersizer.getResult('zh').explain['performance.ttft_s']);
    assert(entry && /[\u3000-\u9fff]/.test(entry.formula.zh), `no zh formula: ${JSON.stringify(entry)}`);
    const zh = await hoverFigure(p, 'performance.ttft_s');
    assert(zh.includes(entry.formula.zh), `zh tooltip lacks the formula:\n${zh}`);
    assert(zh.includes(entry.title.zh), `zh tooltip lacks the title:\n${zh}`);
    assert(!zh.includes('performance.ttft_s'), `the tooltip shows the internal key:\n${zh}`);
    // The value as the page prints it: the median in ms or s.
    assert(/\d+(\.\d+)? – \d+(\.\d+)? (ms|s)|\d+(\.\d+)? (ms|s)/.test(zh.split('\n')[0]), `no value in the title line:\n${zh}`);

    await p.page.evaluate(() => window.infersizer.setLang('en'));
    await p.page.waitForTimeout(200);
    const en = await hoverFigure(p, 'performance.ttft_s');
    assert(en.includes(entry.formula.en), `en tooltip lacks the formula:\n${en}`);
    assert(!/[\u3000-\u9fff]/.test(en), `Chinese in the en tooltip:\n${en}`);
    assertClean(p.record, (u) => u.startsWith(server.url));
    return 'ok';
  } finally {
    await p.close();
  }
});
