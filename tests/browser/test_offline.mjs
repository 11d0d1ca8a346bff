// test_offline.mjs — dist/infersizer-offline.html from file:// with the network switched off: it starts,
// draws, requests nothing but itself, and keeps URL state.
import { decodePng, imageStats, looksDrawn } from './lib/png.mjs';
import { test, assert, assertClean, openPage, waitReady, screenshot, OFFLINE_URL, READY_TIMEOUT_MS } from './lib/harness.mjs';

const isTheFile = (u) => u.split(/[?#]/)[0] === OFFLINE_URL || u.startsWith('data:');

test('file://: the offline page starts with the network off, drawn, clean, requests only itself', async ({ browser }) => {
  const p = await openPage(browser, OFFLINE_URL, { locale: 'zh-CN', offline: true });
  try {
    const ms = await waitReady(p.page);
    assert(ms < READY_TIMEOUT_MS, `ready after ${ms} ms`);
    const stats = imageStats(decodePng((await screenshot(p.page, 'offline-zh.png')).png));
    assert(looksDrawn(stats), `the offline page looks blank: ${JSON.stringify(stats)}`);
    const info = await p.page.evaluate(() => ({ lang: window.infersizer.lang, summary: window.infersizer.catalogSummary }));
    assert(info.lang === 'zh', `lang ${info.lang}`);
    assert(/^[1-9]\d* [1-9]\d* [1-9]\d* [1-9]\d*/.test(info.summary), `catalog summary ${info.summary}`);
    assertClean(p.record, isTheFile);
    return `ready in ${ms} ms, catalog ${info.summary}`;
  } finally {
    await p.close();
  }
});

test('file://: a scenario set through the API lands in the URL', async ({ browser }) => {
  const p = await openPage(browser, OFFLINE_URL + '?lang=en', { offline: true });
  try {
    await waitReady(p.page);
    const before = await p.page.evaluate(() => location.href);
    await p.page.evaluate(() => window.infersizer.setScenario({ concurrency: 37 }));
    await p.page.waitForFunction((b) => location.href !== b, before, { timeout: 3000 });
    const url = new URL(await p.page.evaluate(() => location.href));
    assert(url.searchParams.get('concurrency') === '37', `URL after setScenario: ${url.href}`);
    assert(url.searchParams.get('lang') === 'en', `lang param dropped: ${url.href}`);
    assertClean(p.record, isTheFile);
  } finally {
    await p.close();
  }
});
