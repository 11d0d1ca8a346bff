// test_glyphs.mjs — a name users type renders without '?' fallback: the page starts with its small font cut
// (no request for the common-CJK cut), and fetches infersizer-cjk-common.ttf (hosted) or unpacks its inline copy
// (offline file built with it, network off) only when shown text needs a glyph the small cut lacks
// (window.infersizer._debug.missingGlyphs lists what the atlas cannot draw right now).
import { readFileSync } from 'node:fs';
import { test, assert, assertClean, openPage, waitReady, screenshot, OFFLINE_URL, OFFLINE_HTML } from './lib/harness.mjs';
import { ggufFixture, dropGgufOnCanvas } from './lib/gguf_fixture.mjs';

// 房 and 旧 are in no page string, core sentence or catalog entry, so the small cut lacks them.
const NAME = '机房旧服务器（双路至强）';
const SCENARIO = {
  model: 'Llama-3.1-8B',
  hardware: { name: NAME, kind: 'gpu', memory_gib: 48, bandwidth_gbs: 960, fp16_tflops: 180 },
  count: 1,
};
const COMMON_FONT = 'infersizer-cjk-common.ttf';

// What the atlas still cannot draw once it settles ('' when everything draws), polled for up to 5 s.
async function missingAfterSettling(page) {
  const deadline = Date.now() + 5000;
  let missing = null;
  while (Date.now() < deadline) {
    await page.waitForTimeout(50);
    missing = await page.evaluate(() => window.infersizer._debug.missingGlyphs());
    if (missing === '') break;
  }
  return missing;
}

async function setNameAndWaitForGlyphs(page) {
  const before = await page.evaluate(() => window.infersizer._debug.missingGlyphs());
  await page.evaluate((scenario) => window.infersizer.setScenario(scenario), SCENARIO);
  const missing = await missingAfterSettling(page);
  return { before, missing, hardware: await page.evaluate(() => window.infersizer.getScenario().hardware) };
}

test('glyphs: a typed Chinese hardware name loads the common-CJK font once and draws without fallback', async ({ browser, server }) => {
  const p = await openPage(browser, server.url, { locale: 'zh-CN' });
  try {
    await waitReady(p.page);
    assert(!p.record.requests.some((u) => u.endsWith(COMMON_FONT)), `the common font was fetched at start-up: ${p.record.requests.join(' ')}`);
    const out = await setNameAndWaitForGlyphs(p.page);
    assert(out.before === '', `missing glyphs before the name: ${out.before}`);
    assert(out.missing === '', `still missing after 5 s: ${out.missing}`);
    assert(out.hardware && out.hardware.name === NAME, `scenario hardware: ${JSON.stringify(out.hardware)}`);
    const fetched = p.record.requests.filter((u) => u.endsWith(COMMON_FONT));
    assert(fetched.length === 1, `expected one request for ${COMMON_FONT}, got ${fetched.length}`);
    await screenshot(p.page, 'glyphs-custom-name-zh.png');
    assertClean(p.record, (u) => u.startsWith(server.url));
    return `${COMMON_FONT} fetched once`;
  } finally {
    await p.close();
  }
});

// The offline file carries the common-CJK font only when built with INFERSIZER_OFFLINE_COMMON_FONT=ON (it does not
// fit the 1.5 MB budget, docs/size.md): with it, the typed name draws; without it, the page keeps working, lists the
// characters it cannot draw, and requests nothing.
test('glyphs: the offline file, network off, draws the typed name from its inline font, or names what it lacks', async ({ browser }) => {
  const carried = readFileSync(OFFLINE_HTML, 'utf8').includes('id="infersizer-font-common"');
  const p = await openPage(browser, OFFLINE_URL, { locale: 'zh-CN', offline: true });
  try {
    await waitReady(p.page);
    const out = await setNameAndWaitForGlyphs(p.page);
    if (carried) {
      assert(out.missing === '', `still missing after 5 s: ${out.missing}`);
    } else {
      assert(out.missing.includes('房') && out.missing.includes('旧'), `missing glyphs: "${out.missing}"`);
      assert(!/[机服务器双路至强]/.test(out.missing), `characters of the page's own cut are missing: "${out.missing}"`);
      const drawn = await p.page.evaluate(() => window.infersizer.getResult().hardware);
      assert(drawn === NAME, `the result's hardware is ${drawn}`);
    }
    assertClean(p.record, (u) => u.split(/[?#]/)[0] === OFFLINE_URL);
    return carried ? 'inline font carried: no fallback' : `font not carried: "${out.missing}" drawn as ?`;
  } finally {
    await p.close();
  }
});

// A card from the user's own catalog is shown by name in the cards table (and the hardware picker) without the
// scenario ever naming it: the merged file itself is scanned (the page does not scan the whole result).
test('glyphs: a card name from a loaded catalog, never in the scenario, loads the common-CJK font', async ({ browser, server }) => {
  const CARD = '机房旧卡 64GB';
  const catalog = {
    accelerators: [{ id: 'lab-old-card', vendor: 'Lab', name: CARD, kind: 'gpu', market: 'datacenter',
      memory_gb: 64, memory_bandwidth_gbs: 2000, fp16_bf16_dense_tflops: 400, source: [{ ref: 'test', covers: ['all'] }] }],
  };
  const p = await openPage(browser, server.url, { locale: 'zh-CN' });
  try {
    await waitReady(p.page);
    const out = await p.page.evaluate(async (cat) => {
      const api = window.infersizer;
      const before = api._debug.missingGlyphs();
      await api.loadCatalog(cat);
      const inPlan = api.getResult().plan.some((row) => row.hardware === 'lab-old-card');
      const scenarioNames = JSON.stringify(api.getScenario()).includes('机房');
      return { before, inPlan, scenarioNames };
    }, catalog);
    out.missing = await missingAfterSettling(p.page);
    assert(out.before === '', `missing glyphs before loading: ${out.before}`);
    assert(out.inPlan && !out.scenarioNames, `the card should be in the plan only: ${JSON.stringify(out)}`);
    assert(out.missing === '', `still missing after 5 s: ${out.missing}`);
    const fetched = p.record.requests.filter((u) => u.endsWith(COMMON_FONT));
    assert(fetched.length === 1, `expected one request for ${COMMON_FONT}, got ${fetched.length}`);
    assertClean(p.record, (u) => u.startsWith(server.url));
    return 'loaded catalog scanned: common font fetched once';
  } finally {
    await p.close();
  }
});

// A dropped model file's name is listed in the model files panel before (and whether or not) it is used: the panel's
// names are scanned every frame, since neither the scenario nor the result carries them.
test('glyphs: a dropped model file with a Chinese name loads the common-CJK font', async ({ browser, server }) => {
  const f = ggufFixture();
  const FILE = '机房旧模型.Q4_K_M.gguf';
  const p = await openPage(browser, server.url, { locale: 'zh-CN' });
  try {
    await waitReady(p.page);
    const before = await p.page.evaluate(() => window.infersizer._debug.missingGlyphs());
    const summary = await dropGgufOnCanvas(p.page, f, FILE);
    const out = { before, format: summary.format, files: summary.files,
      scenarioNames: await p.page.evaluate(() => JSON.stringify(window.infersizer.getScenario()).includes('机房')) };
    out.missing = await missingAfterSettling(p.page);
    assert(out.before === '', `missing glyphs before the drop: ${out.before}`);
    assert(out.format === 'gguf' && JSON.stringify(out.files) === JSON.stringify([FILE]) && !out.scenarioNames,
      `the file should be listed, not used: ${JSON.stringify(out)}`);
    assert(out.missing === '', `still missing after 5 s: ${out.missing}`);
    const fetched = p.record.requests.filter((u) => u.endsWith(COMMON_FONT));
    assert(fetched.length === 1, `expected one request for ${COMMON_FONT}, got ${fetched.length}`);
    assertClean(p.record, (u) => u.startsWith(server.url));
    return 'model file name scanned: common font fetched once';
  } finally {
    await p.close();
  }
});
