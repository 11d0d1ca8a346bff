#!/usr/bin/env node
// bundle_offline.mjs — makes build/web/dist/infersizer-offline.html: one file that runs from file:// with
// the network off. Input: the -sSINGLE_FILE=1 page (its JS and base64 wasm, with the fonts compiled in,
// are already inline) and the catalog folder. The five catalog texts go into a
// <script type="application/json" id="infersizer-catalog"> at shell.html's infersizer:catalog marker,
// where web/platform/bridge.js looks before it would fetch data/*.json. With --font, the common-CJK font cut
// (web/app/fonts.hpp) goes in too, as base64 in <script type="application/octet-stream"
// id="infersizer-font-common">, which bridge.js decodes instead of fetching infersizer-cjk-common.ttf.
//
//   node scripts/bundle_offline.mjs --html infersizer-single.html --data data [--font common.ttf] \
//        --out dist/infersizer-offline.html
import { readFileSync, writeFileSync, mkdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fillCsp } from './csp.mjs';

const CATALOG_FILES = ['models', 'hardware', 'formats', 'engines', 'prices'];
const MARKER = '<!-- infersizer:catalog -->';

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    if (!['html', 'data', 'out', 'font'].includes(key) || argv[i + 1] === undefined) {
      throw new Error(`usage: bundle_offline.mjs --html FILE --data DIR [--font FILE] --out FILE (bad argument ${argv[i]})`);
    }
    args[key] = argv[i + 1];
  }
  for (const key of ['html', 'data', 'out']) if (!args[key]) throw new Error(`bundle_offline.mjs: --${key} is required`);
  return args;
}

// JSON inside a <script> element must not contain "</script" or "<!--"; escaping every "<" as \u003c
// keeps it valid JSON and inert HTML.
function catalogScript(dataDir) {
  const texts = {};
  for (const name of CATALOG_FILES) {
    const path = join(dataDir, `${name}.json`);
    const text = readFileSync(path, 'utf8');
    try {
      JSON.parse(text);
    } catch (err) {
      throw new Error(`bundle_offline.mjs: ${path} is not valid JSON: ${err.message}`);
    }
    texts[name] = text;
  }
  const json = JSON.stringify(texts).replace(/</g, '\\u003c');
  return `<script type="application/json" id="infersizer-catalog">${json}</script>`;
}

// Base64 has no "<", so it is inert inside a <script> element.
function fontScript(fontPath) {
  if (!fontPath) return '';
  const bytes = readFileSync(fontPath);
  if (bytes.length < 1000) throw new Error(`bundle_offline.mjs: ${fontPath} is too small to be the font`);
  return `<script type="application/octet-stream" id="infersizer-font-common">${bytes.toString('base64')}</script>`;
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const html = readFileSync(args.html, 'utf8');
  const at = html.indexOf(MARKER);
  if (at < 0 || html.indexOf(MARKER, at + 1) >= 0) {
    throw new Error(`bundle_offline.mjs: ${args.html} must contain the marker ${MARKER} exactly once (shell.html)`);
  }
  // A page that still names its .js or .wasm would need a second file: refuse to write it.
  if (/<script[^>]*\ssrc=/i.test(html) || /["'][^"']*\.wasm["']/.test(html.replace(/data:application\/octet-stream;base64,[A-Za-z0-9+/=]+/g, ''))) {
    throw new Error(`bundle_offline.mjs: ${args.html} is not a -sSINGLE_FILE=1 build (it loads another file)`);
  }
  // The CSP's script hashes (csp.mjs) are taken last, over the inlined module and shell.html's own script.
  const out = fillCsp(html.slice(0, at) + catalogScript(args.data) + fontScript(args.font) + html.slice(at + MARKER.length));
  mkdirSync(dirname(args.out), { recursive: true });
  const tmp = args.out + '.tmp';
  writeFileSync(tmp, out);
  renameSync(tmp, args.out);  // never leave a half-written page behind
  console.log(`bundle_offline: ${args.out} (${Buffer.byteLength(out)} bytes)`);
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
