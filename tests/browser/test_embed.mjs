// test_embed.mjs — the calculator inside another site's page (web/platform/embed.js, docs/contract.md "Embed
// API"): a host page served from a different origin (another port) embeds ?embed=1 and speaks the postMessage
// protocol; refused, oversized and foreign messages change nothing; the example page (dist/examples/embed.html)
// sizes and drives two calculators; "embed this" copies a working snippet; "download offline copy" saves the file.
import { mkdtempSync, writeFileSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, assert, assertClean, openPage, waitReady, clickBox, firstDifference, OFFLINE_HTML } from './lib/harness.mjs';
import { serveFolder } from './lib/server.mjs';

const SMALL = 'model=Qwen3-8B&weights=Q4_K_M&engine=llama.cpp&hardware=nvidia-rtx-4090&count=1&concurrency=5';
const SMALL_SCENARIO = { model: 'Qwen3-8B', weights: 'Q4_K_M', engine: 'llama.cpp', hardware: 'nvidia-rtx-4090', count: 1 };

// The host page: records every message from the calculator's window (type, origin, data), counts dialogs.
function hostHtml(src) {
  return `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>host</title></head><body>
<p>Host documentation page</p>
<iframe id="calc" style="width:720px;height:500px;border:0"></iframe>
<iframe id="sibling" srcdoc="<p>a sibling frame</p>" style="width:10px;height:10px"></iframe>
<script>
  // HOST_ORIGIN in the src stands for this page's own origin (its port is only known once served).
  document.getElementById('calc').src = ${JSON.stringify(src)}.replace('HOST_ORIGIN', encodeURIComponent(location.origin));
  window.log = [];
  window.addEventListener('message', function (e) {
    if (e.source !== document.getElementById('calc').contentWindow) return;
    window.log.push({ origin: e.origin, data: e.data });
  });
  window.send = function (message) { document.getElementById('calc').contentWindow.postMessage(message, '*'); };
</script></body></html>`;
}

async function openHost(browser, server, query) {
  const dir = mkdtempSync(join(tmpdir(), 'infersizer-host-'));
  writeFileSync(join(dir, 'index.html'), hostHtml(`${server.url}index.html?${query}`));
  const host = await serveFolder(dir);
  assert(new URL(host.url).origin !== new URL(server.url).origin, 'the host must be another origin');
  const p = await openPage(browser, host.url);
  const dialogs = [];
  p.page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss().catch(() => {}); });
  const calc = () => p.page.frames().find((f) => f.url().startsWith(server.url));
  return {
    ...p, host, dialogs, calc,
    close: async () => { await p.close(); await host.close(); rmSync(dir, { recursive: true, force: true }); },
  };
}

// Waits until the host's log holds a message satisfying `pred` (given the message's data) after index `from`.
async function waitMessage(page, from, pred, what, timeout = 10000) {
  const handle = await page.waitForFunction(([start, source]) => {
    const match = new Function('d', `return (${source})(d);`);  // the test's own predicate, not page data
    const hit = window.log.slice(start).find((m) => match(m.data));
    return hit || null;
  }, [from, pred.toString()], { timeout }).catch(() => null);
  if (!handle) throw new Error(`no ${what} message arrived: ${JSON.stringify(await page.evaluate(() => window.log.map((m) => m.data.type)))}`);
  return handle.jsonValue();
}

const logLength = (page) => page.evaluate(() => window.log.length);

test('embed: a host on another origin gets ready, height and result; infersizer:set gives a result with new figures', async ({ browser, server }) => {
  const p = await openHost(browser, server, `embed=1&lang=en&${SMALL}`);
  try {
    const ready = await waitMessage(p.page, 0, (d) => d.type === 'infersizer:ready', 'ready');
    assert(typeof ready.data.version === 'string' && /^\d+\.\d+/.test(ready.data.version), `ready: ${JSON.stringify(ready.data)}`);
    assert(ready.origin === new URL(server.url).origin, `posted from ${ready.origin}`);
    const height = await waitMessage(p.page, 0, (d) => d.type === 'infersizer:height', 'height');
    assert(Number.isFinite(height.data.height) && height.data.height > 150 && height.data.height < 5000,
      `height ${height.data.height}`);
    const first = await waitMessage(p.page, 0, (d) => d.type === 'infersizer:result', 'result');
    assert(first.data.result.schema === 'infersizer.result/1' && first.data.result.model === 'Qwen3-8B',
      `first result: ${JSON.stringify(first.data.result).slice(0, 200)}`);
    const readyCount = await p.page.evaluate(() => window.log.filter((m) => m.data.type === 'infersizer:ready').length);
    assert(readyCount === 1, `${readyCount} ready messages`);

    // The compact layout: no header, the text view hidden, the inputs folded.
    const layout = await p.calc().evaluate(() => ({
      textView: document.getElementById('is-text-view').hidden,
      open: window.infersizer._debug.itemBox('open_full_page'),
      inputs: window.infersizer._debug.itemBox('embed_inputs'),
      header: window.infersizer._debug.itemBox('load_catalog'),
      url: location.search,
    }));
    assert(layout.textView, 'the text view is shown in the embed');
    assert(layout.open && layout.inputs, `embed layout not drawn: ${JSON.stringify(layout)}`);
    assert(!layout.header, 'the full page header was drawn in the embed');
    assert(layout.inputs[1] < height.data.height, `the inputs strip (${layout.inputs}) is below the reported height`);

    const from = await logLength(p.page);
    await p.page.evaluate((s) => window.send({ type: 'infersizer:set', scenario: { ...s, concurrency: 8 } }), SMALL_SCENARIO);
    const next = await waitMessage(p.page, from, (d) => d.type === 'infersizer:result', 'result after set');
    assert(/\b8 concurrent users\b/.test(next.data.result.verdict) && !/\b8 concurrent/.test(first.data.result.verdict),
      `the new result does not speak of 8 users: ${next.data.result.verdict}`);
    assert(JSON.stringify(next.data.result.performance) !== JSON.stringify(first.data.result.performance), 'same figures after set');
    const inFrame = await p.calc().evaluate(() => window.infersizer.getScenario().concurrency);
    assert(inFrame === 8, `the calculator's scenario has concurrency ${inFrame}`);
    // A scenario as JSON text is taken too, and infersizer:get answers with the current result.
    const from2 = await logLength(p.page);
    await p.page.evaluate(() => window.send({ type: 'infersizer:get' }));
    const got = await waitMessage(p.page, from2, (d) => d.type === 'infersizer:result', 'result after get');
    assert(firstDifference(got.data.result, next.data.result) === null, 'infersizer:get answered another result');
    assert(p.dialogs.length === 0, `dialogs: ${p.dialogs.join(' | ')}`);
    assertClean(p.record, (u) => u.startsWith(server.url) || u.startsWith(p.host.url) || u === 'about:srcdoc');
    return `height ${height.data.height} px; ${next.data.result.verdict}`;
  } finally {
    await p.close();
  }
});

test('embed: malformed, oversized and foreign messages change nothing, throw nothing, inject nothing', async ({ browser, server }) => {
  const p = await openHost(browser, server, `embed=1&lang=en&${SMALL}`);
  try {
    await waitMessage(p.page, 0, (d) => d.type === 'infersizer:result', 'result');
    const before = await p.calc().evaluate(() => ({
      scenario: window.infersizer.getScenario(), result: window.infersizer.getResult(), nodes: document.querySelectorAll('*').length,
    }));
    const from = await logLength(p.page);
    const cases = await p.page.evaluate(() => {
      const big = 'x'.repeat(70 * 1024);
      const messages = [
        'infersizer:set', null, 42, [1, 2], { no: 'type' }, { type: 7 },            // not ours: ignored in silence
        { type: 'infersizer:set' },                                              // → error naming scenario
        { type: 'infersizer:set', scenario: 42 },                                // → scenario: expected an object
        { type: 'infersizer:set', scenario: [1] },                               // → scenario: … an array
        { type: 'infersizer:set', scenario: { concurrency: -3 } },               // → the core names concurrency
        { type: 'infersizer:set', scenario: '{"model": ' },                      // → malformed JSON
        { type: 'infersizer:set', scenario: { model: big } },                    // → over 64 KB
        { type: 'infersizer:set', scenario: big },                               // → over 64 KB
        { type: 'infersizer:set', scenario: { model: '<img src=x onerror=alert(1)>' } },  // → unknown model
        { type: 'infersizer:evil', code: 'alert(1)' },                           // → type: unknown
      ];
      messages.forEach((m) => window.send(m));
      return messages.length;
    });
    // Foreign senders: the calculator's own window, and a sibling frame of the host.
    await p.calc().evaluate(() => window.postMessage({ type: 'infersizer:set', scenario: { concurrency: 99 } }, '*'));
    await p.page.evaluate(() => document.getElementById('sibling').contentWindow.eval(
      "parent.document.getElementById('calc').contentWindow.postMessage({type: 'infersizer:set', scenario: {concurrency: 98}}, '*')"));
    const errors = [];
    for (let i = 0; i < 9; i++) {
      const m = await waitMessage(p.page, from + errors.length, (d) => d.type === 'infersizer:error' || d.type === 'infersizer:result', `error ${i + 1}`);
      assert(m.data.type === 'infersizer:error', `a refused message produced ${JSON.stringify(m.data).slice(0, 200)}`);
      errors.push(m.data.message);
    }
    await p.page.waitForTimeout(800);  // room for anything that should not come
    const extra = (await p.page.evaluate(() => window.log.map((m) => m.data))).slice(from + errors.length)
      .filter((d) => d.type !== 'infersizer:height');
    assert(extra.length === 0, `unexpected messages: ${JSON.stringify(extra).slice(0, 300)}`);
    const want = [/^scenario: missing/, /^scenario: expected an object or a JSON string, got number/, /^scenario: .*an array/,
                  /concurrency/, /./, /^scenario: \d+ bytes is over the limit of 65536/, /^scenario: \d+ bytes is over/,
                  /model/, /^type: unknown message type "infersizer:evil"/];
    want.forEach((re, i) => assert(re.test(errors[i]), `error ${i + 1} "${errors[i]}" does not match ${re}`));
    const after = await p.calc().evaluate(() => ({
      scenario: window.infersizer.getScenario(), result: window.infersizer.getResult(), nodes: document.querySelectorAll('*').length,
      imgs: document.querySelectorAll('img').length,
    }));
    const d = firstDifference(before.scenario, after.scenario) || firstDifference(before.result, after.result);
    assert(d === null, `a refused message changed the calculator: ${d}`);
    assert(after.nodes === before.nodes && after.imgs === 0, `DOM changed: ${before.nodes} → ${after.nodes} elements, ${after.imgs} img`);
    assert(p.dialogs.length === 0, `dialogs: ${p.dialogs.join(' | ')}`);
    assertClean(p.record, (u) => u.startsWith(server.url) || u.startsWith(p.host.url) || u === 'about:srcdoc');
    return `${cases} messages sent, ${errors.length} refused by name`;
  } finally {
    await p.close();
  }
});

test('embed: ?origin= posts only to that origin and reads only its messages', async ({ browser, server }) => {
  const p = await openHost(browser, server, `embed=1&lang=en&origin=${encodeURIComponent('https://docs.example')}&${SMALL}`);
  try {
    await p.calc().waitForFunction(() => window.infersizer && window.infersizer.frameCount > 0, null, { timeout: 10000 });
    await p.calc().evaluate(() => window.infersizer.ready);
    await p.page.evaluate(() => window.send({ type: 'infersizer:set', scenario: { concurrency: 21 } }));
    await p.page.waitForTimeout(1000);
    const log = await p.page.evaluate(() => window.log.length);
    const concurrency = await p.calc().evaluate(() => window.infersizer.getScenario().concurrency);
    assert(log === 0, `${log} messages reached a host that is not https://docs.example`);
    assert(concurrency === 5, `a message from another origin set concurrency ${concurrency}`);
  } finally {
    await p.close();
  }
  // The host's own origin, named: the protocol works.
  const r = await openHost(browser, server, `embed=1&lang=en&origin=HOST_ORIGIN&${SMALL}`);
  try {
    await waitMessage(r.page, 0, (d) => d.type === 'infersizer:ready', 'ready to the named origin');
    const from = await logLength(r.page);
    await r.page.evaluate(() => window.send({ type: 'infersizer:set', scenario: { concurrency: 21 } }));
    const next = await waitMessage(r.page, from, (d) => d.type === 'infersizer:result', 'result to the named origin');
    assert(/\b21\b/.test(next.data.result.verdict), `verdict ${next.data.result.verdict}`);
  } finally {
    await r.close();
  }
});

test('embed: the example page loads both calculators, sizes them, and its button changes one', async ({ browser, server }) => {
  const p = await openPage(browser, server.url + 'examples/embed.html');
  try {
    const dialogs = [];
    p.page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss().catch(() => {}); });
    await p.page.waitForFunction(() => ['small', 'team'].every((n) => document.getElementById('verdict-' + n).textContent.length > 10),
      null, { timeout: 15000 });
    await p.page.waitForFunction(() => ['calc-small', 'calc-team'].every((id) => /^\d+px$/.test(document.getElementById(id).style.height)),
      null, { timeout: 5000 });
    const before = await p.page.evaluate(() => ({
      small: document.getElementById('verdict-small').textContent, team: document.getElementById('verdict-team').textContent,
      heights: ['calc-small', 'calc-team'].map((id) => document.getElementById(id).getBoundingClientRect().height),
    }));
    assert(/Qwen3-8B|RTX 4090/.test(before.small), `small: ${before.small}`);
    assert(/H100/.test(before.team) && before.small !== before.team, `team: ${before.team}`);
    assert(before.heights.every((h) => h > 150 && h !== 642), `heights not from messages: ${before.heights}`);
    await p.page.click('#grow-team');
    await p.page.waitForFunction((old) => document.getElementById('verdict-team').textContent !== old, before.team, { timeout: 5000 });
    const after = await p.page.evaluate(() => ({ small: document.getElementById('verdict-small').textContent,
                                                 team: document.getElementById('verdict-team').textContent }));
    assert(/\b128\b/.test(after.team), `the team calculator did not size 128 users: ${after.team}`);
    assert(after.small === before.small, 'the button changed the other calculator');
    assert(dialogs.length === 0, `dialogs: ${dialogs.join(' | ')}`);
    assertClean(p.record, (u) => u.startsWith(server.url));
    return after.team;
  } finally {
    await p.close();
  }
});

test('embed: "embed this" copies an <iframe> snippet for the current scenario that embeds it', async ({ browser, server }) => {
  const p = await openPage(browser, server.url + '?lang=en&model=Llama-3.1-8B&concurrency=9');
  try {
    await waitReady(p.page);
    await p.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(server.url).origin });
    await clickBox(p.page, await p.page.evaluate(() => window.infersizer._debug.itemBox('embed_this')), '"embed this"');
    const text = await p.page.waitForFunction(async () => {
      const t = await navigator.clipboard.readText();
      return t.startsWith('<iframe') ? t : null;
    }, null, { timeout: 5000 }).then((h) => h.jsonValue());
    const src = text.match(/<iframe src="([^"]+)"/)[1].replace(/&amp;/g, '&');
    const url = new URL(src);
    assert(url.href.startsWith(server.url) && url.searchParams.get('embed') === '1', `snippet src ${src}`);
    assert(url.searchParams.get('model') === 'Llama-3.1-8B' && url.searchParams.get('concurrency') === '9', `snippet src ${src}`);
    assert(/infersizer:height/.test(text) && /推理算力估算器/.test(text), 'the snippet lacks its height listener or title');
    return src;
  } finally {
    await p.close();
  }
});

async function clickExportItem(page, id) {
  await clickBox(page, await page.evaluate((key) => window.infersizer._debug.exportBox(key), id), `the export menu's ${id}`);
}

test('offline copy: the served page\'s export menu saves dist/infersizer-offline.html', async ({ browser, server }) => {
  const p = await openPage(browser, server.url + '?lang=en');
  try {
    await waitReady(p.page);
    await clickExportItem(p.page, '##export');
    const pending = p.page.waitForEvent('download', { timeout: 10000 });
    await clickExportItem(p.page, '##export_offline');
    const download = await pending;
    const bytes = readFileSync(await download.path());
    assert(download.suggestedFilename() === 'infersizer-offline.html', `saved as ${download.suggestedFilename()}`);
    assert(bytes.equals(readFileSync(OFFLINE_HTML)), `the saved file (${bytes.length} B) is not dist/infersizer-offline.html`);
    assertClean(p.record, (u) => u.startsWith(server.url) || u.startsWith('blob:'));
    return `${bytes.length} B saved`;
  } finally {
    await p.close();
  }
});
