#!/usr/bin/env node
// page_bench.mjs — the page's costs, as medians: load time to `ready` (hosted page over http on
// 127.0.0.1, and the offline file from file://), bundle sizes (raw and gzip -9), and idle CPU (main-thread
// TaskDuration over 5 s windows, via CDP). Debian's Chromium with SwiftShader, so absolute load times
// are a software-rendering upper bound; compare runs on the same machine.
//
//   cmake --preset web && cmake --build --preset web
//   node bench/page_bench.mjs [--runs 7] [--idle-runs 3] [--json bench/results/page.json]
import { readFileSync, statSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser, openPage, waitReady, requireBuild, DIST, OFFLINE_URL, REPO } from '../tests/browser/lib/harness.mjs';
import { serveFolder } from '../tests/browser/lib/server.mjs';

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}
const RUNS = Number(option('runs', 7));
const IDLE_RUNS = Number(option('idle-runs', 3));
const IDLE_WINDOW_MS = 5000;
const JSON_OUT = option('json', join(REPO, 'bench/results/page.json'));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function bundleSizes() {
  const files = ['index.html', 'infersizer.js', 'infersizer.wasm', 'infersizer-offline.html',
    ...['models', 'hardware', 'formats', 'engines', 'prices'].map((n) => `data/${n}.json`)];
  const sizes = {};
  for (const f of files) {
    const body = readFileSync(join(DIST, f));
    sizes[f] = { bytes: statSync(join(DIST, f)).size, gzip_bytes: gzipSync(body, { level: 9 }).length };
  }
  const hosted = files.filter((f) => f !== 'infersizer-offline.html');
  sizes['hosted page total'] = {
    bytes: hosted.reduce((a, f) => a + sizes[f].bytes, 0),
    gzip_bytes: hosted.reduce((a, f) => a + sizes[f].gzip_bytes, 0),
  };
  return sizes;
}

async function loadTimes(browser, url, options) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const p = await openPage(browser, url, options);
    try {
      times.push(await waitReady(p.page, 30000));
    } finally {
      await p.close();
    }
  }
  return times;
}

// The whole result in wasm, as the page recomputes it on an edit: setScenario on the serving scenarios the
// core benchmark times natively (bench_core.cpp BM_EstimateServing), median of RUNS each.
const SERVING_SCENARIOS = {
  chat_70b_h100_200_users: { model: 'Llama-3.1-70B', weights: 'fp8', engine: 'vllm', hardware: 'nvidia-h100-sxm-80gb',
    count: null, context_tokens: 8192, prompt_tokens: 1500, output_tokens: 300, concurrency: 200,
    targets: { ttft_s: 1, tps_per_user: 20 } },
  rag_72b_awq_a100_32_users: { model: 'Qwen2.5-72B', weights: 'awq-int4', kv_cache: 'fp8', engine: 'vllm',
    hardware: 'nvidia-a100-sxm-80gb', count: null, context_tokens: 16384, prompt_tokens: 6000, output_tokens: 400,
    concurrency: 32, targets: { ttft_s: 3, tps_per_user: 12 }, traffic: { lengths: 'varied' }, headroom: 0.15,
    colocated: [{ name: 'bge-m3', params_b: 0.568, weights: 'fp16' }, { name: 'bge-reranker-v2-m3', params_b: 0.568, weights: 'fp16' }] },
  moe_sglang_500_users: { model: 'Qwen3-30B-A3B', weights: 'bf16', engine: 'sglang', hardware: 'nvidia-h100-sxm-80gb',
    count: null, context_tokens: 8192, prompt_tokens: 2000, output_tokens: 1000, concurrency: 500 },
};

async function estimateTimes(browser, url) {
  const p = await openPage(browser, url);
  try {
    await waitReady(p.page);
    return await p.page.evaluate(({ scenarios, runs }) => {
      const out = {};
      for (const [name, s] of Object.entries(scenarios)) {
        const times = [];
        for (let i = 0; i < runs; i++) {
          window.infersizer.setScenario({ concurrency: 1 });  // a different scenario in between: nothing reused
          const t0 = performance.now();
          window.infersizer.setScenario(s);
          times.push(performance.now() - t0);
        }
        out[name] = times;
      }
      return out;
    }, { scenarios: SERVING_SCENARIOS, runs: RUNS });
  } finally {
    await p.close();
  }
}

async function idleCpu(browser, url) {
  const shares = [];
  const p = await openPage(browser, url);
  try {
    await waitReady(p.page);
    const cdp = await p.context.newCDPSession(p.page);
    await cdp.send('Performance.enable');
    await p.page.waitForTimeout(1000);
    const task = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
    for (let i = 0; i < IDLE_RUNS; i++) {
      const t0 = await task(), w0 = Date.now();
      await p.page.waitForTimeout(IDLE_WINDOW_MS);
      shares.push((await task() - t0) / ((Date.now() - w0) / 1000));
    }
  } finally {
    await p.close();
  }
  return shares;
}

requireBuild();
const sizes = bundleSizes();
const browser = await launchBrowser();
const server = await serveFolder(DIST);
let report;
try {
  const hosted = await loadTimes(browser, server.url, {});
  const offline = await loadTimes(browser, OFFLINE_URL, { offline: true });
  const idle = await idleCpu(browser, server.url);
  const estimates = await estimateTimes(browser, server.url);
  report = {
    estimate_ms_median: Object.fromEntries(Object.entries(estimates).map(([k, v]) => [k, median(v)])),
    estimate_ms_all: estimates,
    runs: RUNS,
    load_ms_median: { hosted_http: median(hosted), offline_file: median(offline) },
    load_ms_all: { hosted_http: hosted, offline_file: offline },
    idle_cpu_share_of_one_core_median: median(idle),
    idle_cpu_all: idle,
    sizes,
  };
} finally {
  await browser.close();
  await server.close();
}

console.log(`load to ready, median of ${RUNS}: hosted ${report.load_ms_median.hosted_http} ms, offline ${report.load_ms_median.offline_file} ms`);
for (const [name, ms] of Object.entries(report.estimate_ms_median)) {
  console.log(`whole result in wasm (setScenario), median of ${RUNS}: ${name} ${ms.toFixed(1)} ms`);
}
console.log(`idle main thread, median of ${IDLE_RUNS} × 5 s: ${(report.idle_cpu_share_of_one_core_median * 100).toFixed(2)} % of one core`);
for (const [f, s] of Object.entries(sizes)) {
  console.log(`${f.padEnd(26)} ${String(s.bytes).padStart(9)} B   gzip ${String(s.gzip_bytes).padStart(9)} B`);
}
mkdirSync(dirname(JSON_OUT), { recursive: true });
writeFileSync(JSON_OUT, JSON.stringify(report, null, 2) + '\n');
console.log(`→ ${JSON_OUT}`);
