// test_inputs.mjs — issue #9's inputs in the built page: "no latency target" is an explicit scenario field
// (targets.no_latency_target) that the embed API, the result's sentence and the URL carry; a bad value in a
// link is named and the rest applies. The pickers' keys and the presets are driven headless in
// tests/ui/test_pickers.cpp and test_presets.cpp, where widgets are found by label.
import { test, assert, assertClean, openPage, waitReady } from './lib/harness.mjs';

async function openReady(browser, server, query = '') {
  const p = await openPage(browser, server.url + query);
  await waitReady(p.page);
  return p;
}

test('inputs: no latency target is a field the API, the verdict and the link carry', async ({ browser, server }) => {
  const p = await openReady(browser, server);
  try {
    const before = await p.page.evaluate(() => location.href);
    const out = await p.page.evaluate(() => {
      const api = window.infersizer;
      api.setScenario({ targets: { ttft_s: 0.05, tps_per_user: 5000, no_latency_target: true } });
      return { scenario: api.getScenario(), en: api.getResult('en'), zh: api.getResult('zh') };
    });
    assert(out.scenario.targets.no_latency_target === true, `getScenario: ${JSON.stringify(out.scenario.targets)}`);
    assert(out.scenario.targets.ttft_s === 0.05, 'the TTFT figure is kept while no target applies');
    assert(out.en.status !== 'misses_targets', `no target can be missed, got status ${out.en.status}`);
    assert(/no latency target/.test(out.en.verdict), `en verdict: ${out.en.verdict}`);
    assert(/无延迟目标/.test(out.zh.verdict), `zh verdict: ${out.zh.verdict}`);
    await p.page.waitForFunction((b) => location.href !== b, before, { timeout: 3000 });
    const url = await p.page.evaluate(() => location.href);
    assert(new URL(url).searchParams.get('no_latency_target') === 'true', `link: ${url}`);
    assertClean(p.record, (u) => u.startsWith(server.url));

    const q = await openReady(browser, server, new URL(url).search);
    try {
      const restored = await q.page.evaluate(() => window.infersizer.getScenario().targets);
      assert(restored.no_latency_target === true, `restored: ${JSON.stringify(restored)}`);
    } finally {
      await q.close();
    }
    return out.en.verdict;
  } finally {
    await p.close();
  }
});

test('inputs: a bad no_latency_target in a link is named and the rest applies', async ({ browser, server }) => {
  const p = await openReady(browser, server, '?no_latency_target=maybe&concurrency=7');
  try {
    const out = await p.page.evaluate(() => ({ errors: window.infersizer.urlErrors, scenario: window.infersizer.getScenario() }));
    assert(out.errors.length === 1 && /url\.no_latency_target/.test(out.errors[0]), `urlErrors: ${JSON.stringify(out.errors)}`);
    assert(out.scenario.concurrency === 7, `concurrency: ${out.scenario.concurrency}`);
    assert(out.scenario.targets.no_latency_target === false, 'the bad value left the default');
    return out.errors[0];
  } finally {
    await p.close();
  }
});
