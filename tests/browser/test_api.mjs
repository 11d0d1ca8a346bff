// test_api.mjs — window.infersizer, the host API: the same scenario JSON the CLI reads gives the same
// result JSON (every golden scenario, both languages), errors name the field, events fire.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { test, assert, assertClean, openPage, waitReady, firstDifference, CLI, GOLDEN_DIR } from './lib/harness.mjs';

async function openReady(browser, server, query = '') {
  const p = await openPage(browser, server.url + query);
  await waitReady(p.page);
  return p;
}

test('api: version, getScenario, a bad scenario throws naming the field and keeps the last good one', async ({ browser, server }) => {
  const p = await openReady(browser, server);
  try {
    const out = await p.page.evaluate(() => {
      const api = window.infersizer;
      const before = api.getScenario();
      let error = null;
      try { api.setScenario({ concurrency: -3 }); } catch (e) { error = { name: e.name, message: e.message }; }
      let badJson = null;
      try { api.setScenario('{"model": '); } catch (e) { badJson = e.message; }
      let badLang = null;
      try { api.getResult('fr'); } catch (e) { badLang = e.message; }
      return { before, after: api.getScenario(), error, badJson, badLang, version: api.version };
    });
    assert(out.before && out.before.schema === 'infersizer.scenario/1', `getScenario: ${JSON.stringify(out.before)}`);
    assert(out.error && out.error.name === 'InferSizerError' && /concurrency/.test(out.error.message),
      `setScenario({concurrency:-3}) should throw naming concurrency, got ${JSON.stringify(out.error)}`);
    assert(out.badJson && out.badJson.length > 0, 'malformed JSON did not throw');
    assert(out.badLang && /lang/.test(out.badLang), `getResult('fr') should throw naming lang: ${out.badLang}`);
    const d = firstDifference(out.before, out.after);
    assert(d === null, `a refused scenario changed the state: ${d}`);
    assertClean(p.record, (u) => u.startsWith(server.url));
    return `error line: ${out.error.message}`;
  } finally {
    await p.close();
  }
});

test('api: a model no server holds runs on the user\'s 16 cards as TP 8 × 2 pipeline stages, in the result and its launch line', async ({ browser, server }) => {
  const p = await openReady(browser, server, '?lang=en');
  try {
    const out = await p.page.evaluate(() => {
      const api = window.infersizer;
      api.setScenario({ model: 'Llama-3.1-405B', weights: 'bf16', engine: 'vllm', hardware: 'nvidia-h100-sxm-80gb',
                        count: 16, context_tokens: 8192, prompt_tokens: 1000, output_tokens: 200, concurrency: 20 });
      const r = api.getResult();
      return { tp: r.performance.tp, pp: r.performance.pp, replicas: r.performance.replicas, fits: r.fit.fits,
               launch: r.deploy.launch_command };
    });
    assert(out.tp === 8 && out.pp === 2 && out.replicas === 1 && out.fits, `layout ${JSON.stringify(out)}`);
    assert(out.launch.includes('--tensor-parallel-size 8 --pipeline-parallel-size 2'), `launch: ${out.launch}`);
    assertClean(p.record, (u) => u.startsWith(server.url));
    return `TP ${out.tp} × PP ${out.pp}`;
  } finally {
    await p.close();
  }
});

test('api: onResult fires on change, setLang switches the language, unsubscribe stops events', async ({ browser, server }) => {
  const p = await openReady(browser, server, '?lang=en');
  try {
    const out = await p.page.evaluate(async () => {
      const api = window.infersizer;
      const seen = [];
      const off = api.onResult((r) => seen.push(r));
      api.setScenario({ concurrency: 12 });
      await new Promise((r) => setTimeout(r, 50));
      const afterFirst = seen.length;
      off();
      api.setScenario({ concurrency: 13 });
      await new Promise((r) => setTimeout(r, 50));
      const en = api.getResult();
      api.setLang('zh');
      const zh = api.getResult();
      return { afterFirst, total: seen.length, first: seen[0], lang: api.lang, htmlLang: document.documentElement.lang, en, zh,
               zhViaArg: JSON.stringify(api.getResult('zh')) === JSON.stringify(zh), enViaArg: JSON.stringify(api.getResult('en')) === JSON.stringify(en) };
    });
    assert(out.afterFirst === 1 && out.total === 1, `onResult events: ${out.afterFirst} then ${out.total}`);
    assert(out.first && out.first.schema === 'infersizer.result/1', `onResult payload: ${JSON.stringify(out.first).slice(0, 200)}`);
    assert(out.lang === 'zh' && out.htmlLang === 'zh-CN', `after setLang: ${out.lang} ${out.htmlLang}`);
    assert(JSON.stringify(out.en) !== JSON.stringify(out.zh), 'zh and en results are identical (texts should differ)');
    assert(out.zhViaArg && out.enViaArg, 'getResult(lang) differs from the result in that page language');
  } finally {
    await p.close();
  }
});

function goldenFiles() {
  return existsSync(GOLDEN_DIR) ? readdirSync(GOLDEN_DIR).filter((f) => f.endsWith('.json')).sort() : [];
}

function cli(file, lang) {
  const run = spawnSync(CLI, ['estimate', '--scenario', file, '--json', '--lang', lang], { encoding: 'utf8' });
  if (run.error) throw new Error(`cannot run ${CLI}: ${run.error.message} (build the native preset first)`);
  return run;
}

test('api: every golden scenario gives the CLI\'s result JSON, in zh and en', async ({ browser, server }) => {
  const files = goldenFiles();
  if (files.length === 0) {
    console.log(`     note: ${GOLDEN_DIR} holds no scenarios; the parity test had nothing to compare`);
    return 'skipped: tests/golden is empty';
  }
  const p = await openReady(browser, server);
  const failures = [];
  try {
    for (const f of files) {
      const path = join(GOLDEN_DIR, f);
      const scenario = readFileSync(path, 'utf8');
      for (const lang of ['zh', 'en']) {
        const native = cli(path, lang);
        const page = await p.page.evaluate(([s, l]) => {
          try { window.infersizer.setScenario(s); } catch (e) { return { error: e.message }; }
          return { result: window.infersizer.getResult(l) };
        }, [scenario, lang]);
        if (native.status !== 0) {
          const line = native.stderr.trim().replace(/^error:\s*/, '');
          if (!page.error || page.error.replace(/^error:\s*/, '') !== line) {
            failures.push(`${f} (${lang}): CLI refused it with "${line}", the page ${page.error ? `said "${page.error}"` : 'accepted it'}`);
          }
          continue;
        }
        if (page.error) { failures.push(`${f} (${lang}): the page refused it: ${page.error}`); continue; }
        const d = firstDifference(page.result, JSON.parse(native.stdout));
        if (d) failures.push(`${f} (${lang}): page vs CLI differ at ${d}`);
      }
    }
    // Negative control: the comparison must see a difference where there is one (zh page vs en CLI).
    const path = join(GOLDEN_DIR, files[0]);
    const en = cli(path, 'en');
    if (en.status === 0) {
      const zhPage = await p.page.evaluate((s) => { window.infersizer.setScenario(s); return window.infersizer.getResult('zh'); },
        readFileSync(path, 'utf8'));
      assert(firstDifference(zhPage, JSON.parse(en.stdout)) !== null, 'the zh page result equals the en CLI result: the comparison is vacuous');
    }
    assertClean(p.record, (u) => u.startsWith(server.url));
  } finally {
    await p.close();
  }
  assert(failures.length === 0, failures.join('\n     '));
  return `${files.length} scenarios × 2 languages`;
});

test('api: a copy-link request becomes the page\'s full link on the clipboard', async ({ browser, server }) => {
  const p = await openReady(browser, server, '?lang=en');
  try {
    await p.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url.replace(/\/$/, '') });
    // The path main.cpp takes for app_take_clipboard_request (a copy button): '?' + query from the app.
    const text = await p.page.evaluate(async () => {
      window.Module.isBridge.copyText('?concurrency=7&lang=zh', true);
      await new Promise((r) => setTimeout(r, 100));
      return navigator.clipboard.readText();
    });
    assert(text === `${server.url}?concurrency=7&lang=zh`, `clipboard holds ${JSON.stringify(text)}`);
    assertClean(p.record, (u) => u.startsWith(server.url));
  } finally {
    await p.close();
  }
});
