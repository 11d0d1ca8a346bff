#!/usr/bin/env node
// page_bench.mjs — the page's costs, as medians: load time to `ready` (hosted page over http on
// 127.0.0.1, and the offline file from file://), bundle sizes (raw and gzip -9), and idle CPU (main-thread
// TaskDuration over 5 s windows, via CDP). Debian's Chromium with SwiftShader, so absolute load times
// are a software-rendering upper bound; compare runs on the same machine.
//
// Start-up side by side in the same Chromium (issue #13): InferSizer's full default answer (`ready`) against
//   - the floor: a blank WebGL2 canvas plus the same infersizer.wasm compiled and instantiated (stub imports, no UI,
//     nothing run) — what any page built on this wasm pays at least;
//   - gpu_poor (github.com/RahulSChand/gpu_poor, the calculator people use today), its built site (the repository's
//     docs/ folder, served under /gpu_poor/ as GitHub Pages does), with a scripted user typing a model, a prompt length and a number of tokens to generate, and pressing
//     "Find Memory requirement" as soon as the page can take it; the time is to its first result table. Its
//     Google Tag Manager script (the only request off the machine) is aborted. --gpu-poor DIR (default
//     /work/gpu_poor-build/docs); skipped with a note when absent. Its code is never part of this repository.
// The three are loaded round by round (--runs rounds, the order rotating), and each round's own ratios are reported
// beside the ratios of the medians, with how many rounds meet each target.
//
//   cmake --preset web && cmake --build --preset web
//   node bench/page_bench.mjs [--runs 7 (rounds)] [--idle-runs 3] [--gpu-poor DIR] [--only startup] [--json bench/results/page.json]
import { readFileSync, statSync, mkdirSync, writeFileSync, existsSync, mkdtempSync, copyFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
const GPU_POOR_DIR = option('gpu-poor', '/work/gpu_poor-build/docs');
const GPU_POOR_MODEL = 'meta-llama/Llama-2-7b-hf';
const ONLY_STARTUP = option('only', '') === 'startup';  // the side-by-side start-up alone (a quicker run)

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
  const phases = [];
  for (let i = 0; i < RUNS; i++) {
    const p = await openPage(browser, url, options);
    try {
      times.push(await waitReady(p.page, 30000));
      phases.push(await startPhases(p.page));
    } finally {
      await p.close();
    }
  }
  return { times, phases };
}

// Where the time to `ready` went, from bridge.js's marks (ms since navigation): the runtime up (wasm fetched,
// compiled, main() run), the catalog fetched, is_start (catalog parse, the first whole result), the first frames.
async function startPhases(page) {
  const at = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark')
    .filter((m) => m.name.startsWith('infersizer:')).map((m) => [m.name.slice('infersizer:'.length), m.startTime])));
  const span = (a, b) => (at[a] !== undefined && at[b] !== undefined ? at[b] - at[a] : null);
  return {
    runtime_up_ms: at.runtime ?? null,
    catalog_fetched_ms: at.catalog ?? null,
    is_start_ms: span('start', 'started'),
    first_frames_ms: span('started', 'ready'),
  };
}

function medianPhases(phases) {
  const keys = ['runtime_up_ms', 'catalog_fetched_ms', 'is_start_ms', 'first_frames_ms'];
  return Object.fromEntries(keys.map((k) => {
    const xs = phases.map((p) => p[k]).filter((v) => v !== null);
    return [k, xs.length ? Math.round(median(xs)) : null];
  }));
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

// --- the floor: blank canvas + the same wasm instantiated -------------------------------------------------------
const FLOOR_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>floor</title>
<style>html,body{margin:0}canvas{width:100%;height:100vh;display:block}</style></head><body><canvas id="canvas"></canvas>
<script>
window.floorReady = (async () => {
  const canvas = document.getElementById('canvas');
  canvas.width = canvas.clientWidth * devicePixelRatio;
  canvas.height = canvas.clientHeight * devicePixelRatio;
  const gl = canvas.getContext('webgl2');
  const module = await WebAssembly.compileStreaming(fetch('infersizer.wasm'));
  const imports = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    imports[imp.module] = imports[imp.module] || {};
    imports[imp.module][imp.name] = imp.kind === 'function' ? () => 0
      : imp.kind === 'memory' ? new WebAssembly.Memory({ initial: 256 })
      : imp.kind === 'table' ? new WebAssembly.Table({ initial: 1, element: 'anyfunc' })
      : new WebAssembly.Global({ value: 'i32', mutable: true }, 0);
  }
  await WebAssembly.instantiate(module, imports);
  gl.clearColor(0.08, 0.09, 0.1, 1);
  gl.clear(gl.COLOR_BUFFER_BIT);
  await new Promise((r) => requestAnimationFrame(() => r()));
})();
</script></body></html>`;

async function floorServer() {
  const dir = mkdtempSync(join(tmpdir(), 'infersizer-floor-'));
  writeFileSync(join(dir, 'index.html'), FLOOR_HTML);
  copyFileSync(join(DIST, 'infersizer.wasm'), join(dir, 'infersizer.wasm'));
  const server = await serveFolder(dir);
  return { url: server.url, close: async () => { await server.close(); rmSync(dir, { recursive: true, force: true }); } };
}

async function floorOnce(browser, url) {
  const p = await openPage(browser, url);
  try {
    return await p.page.evaluate(async () => { await window.floorReady; return Math.round(Date.now() - performance.timeOrigin); });
  } finally {
    await p.close();
  }
}

// --- gpu_poor: a scripted user, time to the first table ---------------------------------------------------------
async function gpuPoorOnce(browser, server) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route((url) => !url.href.startsWith(`http://127.0.0.1:${server.port}/`), (route) => route.abort());
  const page = await context.newPage();
  try {
    // Its model list arrives in all_configs.json; a click before that only opens its error dialog.
    const configs = page.waitForResponse((r) => r.url().endsWith('/all_configs.json'), { timeout: 30000 });
    await page.goto(server.url, { waitUntil: 'commit' });
    await configs;
    const input = page.locator('input[placeholder="e.g. meta-llama/Llama-2-7b-hf"]');
    await input.fill(GPU_POOR_MODEL);
    // Its "Prompt len?" and "Tokens to Generate?" start empty; a click without them opens its error dialog.
    await page.locator('input[placeholder="?"]').nth(0).fill('1500');
    await page.locator('input[placeholder="?"]').nth(1).fill('300');
    await page.locator('button', { hasText: 'Find Memory requirement' }).click();
    await page.locator('table').first().waitFor({ state: 'visible', timeout: 30000 });
    return await page.evaluate(() => Math.round(Date.now() - performance.timeOrigin));
  } finally {
    await context.close();
  }
}

// The three contenders, round by round: each round loads InferSizer, the floor and gpu_poor once, in an order
// that rotates between rounds, so a change in the machine's load (a shared 2-core box moves by ± 30 % within
// minutes) falls on all three alike instead of on whichever block ran at that time. Each round's own ratios are
// kept beside the medians: their median and spread say how far the comparison holds, run to run.
async function sideBySide(browser, url) {
  const floor = await floorServer();
  const gpuPoorServer = existsSync(join(GPU_POOR_DIR, 'index.html'))
    ? await serveFolder(GPU_POOR_DIR, { prefix: '/gpu_poor/' }) : null;
  const out = { infersizer: [], phases: [], floor: [], gpu_poor: gpuPoorServer ? [] : null, rounds: [] };
  try {
    const contenders = [
      ['infersizer', async () => {
        const p = await openPage(browser, url);
        try {
          const ms = await waitReady(p.page, 30000);
          out.phases.push(await startPhases(p.page));
          return ms;
        } finally {
          await p.close();
        }
      }],
      ['floor', () => floorOnce(browser, floor.url)],
      ...(gpuPoorServer ? [['gpu_poor', () => gpuPoorOnce(browser, gpuPoorServer)]] : []),
    ];
    for (let i = 0; i < RUNS; i++) {
      const round = {};
      for (let k = 0; k < contenders.length; k++) {
        const [name, load] = contenders[(i + k) % contenders.length];
        round[name] = await load();
        out[name].push(round[name]);
      }
      out.rounds.push({
        ...round,
        ratio_to_floor: round.infersizer / round.floor,
        ratio_to_gpu_poor: gpuPoorServer ? round.infersizer / round.gpu_poor : null,
      });
    }
  } finally {
    await floor.close();
    if (gpuPoorServer) await gpuPoorServer.close();
  }
  return out;
}

requireBuild();
const sizes = bundleSizes();
const browser = await launchBrowser();
const server = await serveFolder(DIST);
let report;
try {
  const side = await sideBySide(browser, server.url);
  const hosted = side.infersizer;
  const offline = ONLY_STARTUP ? [] : (await loadTimes(browser, OFFLINE_URL, { offline: true })).times;
  const idle = ONLY_STARTUP ? [] : await idleCpu(browser, server.url);
  const estimates = ONLY_STARTUP ? {} : await estimateTimes(browser, server.url);
  const { floor, gpu_poor: gpuPoor } = side;
  const spread = (key) => {
    const xs = side.rounds.map((r) => r[key]).filter((v) => v !== null);
    return xs.length ? { median: median(xs), min: Math.min(...xs), max: Math.max(...xs) } : null;
  };
  const startup = {
    infersizer_full_answer_ms: median(hosted),
    infersizer_phases_median: medianPhases(side.phases),
    floor_ms: median(floor),
    gpu_poor_first_table_ms: gpuPoor ? median(gpuPoor) : null,
    ratio_to_floor: median(hosted) / median(floor),
    ratio_to_gpu_poor: gpuPoor ? median(hosted) / median(gpuPoor) : null,
    per_round_ratio_to_floor: spread('ratio_to_floor'),
    per_round_ratio_to_gpu_poor: gpuPoor ? spread('ratio_to_gpu_poor') : null,
    rounds_within_targets: {
      floor: side.rounds.filter((r) => r.ratio_to_floor <= 2).length,
      gpu_poor: gpuPoor ? side.rounds.filter((r) => r.ratio_to_gpu_poor <= 1).length : null,
      of: side.rounds.length,
    },
    rounds: side.rounds,
    gpu_poor_note: gpuPoor ? `${GPU_POOR_DIR}, typed ${GPU_POOR_MODEL}, prompt 1500, generate 300` : `skipped: no gpu_poor site at ${GPU_POOR_DIR} (--gpu-poor DIR)`,
  };
  report = {
    startup,
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

console.log(`load to ready, median of ${RUNS}: hosted ${report.load_ms_median.hosted_http} ms, ` +
  (ONLY_STARTUP ? 'offline not measured (--only startup)' : `offline ${report.load_ms_median.offline_file} ms`));
{
  const s = report.startup;
  console.log(`start-up side by side, ${RUNS} rounds, medians: InferSizer full answer ${s.infersizer_full_answer_ms} ms · floor ${s.floor_ms} ms` +
    ` · gpu_poor first table ${s.gpu_poor_first_table_ms ?? '—'} ms`);
  const ph = s.infersizer_phases_median;
  console.log(`  InferSizer's phases (medians, ms): runtime up at ${ph.runtime_up_ms}, catalog fetched at ${ph.catalog_fetched_ms},` +
    ` is_start (catalog parse, first whole result) ${ph.is_start_ms}, first frames ${ph.first_frames_ms}`);
  console.log(`  ratio to floor ${s.ratio_to_floor.toFixed(2)}× (target ≤ 2×) · ratio to gpu_poor ` +
    `${s.ratio_to_gpu_poor === null ? '— (' + s.gpu_poor_note + ')' : s.ratio_to_gpu_poor.toFixed(2) + '× (target ≤ 1×)'}`);
  const range = (r) => `median ${r.median.toFixed(2)}×, ${r.min.toFixed(2)}–${r.max.toFixed(2)}×`;
  const w = s.rounds_within_targets;
  console.log(`  each round's own ratio (the three loaded back to back, order rotating): to floor ${range(s.per_round_ratio_to_floor)}` +
    ` (≤ 2× in ${w.floor} of ${w.of})` +
    (s.per_round_ratio_to_gpu_poor ? ` · to gpu_poor ${range(s.per_round_ratio_to_gpu_poor)} (≤ 1× in ${w.gpu_poor} of ${w.of})` : ''));
}
for (const [name, ms] of Object.entries(report.estimate_ms_median)) {
  console.log(`whole result in wasm (setScenario), median of ${RUNS}: ${name} ${ms.toFixed(1)} ms`);
}
if (!ONLY_STARTUP) console.log(`idle main thread, median of ${IDLE_RUNS} × 5 s: ${(report.idle_cpu_share_of_one_core_median * 100).toFixed(2)} % of one core`);
for (const [f, s] of Object.entries(sizes)) {
  console.log(`${f.padEnd(26)} ${String(s.bytes).padStart(9)} B   gzip ${String(s.gzip_bytes).padStart(9)} B`);
}
mkdirSync(dirname(JSON_OUT), { recursive: true });
writeFileSync(JSON_OUT, JSON.stringify(report, null, 2) + '\n');
console.log(`→ ${JSON_OUT}`);
