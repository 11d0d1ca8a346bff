// test_url.mjs — URL state: a link carries a full scenario and restores it; one broken parameter is
// reported (naming its key) while the rest still applies; hosts may put the state in the hash.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, assert, assertClean, openPage, waitReady, firstDifference, GOLDEN_DIR } from './lib/harness.mjs';

// A scenario that sets most fields away from their defaults, so the URL has to carry them all.
const FULL = {
  schema: 'infersizer.scenario/1', model: 'Qwen2.5-72B-Instruct', weights: 'awq-int4', kv_cache: 'fp8', engine: 'vllm',
  hardware: 'nvidia-h100-sxm-80gb', count: 2, context_tokens: 16384, prompt_tokens: 3000, output_tokens: 500,
  concurrency: 48, targets: { ttft_s: 3, tps_per_user: 12 }, traffic: { requests_per_day: 20000 }, headroom: 0.15,
};

function fullScenario() {
  try {
    return readFileSync(join(GOLDEN_DIR, 'rag_72b_awq_colocated.json'), 'utf8');
  } catch {
    return JSON.stringify(FULL);
  }
}

// Sets the scenario in a first page and returns the URL the page wrote plus the scenario it holds.
async function urlFor(browser, server, scenarioJson) {
  const p = await openPage(browser, server.url);
  try {
    await waitReady(p.page);
    const before = await p.page.evaluate(() => location.href);
    await p.page.evaluate((s) => window.infersizer.setScenario(s), scenarioJson);
    await p.page.waitForFunction((b) => location.href !== b, before, { timeout: 3000 });
    return await p.page.evaluate(() => ({ url: location.href, scenario: window.infersizer.getScenario() }));
  } finally {
    await p.close();
  }
}

async function scenarioAt(browser, server, url) {
  const p = await openPage(browser, url);
  try {
    await waitReady(p.page);
    const out = await p.page.evaluate(() => ({ scenario: window.infersizer.getScenario(), urlErrors: window.infersizer.urlErrors }));
    assertClean(p.record, (u) => u.startsWith(server.url));
    return out;
  } finally {
    await p.close();
  }
}

test('url: a link carrying a full scenario restores it', async ({ browser, server }) => {
  const { url, scenario } = await urlFor(browser, server, fullScenario());
  const restored = await scenarioAt(browser, server, url);
  const d = firstDifference(restored.scenario, scenario);
  assert(d === null, `restored scenario differs at ${d} (URL ${url})`);
  assert(restored.urlErrors.length === 0, `a written URL reported errors: ${restored.urlErrors}`);
  return `${new URL(url).search.length} characters of query`;
});

test('url: the state may travel in the hash (embedding hosts)', async ({ browser, server }) => {
  const { url, scenario } = await urlFor(browser, server, fullScenario());
  const u = new URL(url);
  const restored = await scenarioAt(browser, server, `${server.url}#${u.search.slice(1)}`);
  const d = firstDifference(restored.scenario, scenario);
  assert(d === null, `scenario from the hash differs at ${d}`);
});

test('url: one broken parameter is reported by name and the rest still applies', async ({ browser, server }) => {
  const { url, scenario } = await urlFor(browser, server, fullScenario());
  const defaults = (await scenarioAt(browser, server, server.url)).scenario;
  const u = new URL(url);
  assert(u.searchParams.has('concurrency'), `the test scenario should put concurrency in the URL: ${url}`);
  u.searchParams.set('concurrency', '-3');
  const broken = await scenarioAt(browser, server, u.href);
  assert(broken.urlErrors.length === 1 && /concurrency/.test(broken.urlErrors[0]), `urlErrors: ${JSON.stringify(broken.urlErrors)}`);
  const expected = { ...scenario };
  if ('concurrency' in defaults) expected.concurrency = defaults.concurrency;
  else delete expected.concurrency;
  const d = firstDifference(broken.scenario, expected);
  assert(d === null, `with concurrency broken, the rest should apply; differs at ${d}`);
  return `reported: ${broken.urlErrors[0]}`;
});

test('url: a hardware id the catalog lacks keeps the link\'s model, weights and engine', async ({ browser, server }) => {
  const { url, scenario } = await urlFor(browser, server, fullScenario());
  const defaults = (await scenarioAt(browser, server, server.url)).scenario;
  const u = new URL(url);
  u.searchParams.set('hardware', 'no-such-card');
  const broken = await scenarioAt(browser, server, u.href);
  assert(broken.urlErrors.length === 1 && /^error: url\.hardware:/.test(broken.urlErrors[0]),
         `urlErrors: ${JSON.stringify(broken.urlErrors)}`);
  const expected = { ...scenario, hardware: defaults.hardware };
  const d = firstDifference(broken.scenario, expected);
  assert(d === null, `with an unknown hardware, the rest should apply; differs at ${d}`);
  assert(broken.scenario.model === scenario.model && broken.scenario.engine === scenario.engine,
         `model/engine reset: ${JSON.stringify(broken.scenario)}`);
  return `reported: ${broken.urlErrors[0]}`;
});
