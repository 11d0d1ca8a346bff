// test_export.mjs — the result leaves the page: getReport() (the core's markdown, CSV and JSON), the export
// menu's downloads and PNG, and the DOM text view below the canvas (real text, following the result and the
// language, with the figures of getResult()).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, assert, assertClean, openPage, waitReady, clickBox, GOLDEN_DIR } from './lib/harness.mjs';
import { decodePng, imageStats, looksDrawn } from './lib/png.mjs';

// The golden scenarios whose markdown reports are checked in (tests/core/test_report.cpp, update-golden.sh).
const REPORT_SCENARIOS = ['personal_8b_4090', 'chat_70b_h100_200_users'];

function goldenScenario(name) { return readFileSync(join(GOLDEN_DIR, `${name}.json`), 'utf8'); }
function expectedReport(name, lang) { return readFileSync(join(GOLDEN_DIR, 'expected', `${name}.report.${lang}.md`), 'utf8'); }

async function openReady(browser, server, query = '?lang=en') {
  const p = await openPage(browser, server.url + query);
  await waitReady(p.page);
  return p;
}

// RFC 4180, as tests/core/test_report.cpp parses it: throws on a malformed file.
function parseCsv(text) {
  const records = [];
  let record = [], field = '', i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      if (field) throw new Error(`quote inside an unquoted field at ${i}`);
      for (i++; ; i++) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') { field += '"'; i++; continue; }
          i++;
          break;
        }
        field += text[i];
      }
      if (i < text.length && text[i] !== ',' && text[i] !== '\r') throw new Error(`text after a closing quote at ${i}`);
    } else if (c === ',') {
      record.push(field); field = ''; i++;
    } else if (c === '\r') {
      if (text[i + 1] !== '\n') throw new Error('CR without LF');
      record.push(field); field = ''; records.push(record); record = []; i += 2;
    } else if (c === '\n') {
      throw new Error(`bare LF at ${i}`);
    } else {
      field += c; i++;
    }
  }
  if (field || record.length) throw new Error('the last record does not end with CRLF');
  return records;
}

// fmt::figure's three significant figures, trailing zeros dropped (below 1,000: no grouping to add).
function figure3(v) { return String(Number(v.toPrecision(3))); }
function gibInterval(iv) {
  const lo = figure3(iv.lo), hi = figure3(iv.hi);
  return lo === hi ? `${lo} GiB` : `${lo} – ${hi} GiB`;
}

async function clickExportItem(page, id) {
  await clickBox(page, await page.evaluate((key) => window.infersizer._debug.exportBox(key), id), `the export menu's ${id}`);
}

async function downloadFrom(page, item) {
  await clickExportItem(page, '##export');
  const pending = page.waitForEvent('download', { timeout: 5000 });
  await clickExportItem(page, item);
  const download = await pending;
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

// What the text view shows: its tables by section id, as rows of cell texts.
async function textView(page) {
  return page.evaluate(() => {
    const view = document.getElementById('is-text-view');
    const tables = {};
    for (const table of view.querySelectorAll('table')) {
      tables[table.dataset.section] = Array.from(table.querySelectorAll('tbody tr'),
        (tr) => Array.from(tr.cells, (cell) => cell.textContent));
    }
    const headers = Array.from(view.querySelectorAll('th[scope]'), (th) => th.scope);
    const body = view.querySelector('.is-text-body');
    return { text: view.textContent, tables, headers, lang: body ? body.lang : '', html: view.innerHTML.length,
             scripts: view.querySelectorAll('script').length, live: view.getAttribute('aria-live') };
  });
}

test('export: getReport gives the golden markdown files, a CSV that parses, the result JSON; a bad kind throws', async ({ browser, server }) => {
  const p = await openReady(browser, server);
  try {
    for (const name of REPORT_SCENARIOS) {
      const out = await p.page.evaluate((scenario) => {
        const api = window.infersizer;
        api.setScenario(scenario);
        return { zh: api.getReport('markdown', 'zh'), en: api.getReport('markdown', 'en'), page: api.getReport('markdown'),
                 csv: api.getReport('csv'), json: api.getReport('json'), result: api.getResult() };
      }, goldenScenario(name));
      for (const lang of ['zh', 'en']) {
        const want = expectedReport(name, lang);
        if (out[lang] !== want) {
          const got = out[lang].split('\n'), exp = want.split('\n');
          const line = got.findIndex((l, i) => l !== exp[i]);
          throw new Error(`${name} ${lang}: markdown differs from tests/golden/expected at line ${line + 1}:\n` +
                          `  got      ${got[line]}\n  expected ${exp[line]}`);
        }
      }
      assert(out.page === out.en, `${name}: getReport('markdown') without lang is not the page's language (en)`);
      assert(JSON.stringify(JSON.parse(out.json)) === JSON.stringify(out.result), `${name}: getReport('json') ≠ getResult()`);
      const rows = parseCsv(out.csv);
      assert(rows.length === out.result.plan.length + 1, `${name}: ${rows.length} CSV records for ${out.result.plan.length} plan rows`);
      const header = rows[0];
      for (const row of rows) assert(row.length === header.length, `${name}: a CSV row of ${row.length} fields, header ${header.length}`);
      const col = (key) => header.indexOf(key);
      out.result.plan.forEach((plan, i) => {
        const row = rows[i + 1];
        assert(row[col('hardware')] === plan.hardware, `${name}: CSV row ${i + 1} is ${row[col('hardware')]}, plan ${plan.hardware}`);
        // The CSV's figures are the result JSON's (rounded alike), so they compare exactly.
        const pairs = [['cards_lo', plan.cards.lo], ['cards_hi', plan.cards.hi], ['tp', plan.tp], ['replicas_hi', plan.replicas.hi],
                       ['users_per_replica_lo', plan.users_per_replica.lo], ['tps_per_user_lo', plan.decode_tps_per_seq.lo],
                       ['tps_per_user_hi', plan.decode_tps_per_seq.hi], ['ttft_p90_s_hi', plan.ttft_s.hi],
                       ['cost_per_month_lo', plan.cost_per_month ? plan.cost_per_month.lo : ''],
                       ['fits', String(plan.fits)], ['meets_targets', String(plan.meets_targets)]];
        for (const [key, want] of pairs) {
          const got = typeof want === 'number' ? Number(row[col(key)]) : row[col(key)];
          assert(got === want, `${name}: ${key} of ${plan.hardware}: CSV ${row[col(key)]}, result ${want}`);
        }
      });
    }
    const bad = await p.page.evaluate(() => {
      const errors = [];
      for (const kind of ['pdf', undefined, 'MARKDOWN']) {
        try { window.infersizer.getReport(kind); errors.push(null); } catch (e) { errors.push({ name: e.name, message: e.message }); }
      }
      let badLang = null;
      try { window.infersizer.getReport('csv', 'fr'); } catch (e) { badLang = e.message; }
      return { errors, badLang };
    });
    for (const e of bad.errors) {
      assert(e && e.name === 'InferSizerError' && /^kind: must be one of text, markdown, csv, json/.test(e.message),
        `a bad kind should throw an InferSizerError naming kind, got ${JSON.stringify(e)}`);
    }
    assert(bad.badLang && /lang/.test(bad.badLang), `getReport('csv', 'fr') should throw naming lang: ${bad.badLang}`);
    assertClean(p.record, (u) => u.startsWith(server.url));
    return `${REPORT_SCENARIOS.length} scenarios × zh/en; ${bad.errors[0].message}`;
  } finally {
    await p.close();
  }
});

test('export: the DOM text view holds the figures of getResult() and follows setScenario and setLang', async ({ browser, server }) => {
  const p = await openReady(browser, server);
  try {
    const page = p.page;
    for (const name of REPORT_SCENARIOS) {
      const result = await page.evaluate((scenario) => { window.infersizer.setScenario(scenario); return window.infersizer.getResult(); },
        goldenScenario(name));
      await page.waitForFunction(([n, first, verdict]) => {
        const t = document.querySelector('#is-text-view table[data-section="cards"]');
        return t && t.tBodies[0].rows.length === n && t.tBodies[0].rows[0].cells[0].textContent === first &&
          document.getElementById('is-text-view').textContent.includes(verdict);
      }, [result.plan.length, result.plan[0].name, result.verdict], { timeout: 3000 });
      const view = await textView(page);
      assert(view.lang === 'en', `text view language ${view.lang}, page en`);
      assert(view.text.includes(result.verdict), `${name}: the verdict sentence is not in the text view`);
      const weights = view.tables.memory && view.tables.memory[0];
      assert(weights && weights[1] === gibInterval(result.memory.weights_gib),
        `${name}: weights row ${JSON.stringify(weights)}, result ${gibInterval(result.memory.weights_gib)}`);
      const names = view.tables.cards.map((row) => row[0]);
      assert(JSON.stringify(names) === JSON.stringify(result.plan.map((r) => r.name)), `${name}: cards rows ${names.slice(0, 3)}…`);
      assert(view.tables.decision.length === result.decision.length, `${name}: decision rows`);
      for (const section of ['setup', 'memory', 'speed', 'decision', 'cards', 'cost']) assert(view.tables[section], `no ${section} table`);
      assert(view.headers.includes('col') && view.headers.includes('row'), 'tables need th scope=col and scope=row');
      assert(view.scripts === 0 && view.live === 'polite', 'the text view is inert text, announced politely');
    }
    await page.evaluate(() => window.infersizer.setLang('zh'));
    await page.waitForFunction(() => document.querySelector('#is-text-view .is-text-body').lang === 'zh-CN', null, { timeout: 3000 });
    const zh = await textView(page);
    const zhResult = await page.evaluate(() => window.infersizer.getResult());
    assert(zh.text.includes('内存') && zh.text.includes('速度') && zh.text.includes(zhResult.verdict), 'after setLang(zh) the text view is in Chinese');
    // Below the canvas: the canvas keeps the first screen.
    const place = await page.evaluate(() => ({
      top: document.getElementById('is-text-view').getBoundingClientRect().top, height: innerHeight,
      canvas: document.getElementById('canvas').getBoundingClientRect().height }));
    assert(place.top >= place.height && place.canvas === place.height, `text view at ${place.top}, canvas ${place.canvas}, window ${place.height}`);
    return `${zh.tables.cards.length} card rows in zh`;
  } finally {
    await p.close();
  }
});

test('export: the menu downloads the markdown, CSV and JSON reports and a PNG of the canvas', async ({ browser, server }) => {
  const p = await openReady(browser, server);
  try {
    const page = p.page;
    const reports = await page.evaluate(() => ({ markdown: window.infersizer.getReport('markdown'), csv: window.infersizer.getReport('csv'),
                                                 json: window.infersizer.getReport('json') }));
    const md = await downloadFrom(page, '##export_markdown');
    assert(md.name === 'infersizer-report.md' && md.bytes.toString('utf8') === reports.markdown,
      `markdown download ${md.name}: ${md.bytes.length} bytes, report ${reports.markdown.length} chars`);
    const csv = await downloadFrom(page, '##export_csv');
    assert(csv.name === 'infersizer-cards.csv' && csv.bytes.toString('utf8') === reports.csv, `csv download ${csv.name}`);
    const json = await downloadFrom(page, '##export_json');
    assert(json.name === 'infersizer-result.json' && json.bytes.toString('utf8') === reports.json, `json download ${json.name}`);

    const png = await downloadFrom(page, '##export_png');
    const size = await page.evaluate(() => [document.getElementById('canvas').width, document.getElementById('canvas').height]);
    const image = decodePng(png.bytes);
    assert(png.name === 'infersizer.png', `png named ${png.name}`);
    assert(image.width === size[0] && image.height === size[1], `PNG ${image.width}×${image.height}, canvas ${size[0]}×${size[1]}`);
    const stats = imageStats(image);
    assert(looksDrawn(stats), `the PNG looks blank (a cleared WebGL buffer?): ${JSON.stringify(stats)}`);
    assertClean(p.record, (u) => u.startsWith(server.url) || u.startsWith('blob:'));
    return `PNG ${image.width}×${image.height}`;
  } finally {
    await p.close();
  }
});

test('export: keys typed into the canvas do not scroll the page to the text view', async ({ browser, server }) => {
  const p = await openReady(browser, server);
  try {
    const page = p.page;
    await page.focus('#canvas');
    for (const key of ['Space', 'ArrowDown', 'PageDown', 'End']) {
      await page.keyboard.down(key);
      await page.waitForTimeout(60);
      await page.keyboard.up(key);
      await page.waitForTimeout(60);
    }
    const scrolled = await page.evaluate(() => window.scrollY);
    assert(scrolled === 0, `the page scrolled by ${scrolled} px while typing into the canvas`);
  } finally {
    await p.close();
  }
});
