// test_core_text.mjs — issue #9, helper A's part, through the embed API of the built page: the FAQ answers,
// the API model's zh words, FP8 on Gaudi 2, and launch / load-test commands that are runnable as written.
import { test, assert, assertClean, openPage, waitReady } from './lib/harness.mjs';

async function openReady(browser, server, query = '') {
  const p = await openPage(browser, server.url + query);
  await waitReady(p.page);
  return p;
}

test('core text: faq answers in both languages, API model in zh words, FP8 on Gaudi 2 is not refused', async ({ browser, server }) => {
  const p = await openReady(browser, server);
  try {
    const out = await p.page.evaluate(() => {
      const api = window.infersizer;
      const zh = api.getResult('zh');
      const en = api.getResult('en');
      api.setScenario({ model: 'Llama-3.1-8B', weights: 'fp8', engine: 'vllm', hardware: 'intel-gaudi2-96gb', count: 1 });
      const gaudi = api.getResult('en');
      return { zh, en, gaudi };
    });
    assert(Array.isArray(out.zh.faq) && out.zh.faq.length === 2, `faq: ${JSON.stringify(out.zh.faq)}`);
    assert(out.zh.faq[0].id === 'reuse_training_cards' && out.zh.faq[1].id === 'quantization_vs_gpu', 'faq ids');
    assert(/训练/.test(out.zh.faq[0].question) && /GPU/.test(out.zh.faq[1].question), 'zh questions');
    assert(/trained on these cards/.test(out.en.faq[0].question), 'en question');
    assert(out.zh.faq.every((f) => f.answer.length > 0), 'empty zh answer');
    assert(/谷时/.test(out.zh.cost.api_model_text) && !/peak/.test(out.zh.cost.api_model_text),
      `zh API model: ${out.zh.cost.api_model_text}`);
    assert(!out.gaudi.warnings.some((w) => /cannot run FP8/.test(w)), `Gaudi 2 refused FP8: ${out.gaudi.warnings}`);
    assertClean(p.record, (u) => u.startsWith(server.url));
    return `zh api model: ${out.zh.cost.api_model_text}`;
  } finally {
    await p.close();
  }
});

test('core text: 25 cards give one command per node; llama.cpp load test runs at the peak with expected figures', async ({ browser, server }) => {
  const p = await openReady(browser, server);
  try {
    const out = await p.page.evaluate(() => {
      const api = window.infersizer;
      api.setScenario({ model: 'Llama-3.1-8B', weights: 'bf16', engine: 'vllm', hardware: 'nvidia-h100-sxm-80gb',
                        count: 25, concurrency: 500 });
      const vllm = api.getResult('en').deploy;
      api.setScenario({ model: 'Qwen3-8B', weights: 'Q4_K_M', engine: 'llama.cpp', hardware: 'nvidia-rtx-4090',
                        count: 1, concurrency: 5 });
      const llama = api.getResult('en').deploy;
      return { vllm, llama };
    });
    assert(!/--data-parallel-size 25/.test(out.vllm.launch_command), out.vllm.launch_command);
    assert(/# 4 nodes of 8 cards/.test(out.vllm.launch_command), out.vllm.launch_command);
    assert(!/llama-bench/.test(out.llama.load_test_command), out.llama.load_test_command);
    assert(/--max-concurrency 5/.test(out.llama.load_test_command), out.llama.load_test_command);
    assert(/# expected at 5 concurrent users: TTFT p90/.test(out.llama.load_test_command), out.llama.load_test_command);
    assertClean(p.record, (u) => u.startsWith(server.url));
    return 'ok';
  } finally {
    await p.close();
  }
});

test('core text: a one-token answer is judged on its first token, and an embedding model is refused by name', async ({ browser, server }) => {
  const p = await openReady(browser, server);
  try {
    const out = await p.page.evaluate(() => {
      const api = window.infersizer;
      api.setScenario({ model: 'Llama-3.1-8B', weights: 'bf16', engine: 'vllm', hardware: 'nvidia-h100-sxm-80gb', count: 1,
                        context_tokens: 4096, prompt_tokens: 500, output_tokens: 1, concurrency: 50,
                        targets: { ttft_s: 1, tps_per_user: 20 } });
      const one = api.getResult('en');
      const before = JSON.stringify(api.getScenario());
      let refused = null;
      try { api.setScenario({ model: 'bge-m3', weights: 'fp16' }); } catch (e) { refused = { name: e.name, message: e.message }; }
      return { one, before, after: JSON.stringify(api.getScenario()), refused };
    });
    assert(out.one.status === 'meets', `one-token status: ${out.one.status} — ${out.one.verdict}`);
    assert(out.one.targets_met.tps_per_user_applicable === false, JSON.stringify(out.one.targets_met));
    assert(!/per user/.test(out.one.verdict), `the headline quotes a per-user rate: ${out.one.verdict}`);
    // The page's own text view, in the page's language, says the per-user target does not apply.
    await p.page.waitForFunction(() => {
      const t = document.getElementById('is-text-view').textContent;
      return t.includes('n/a (one output token)') || t.includes('不适用（只输出 1 个 token）');
    }, null, { timeout: 5000 }).catch(async (e) => {
      const t = await p.page.evaluate(() => document.getElementById('is-text-view').textContent);
      throw new Error(`${e.message}; the text view: ${t.slice(0, 600)}`);
    });
    assert(out.refused && out.refused.name === 'InferSizerError' && /scenario\.model/.test(out.refused.message) &&
      /embedding model/.test(out.refused.message), `bge-m3 as the model: ${JSON.stringify(out.refused)}`);
    assert(out.before === out.after, 'a refused model changed the scenario');
    assertClean(p.record, (u) => u.startsWith(server.url));
    return `${out.one.verdict.slice(0, 60)}…`;
  } finally {
    await p.close();
  }
});

// The page's text view (the core's report document in the DOM) carries this stop's words: a llama.cpp layer split
// named so, not "TP 3"; the planner's pick priced in place of a desktop with the reason; the legend that puts a
// speed's careful end high; the note above the speed figures of a setup that does not fit.
test('core text: the text view names a layer split, why the planner\'s pick is priced, and which end is careful', async ({ browser, server }) => {
  const p = await openReady(browser, server);
  try {
    const view = () => p.page.evaluate(() => document.getElementById('is-text-view').textContent);
    const waitFor = async (parts) => {
      await p.page.waitForFunction((want) => {
        const t = document.getElementById('is-text-view').textContent;
        return want.every((w) => t.includes(w));
      }, parts, { timeout: 5000 }).catch(async (e) => {
        throw new Error(`${e.message}; wanted ${JSON.stringify(parts)} in the text view: ${(await view()).slice(0, 800)}`);
      });
    };
    await p.page.evaluate(() => {
      window.infersizer.setLang('en');
      window.infersizer.setScenario({ model: 'Llama-3.1-70B', weights: 'Q4_K_M', engine: 'llama.cpp', hardware: 'nvidia-rtx-4090',
                                      count: 3, context_tokens: 8192, prompt_tokens: 1000, output_tokens: 300, concurrency: 2 });
    });
    const split = await p.page.evaluate(() => window.infersizer.getResult('en').performance);
    assert(split.layer_split === true && split.tp === 3, `performance: ${JSON.stringify(split)}`);
    await waitFor(['Parallel', 'layer split 3',
                   "the careful operator's end is the low one for memory, times, cards and cost and the high one for speeds"]);
    assert(!(await view()).includes('TP 3'), 'the text view still calls the split TP 3');

    await p.page.evaluate(() => window.infersizer.setScenario({ model: 'Qwen2.5-7B', weights: 'Q4_K_M', engine: 'llama.cpp',
      hardware: 'desktop-ddr5-5600-2ch', count: 1, context_tokens: 4096, prompt_tokens: 512, output_tokens: 256, concurrency: 2,
      targets: { ttft_s: 5, tps_per_user: 5 }, traffic: { requests_per_day: 100 } }));
    await waitFor(["the planner's pick; no rental price for Desktop, dual-channel DDR5-5600"]);

    await p.page.evaluate(() => window.infersizer.setScenario({ model: 'Llama-3.1-405B', weights: 'bf16', engine: 'vllm',
      hardware: 'nvidia-rtx-4090', count: 1, context_tokens: 8192, prompt_tokens: 1000, output_tokens: 300, concurrency: 8 }));
    await waitFor(['Does not fit: the speed it would have if it did, not judged.', 'cannot serve this setup']);
    assertClean(p.record, (u) => u.startsWith(server.url));
    return 'layer split, priced pick and its reason, legend, unjudged speed note';
  } finally {
    await p.close();
  }
});
