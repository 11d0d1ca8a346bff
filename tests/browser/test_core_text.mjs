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
