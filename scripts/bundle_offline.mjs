#!/usr/bin/env node
// bundle_offline.mjs — makes build/web/dist/infersizer-offline.html: one file that runs from file:// with the
// network off, built from the served page's own three files (index.html, infersizer.js, infersizer.wasm) and
// the catalog folder. Everything big goes in gzip-compressed and base64-encoded, in inert
// <script type="application/gzip-base64" id="infersizer-pack-*"> elements (base64 has no "<"):
//   infersizer-pack-wasm     the module             → Module.wasmBinary (so the runtime fetches nothing)
//   infersizer-pack-js       infersizer.js          → run as a script once the rest is unpacked
//   infersizer-pack-catalog  the five catalog texts → <script type="application/json" id="infersizer-catalog">,
//                                                     where web/platform/bridge.js looks before it would fetch
// With --font, the common-CJK font cut (web/app/fonts.hpp) goes in too, compressed, as
// <script type="application/gzip-base64" id="infersizer-font-common">, which bridge.js unpacks only when shown
// text needs it. web/platform/offline_loader.js (--loader) unpacks with DecompressionStream and takes the place of
// the page's <script src="infersizer.js">. docs/size.md says what this saves.
//
//   node scripts/bundle_offline.mjs --html index.html --js infersizer.js --wasm infersizer.wasm --data data \
//        --loader web/platform/offline_loader.js [--font common.ttf] --out dist/infersizer-offline.html
import { readFileSync, writeFileSync, mkdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync, constants } from 'node:zlib';
import { fillCsp } from './csp.mjs';

const CATALOG_FILES = ['models', 'hardware', 'formats', 'engines', 'prices'];
const MARKER = '<!-- infersizer:catalog -->';
const SCRIPT_TAG = /<script[^>]*\ssrc="infersizer\.js"[^>]*><\/script>/;
const KEYS = ['html', 'js', 'wasm', 'data', 'loader', 'font', 'out'];

function parseArgs(argv) {
  const args = {};
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, '');
    if (!KEYS.includes(key) || argv[i + 1] === undefined) {
      throw new Error(`usage: bundle_offline.mjs ${KEYS.map((k) => `--${k} …`).join(' ')} (bad argument ${argv[i]})`);
    }
    args[key] = argv[i + 1];
  }
  for (const key of KEYS) if (key !== 'font' && !args[key]) throw new Error(`bundle_offline.mjs: --${key} is required`);
  return args;
}

const gzip = (bytes) => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });

function pack(id, bytes) {
  return `<script type="application/gzip-base64" id="${id}">${gzip(bytes).toString('base64')}</script>\n`;
}

function catalogText(dataDir) {
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
  return Buffer.from(JSON.stringify(texts), 'utf8');
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const html = readFileSync(args.html, 'utf8');
  const at = html.indexOf(MARKER);
  if (at < 0 || html.indexOf(MARKER, at + 1) >= 0) {
    throw new Error(`bundle_offline.mjs: ${args.html} must contain the marker ${MARKER} exactly once (shell.html)`);
  }
  const tags = html.match(new RegExp(SCRIPT_TAG.source, 'g')) || [];
  if (tags.length !== 1) throw new Error(`bundle_offline.mjs: ${args.html} must load infersizer.js exactly once`);
  const wasm = readFileSync(args.wasm);
  if (wasm.readUInt32BE(0) !== 0x0061736d) throw new Error(`bundle_offline.mjs: ${args.wasm} is not a WebAssembly module`);
  let font = '';
  if (args.font) {
    const bytes = readFileSync(args.font);
    if (bytes.length < 1000) throw new Error(`bundle_offline.mjs: ${args.font} is too small to be the font`);
    font = pack('infersizer-font-common', bytes);
  }
  const loader = readFileSync(args.loader, 'utf8');
  if (/<\/script/i.test(loader)) throw new Error(`bundle_offline.mjs: ${args.loader} must not contain "</script"`);
  const packs = pack('infersizer-pack-catalog', catalogText(args.data)) + font +
                pack('infersizer-pack-wasm', wasm) + pack('infersizer-pack-js', Buffer.from(readFileSync(args.js, 'utf8'), 'utf8'));
  const withPacks = html.slice(0, at) + packs + html.slice(at + MARKER.length);
  // The CSP's script hashes (csp.mjs) are taken last: the loader and shell.html's own script inline, and
  // infersizer.js, which the loader runs as an inline script once unpacked.
  const js = readFileSync(args.js, 'utf8');
  const out = fillCsp(withPacks.replace(SCRIPT_TAG, () => `<script>\n${loader}</script>`), [js]);
  // A page that still names its .js or .wasm would need a second file: refuse to write it.
  if (/<script[^>]*\ssrc=/i.test(out)) throw new Error('bundle_offline.mjs: the offline page would still load a script by URL');
  mkdirSync(dirname(args.out), { recursive: true });
  const tmp = args.out + '.tmp';
  writeFileSync(tmp, out);
  renameSync(tmp, args.out);  // never leave a half-written page behind
  console.log(`bundle_offline: ${args.out} (${Buffer.byteLength(out)} bytes; wasm ${wasm.length} B → ` +
              `${gzip(wasm).length} B gzip${args.font ? ', with the common-CJK font' : ', without the common-CJK font'})`);
}

try {
  main();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
