#!/usr/bin/env node
// memory_bench.mjs — no memory growth under a minute of random input (issue #13). The hosted page gets a random
// edit every 40 ms (setScenario over random models, cards, counts, lengths and users; language switches; mouse moves
// over the canvas; refused scenarios too), and every 5 s three sizes are sampled after a forced garbage collection:
// the JS heap (CDP Runtime.getHeapUsage), the wasm heap in use (malloc's bytes handed out, main.cpp
// is_debug_heap_bytes) and the wasm memory (its ArrayBuffer). Growth is last sample − the sample after a 10 s
// warm-up; a leak of even a few bytes per edit shows in the wasm heap (~1,500 edits a minute).
//
//   node bench/memory_bench.mjs [--seconds 60] [--json bench/results/memory.json]
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { launchBrowser, openPage, waitReady, requireBuild, DIST, REPO } from '../tests/browser/lib/harness.mjs';
import { serveFolder } from '../tests/browser/lib/server.mjs';

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const SECONDS = Number(option('seconds', 60));
const WARMUP_S = 10;
const SAMPLE_EVERY_S = 5;
const JSON_OUT = option('json', join(REPO, 'bench/results/memory.json'));

requireBuild();
const browser = await launchBrowser();
const server = await serveFolder(DIST);
let report;
try {
  const p = await openPage(browser, server.url + '?lang=en');
  await waitReady(p.page);
  const cdp = await p.context.newCDPSession(p.page);
  const sample = async (t) => {
    await cdp.send('HeapProfiler.collectGarbage');
    const js = await cdp.send('Runtime.getHeapUsage');
    const wasm = await p.page.evaluate(() => ({ heap: Module._is_debug_heap_bytes(), memory: Module.HEAP8.length }));
    return { t_s: t, js_heap_bytes: js.usedSize, wasm_heap_bytes: wasm.heap, wasm_memory_bytes: wasm.memory };
  };
  // The random input runs inside the page (one edit per 40 ms timer tick), so the bench's own traffic stays out.
  await p.page.evaluate(() => {
    const api = window.infersizer;
    const models = ['Llama-3.1-8B', 'Llama-3.1-70B', 'Qwen2.5-72B', 'Qwen3-30B-A3B', 'Mistral-7B-v0.3'];
    const hardware = ['nvidia-h100-sxm-80gb', 'nvidia-a100-sxm-80gb', 'nvidia-rtx-4090', 'nvidia-l40s-48gb'];
    const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
    const rect = document.getElementById('canvas').getBoundingClientRect();
    window.__edits = 0;
    window.__refused = 0;
    window.__stopInput = false;
    const tick = () => {
      if (window.__stopInput) return;
      const r = Math.random();
      try {
        if (r < 0.05) api.setLang(api.lang === 'zh' ? 'en' : 'zh');
        else if (r < 0.10) api.setScenario({ concurrency: -1 });  // refused: the error path must not leak either
        else if (r < 0.20) {
          document.getElementById('canvas').dispatchEvent(new MouseEvent('mousemove', {
            clientX: rect.left + Math.random() * rect.width, clientY: rect.top + Math.random() * rect.height, bubbles: true }));
        } else {
          api.setScenario({ model: pick(models), hardware: pick(hardware), count: Math.random() < 0.5 ? null : 1 + Math.floor(Math.random() * 8),
            context_tokens: pick([2048, 4096, 8192, 32768]), prompt_tokens: 200 + Math.floor(Math.random() * 1500),
            output_tokens: 50 + Math.floor(Math.random() * 500), concurrency: 1 + Math.floor(Math.random() * 300) });
        }
        window.__edits++;
      } catch (e) {
        window.__refused++;
      }
      setTimeout(tick, 40);
    };
    tick();
  });
  const samples = [];
  const t0 = Date.now();
  for (let t = WARMUP_S; t <= SECONDS; t += SAMPLE_EVERY_S) {
    await p.page.waitForTimeout(Math.max(0, t * 1000 - (Date.now() - t0)));
    samples.push(await sample(t));
  }
  const counts = await p.page.evaluate(() => { window.__stopInput = true; return { edits: window.__edits, refused: window.__refused }; });
  await p.close();
  const first = samples[0], last = samples[samples.length - 1];
  report = {
    seconds: SECONDS, warmup_s: WARMUP_S, ...counts,
    growth_after_warmup: {
      js_heap_bytes: last.js_heap_bytes - first.js_heap_bytes,
      wasm_heap_bytes: last.wasm_heap_bytes - first.wasm_heap_bytes,
      wasm_memory_bytes: last.wasm_memory_bytes - first.wasm_memory_bytes,
    },
    samples,
  };
} finally {
  await browser.close();
  await server.close();
}

const mb = (b) => (b / 1048576).toFixed(2) + ' MiB';
console.log(`${report.edits} random inputs in ${SECONDS} s (${report.refused} refused as intended)`);
for (const s of report.samples) {
  console.log(`t=${String(s.t_s).padStart(3)} s  JS heap ${mb(s.js_heap_bytes)}  wasm heap in use ${mb(s.wasm_heap_bytes)}  wasm memory ${mb(s.wasm_memory_bytes)}`);
}
const g = report.growth_after_warmup;
console.log(`growth after the ${WARMUP_S} s warm-up: JS heap ${g.js_heap_bytes} B, wasm heap ${g.wasm_heap_bytes} B, wasm memory ${g.wasm_memory_bytes} B`);
mkdirSync(dirname(JSON_OUT), { recursive: true });
writeFileSync(JSON_OUT, JSON.stringify(report, null, 2) + '\n');
console.log(`→ ${JSON_OUT}`);
