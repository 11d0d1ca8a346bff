// test_inputs.mjs — issue #9's inputs in the built page: "no latency target" is an explicit scenario field
// (targets.no_latency_target) that the embed API, the result's sentence and the URL carry; a bad value in a
// link is named and the rest applies. The pickers' keys and the presets are driven headless in
// tests/ui/test_pickers.cpp and test_presets.cpp, where widgets are found by label.
import { test, assert, assertClean, openPage, waitReady, clickBox, waitFrames } from './lib/harness.mjs';

async function openReady(browser, server, query = '', options = {}) {
  const p = await openPage(browser, server.url + query, options);
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

// An offline batch's link (tests/golden/offline_batch_32b_one_l40s.json): the speed panel draws the core's word for
// the day's requests beside the throughput it judges, and draws none once the day asks for nothing.
test('inputs: an offline batch is judged on its day beside the throughput, and only when a day is asked', async ({ browser, server }) => {
  const query = '?model=Qwen3-32B&weights=fp8&engine=vllm&hardware=nvidia-l40s-48gb&count=1&context_tokens=8192' +
    '&prompt_tokens=1000&output_tokens=500&concurrency=50&no_latency_target=true&requests_per_day=200000';
  const p = await openReady(browser, server, query);
  try {
    const look = () => p.page.evaluate(() => {
      const api = window.infersizer;
      return { result: api.getResult('en'), word: api._debug.itemBox('target_volume'),
               figure: api._debug.figureBox('performance.throughput_tps'), frame: api.frameCount };
    });
    const out = await look();
    assert(out.result.targets_met.daily_volume_applicable === true, `targets_met: ${JSON.stringify(out.result.targets_met)}`);
    // One L40S finishes about 19k of the 200k requests a day: the core judges the day missed, and says so.
    assert(out.result.targets_met.daily_volume === false && out.result.status === 'misses_targets',
      `status ${out.result.status}, targets_met ${JSON.stringify(out.result.targets_met)}`);
    assert(/200k/.test(out.result.verdict), `verdict: ${out.result.verdict}`);
    assert(out.word && out.figure, `word box ${out.word}, throughput figure box ${out.figure}`);
    const [wx0, wy0] = out.word, [, fy0, fx1, fy1] = out.figure;
    const sameLine = wx0 >= fx1 && wy0 < fy1 && out.word[3] > fy0;
    const below = wy0 >= fy1 - 1;
    assert(sameLine || below, `the word ${out.word} is neither after nor under the throughput ${out.figure}`);

    await p.page.evaluate(() => window.infersizer.setScenario({ traffic: { requests_per_day: 0 } }));
    await waitFrames(p.page, out.frame, 2);
    const after = await look();
    assert(after.result.targets_met.daily_volume_applicable === false, 'no day asked, none judged');
    assert(after.word === null, `a day's word still drawn at ${after.word}`);
    return `word at ${out.word.map(Math.round)}; throughput at ${out.figure.map(Math.round)}`;
  } finally {
    await p.close();
  }
});

// Clicks a picker's box, types into its search field and presses keys; returns the scenario afterwards.
async function pickWithKeys(p, boxId, typed, keys) {
  const box = await p.page.evaluate((id) => window.infersizer._debug.pickerBox(id), boxId);
  assert(box, `picker ${boxId} drew no box`);
  assert(box[3] <= (p.page.viewportSize() || { height: 0 }).height, `picker ${boxId} below the window: ${box}`);
  await clickBox(p.page, box, `picker ${boxId}`);
  await p.page.keyboard.type(typed, { delay: 20 });
  // Key down and up a few frames apart, for the same reason as the click: ImGui 1.86 keeps no input queue.
  for (const k of keys) {
    await p.page.waitForTimeout(100);
    await p.page.keyboard.down(k);
    await p.page.waitForTimeout(100);
    await p.page.keyboard.up(k);
  }
  await p.page.waitForTimeout(200);
  return p.page.evaluate(() => window.infersizer.getScenario());
}

test('inputs: the pickers take the keyboard — typing filters, ArrowDown moves, Enter picks', async ({ browser, server }) => {
  // Tall enough that both pickers are on the first screen (the hardware picker sits below 800 px).
  const p = await openReady(browser, server, '?lang=en', { viewport: { width: 1280, height: 1100 } });
  try {
    // "Llama-3.1" matches Llama-3.1-8B, -70B, -405B in catalog order: typing highlights the first, one
    // ArrowDown the second, Enter picks it and closes the list.
    const model = (await pickWithKeys(p, '##model', 'Llama-3.1', ['ArrowDown', 'Enter'])).model;
    assert(model === 'Llama-3.1-70B', `model after Llama-3.1 ↓ Enter: ${JSON.stringify(model)}`);
    const hardware = (await pickWithKeys(p, '##hardware', 'H200', ['Enter'])).hardware;
    assert(/h200/.test(hardware), `hardware after H200 Enter: ${JSON.stringify(hardware)}`);
    assertClean(p.record, (u) => u.startsWith(server.url));
    return `${model} on ${hardware}`;
  } finally {
    await p.close();
  }
});
