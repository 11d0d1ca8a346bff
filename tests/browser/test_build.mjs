// test_build.mjs — the shape of build/web/dist: a static folder with relative URLs, and one offline file.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test, assert, DIST, OFFLINE_HTML } from './lib/harness.mjs';

const CATALOG = ['models', 'hardware', 'formats', 'engines', 'prices'];

test('dist holds index.html, infersizer.js, infersizer.wasm and data/*.json', () => {
  for (const f of ['index.html', 'infersizer.js', 'infersizer.wasm', ...CATALOG.map((c) => `data/${c}.json`)]) {
    assert(statSync(join(DIST, f)).size > 0, `${f} is empty`);
  }
  for (const c of CATALOG) JSON.parse(readFileSync(join(DIST, 'data', `${c}.json`), 'utf8'));
  const sizes = ['infersizer.wasm', 'infersizer.js', 'infersizer-offline.html'].map((f) => `${f} ${statSync(join(DIST, f)).size} B`);
  return sizes.join(', ');
});

test('index.html loads only relative URLs', () => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/\s(?:src|href)\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]);
  assert(urls.includes('infersizer.js'), `index.html should load infersizer.js, found ${urls.join(' ')}`);
  const bad = urls.filter((u) => /^[a-z]+:\/\//i.test(u) || u.startsWith('/'));
  assert(bad.length === 0, `absolute URLs in index.html: ${bad.join(' ')}`);
});

test('the offline file inlines the module and the catalog', () => {
  const html = readFileSync(OFFLINE_HTML, 'utf8');
  assert(!/<script[^>]*\ssrc=/i.test(html), 'the offline file still loads a script by URL');
  assert(html.includes('data:application/octet-stream;base64,'), 'no inline wasm');
  const m = html.match(/<script type="application\/json" id="infersizer-catalog">([\s\S]*?)<\/script>/);
  assert(m, 'no inline catalog');
  const catalog = JSON.parse(m[1]);
  for (const c of CATALOG) {
    assert(catalog[c] === readFileSync(join(DIST, 'data', `${c}.json`), 'utf8'), `inline ${c}.json differs from dist/data`);
  }
});
