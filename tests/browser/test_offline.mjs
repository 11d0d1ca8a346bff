// test_offline.mjs — dist/infersizer-offline.html from file:// with the network switched off: it starts,
// draws, requests nothing but itself, keeps URL state, and computes what the served page computes.
import { decodePng, imageStats, looksDrawn } from './lib/png.mjs';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, assert, assertClean, openPage, waitReady, screenshot, firstDifference, OFFLINE_URL, READY_TIMEOUT_MS, GOLDEN_DIR } from './lib/harness.mjs';

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

// Every golden scenario (tests/golden): the offline file, network off, gives the served page's result, in both
// languages, and requests nothing but itself.
test('file://: the offline file computes the served page\'s result for every golden scenario, requesting nothing', async ({ browser, server }) => {
  const scenarios = readdirSync(GOLDEN_DIR).filter((f) => f.endsWith('.json')).sort()
    .map((f) => ({ name: f, text: readFileSync(join(GOLDEN_DIR, f), 'utf8') }));
  assert(scenarios.length >= 5, `only ${scenarios.length} golden scenarios`);
  const results = async (url, offline) => {
    const p = await openPage(browser, url, { offline });
    try {
      await waitReady(p.page);
      const out = await p.page.evaluate((list) => list.map(({ text }) => {
        window.infersizer.setScenario(text);
        return { en: window.infersizer.getResult('en'), zh: window.infersizer.getResult('zh') };
      }), scenarios);
      return { out, record: p.record };
    } finally {
      await p.close();
    }
  };
  const offline = await results(OFFLINE_URL + '?lang=en', true);
  const served = await results(server.url + '?lang=en', false);
  scenarios.forEach(({ name }, i) => {
    for (const lang of ['en', 'zh']) {
      const d = firstDifference(offline.out[i][lang], served.out[i][lang]);
      assert(d === null, `${name} (${lang}): the offline file differs from the served page: ${d}`);
    }
  });
  assert(offline.record.requests.every(isTheFile), `the offline file requested ${offline.record.requests.filter((u) => !isTheFile(u)).join(' ')}`);
  assertClean(offline.record, isTheFile);
  return `${scenarios.length} scenarios × 2 languages equal; requests: ${offline.record.requests.length} (the file itself)`;
});
