// test_build.mjs — the shape of build/web/dist: a static folder with relative URLs, one offline file, the example
// page, and the size budgets (printed in the test output).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { measureBudgets } from '../../scripts/check_budgets.mjs';
import { test, assert, DIST, OFFLINE_HTML, REPO, firstDifference } from './lib/harness.mjs';

const CATALOG = ['models', 'hardware', 'formats', 'engines', 'prices'];

test('dist holds index.html, infersizer.js, infersizer.wasm and data/*.json', () => {
  for (const f of ['index.html', 'infersizer.js', 'infersizer.wasm', ...CATALOG.map((c) => `data/${c}.json`)]) {
    assert(statSync(join(DIST, f)).size > 0, `${f} is empty`);
  }
  for (const c of CATALOG) JSON.parse(readFileSync(join(DIST, 'data', `${c}.json`), 'utf8'));
  const sizes = ['infersizer.wasm', 'infersizer.js', 'infersizer-offline.html'].map((f) => `${f} ${statSync(join(DIST, f)).size} B`);
  return sizes.join(', ');
});

// The served catalogs hold the repository's values: hardware as it is (a card's notes are shown beside it), engines,
// models and prices without the "notes" the page never shows, and models without the provenance fields it never
// reads beyond each entry's "source" (web/platform/CMakeLists.txt; 8 KB and 2.7 KB of gzip at start-up).
const UNSHOWN = { engines: ['notes'], models: ['notes', 'source_detail', 'verification', 'unverified_fields'], prices: ['notes'] };
test('dist/data holds the repository\'s catalogs, less the notes and provenance the page never shows', () => {
  const without = (keys) => function drop(v) {
    return Array.isArray(v) ? v.map(drop)
      : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([k]) => !keys.includes(k)).map(([k, x]) => [k, drop(x)]))
        : v;
  };
  const dropped = [];
  for (const c of CATALOG) {
    const repo = JSON.parse(readFileSync(join(REPO, 'data', `${c}.json`), 'utf8'));
    const served = JSON.parse(readFileSync(join(DIST, 'data', `${c}.json`), 'utf8'));
    const keys = UNSHOWN[c] || [];
    const diff = firstDifference(served, without(keys)(repo));
    assert(diff === null, `served ${c}.json differs from the repository's at ${diff}`);
    for (const k of keys) {
      assert(JSON.stringify(repo).includes(`"${k}"`), `the repository's ${c}.json has no ${k} to leave out`);
      dropped.push(`${c} ${k}`);
    }
  }
  assert(JSON.stringify(JSON.parse(readFileSync(join(DIST, 'data', 'hardware.json'), 'utf8'))).includes('"notes"'),
    'the served hardware.json lost the notes the page shows');
  const models = JSON.parse(readFileSync(join(DIST, 'data', 'models.json'), 'utf8')).models;
  assert(models.every((m) => typeof m.source === 'string' && m.source.length > 0), 'a served model lost its source');
  return `left out: ${dropped.join(', ')}`;
});

test('index.html loads only relative URLs', () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/\s(?:src|href)\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]);
  assert(urls.includes('infersizer.js'), `index.html should load infersizer.js, found ${urls.join(' ')}`);
  const bad = urls.filter((u) => /^[a-z]+:\/\//i.test(u) || u.startsWith('/'));
  assert(bad.length === 0, `absolute URLs in index.html: ${bad.join(' ')}`);
});

// The offline file's packed parts (scripts/bundle_offline.mjs), unpacked as the page's loader would.
function unpacked(html, id) {
  const m = html.match(new RegExp(`<script type="application/gzip-base64" id="${id}">([A-Za-z0-9+/=\\s]*)</script>`));
  return m ? gunzipSync(Buffer.from(m[1], 'base64')) : null;
}

test('the offline file packs the served page\'s module, script and catalog, and loads nothing by URL', () => {
  const html = readFileSync(OFFLINE_HTML, 'utf8');
  assert(!/<script[^>]*\ssrc=/i.test(html), 'the offline file still loads a script by URL');
  const wasm = unpacked(html, 'infersizer-pack-wasm');
  assert(wasm && wasm.equals(readFileSync(join(DIST, 'infersizer.wasm'))), 'the packed wasm is not dist/infersizer.wasm');
  const js = unpacked(html, 'infersizer-pack-js');
  assert(js && js.equals(readFileSync(join(DIST, 'infersizer.js'))), 'the packed script is not dist/infersizer.js');
  const catalog = JSON.parse(unpacked(html, 'infersizer-pack-catalog').toString('utf8'));
  for (const c of CATALOG) {
    assert(catalog[c] === readFileSync(join(DIST, 'data', `${c}.json`), 'utf8'), `packed ${c}.json differs from dist/data`);
  }
  const font = /id="infersizer-font-common"/.test(html);
  return `wasm ${wasm.length} B packed; common-CJK font ${font ? 'carried' : 'not carried'}`;
});

// An unsigned LEB128 number of `bytes` at `at.i`, which it moves past.
function leb128(bytes, at) {
  let value = 0, shift = 0, b;
  do { b = bytes[at.i++]; value += (b & 0x7f) * 2 ** shift; shift += 7; } while (b & 0x80);
  return value;
}

// The wasm's code section, read from its section headers (id byte, LEB128 size).
function codeSection(wasm) {
  const at = { i: 8 };  // after the magic and the version
  while (at.i < wasm.length) {
    const id = wasm[at.i++];
    const size = leb128(wasm, at);
    if (id === 10) return wasm.subarray(at.i, at.i + size);
    at.i += size;
  }
  return new Uint8Array();
}

// Bulk memory (-mbulk-memory, CMakeLists.txt): memcpy and memset compile to memory.copy (0xFC 0x0A 0 0) and
// memory.fill (0xFC 0x0B 0), not calls to the -Oz libc's byte-at-a-time loops (docs/performance.md). Without the flag
// the page's code holds none of them (a 4-byte pattern by chance: well under one in 1.4 MB).
test('the page\'s wasm copies and fills memory with bulk-memory instructions', () => {
  const code = codeSection(readFileSync(join(DIST, 'infersizer.wasm')));
  let copies = 0, fills = 0;
  for (let i = 0; i + 3 < code.length; i++) {
    if (code[i] !== 0xfc) continue;
    if (code[i + 1] === 0x0a && code[i + 2] === 0 && code[i + 3] === 0) copies++;
    if (code[i + 1] === 0x0b && code[i + 2] === 0) fills++;
  }
  assert(code.length > 100000, `no code section found (${code.length} bytes)`);
  assert(copies >= 50 && fills >= 20, `memory.copy ${copies}, memory.fill ${fills} in ${code.length} bytes of code`);
  return `memory.copy ${copies}, memory.fill ${fills}`;
});

// The last binaryen pass inlines bodies of up to 5 instructions (INFERSIZER_WASM_OPT_PASSES, CMakeLists.txt): libc++'s
// one-line members (std::string's size(), __is_long(), …) stay calls in the -Oz / -fno-inline-functions sources
// otherwise. Their bodies are 7–11 bytes; the build with binaryen's default (2) held 415 of them among 3,621
// functions, this one 46 of 3,040 (what is left is exported or called through the table, so it stays).
test('the page\'s wasm has its one-line functions inlined (few 7–11-byte bodies left)', () => {
  const code = codeSection(readFileSync(join(DIST, 'infersizer.wasm')));
  const at = { i: 0 };
  const count = leb128(code, at);
  let small = 0;
  for (let k = 0; k < count; k++) {
    const size = leb128(code, at);
    if (size >= 7 && size <= 11) small++;
    at.i += size;
  }
  assert(count > 1000 && at.i === code.length, `code section not read through: ${count} bodies, ${at.i} of ${code.length} B`);
  assert(small <= 120, `${small} function bodies of 7–11 bytes among ${count}`);
  return `${small} bodies of 7–11 bytes among ${count} functions`;
});

// docs/size.md: the build fails when over (scripts/check_budgets.mjs); the same figures, printed here.
test('size budgets: start-up files ≤ 750 KB gzip, offline file ≤ 1.5 MB', () => {
  const report = measureBudgets(DIST);
  for (const line of report.lines) console.log('     ' + line);
  assert(report.ok, 'a size budget is exceeded');
  return `start-up ${report.startup_gzip_b} B gzip, offline ${report.offline_b} B`;
});

test('dist/examples/embed.html embeds the page twice with relative URLs', () => {
  const html = readFileSync(join(DIST, 'examples', 'embed.html'), 'utf8');
  const frames = [...html.matchAll(/<iframe[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  assert(frames.length === 2 && frames.every((u) => u.startsWith('../index.html?embed=1&')), `iframes: ${frames.join(' ')}`);
});
