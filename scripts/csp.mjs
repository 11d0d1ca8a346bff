#!/usr/bin/env node
// csp.mjs — completes the page's Content-Security-Policy (shell.html's <meta http-equiv="Content-Security-Policy">).
// The policy allows scripts from the page's own origin plus, by hash, exactly the inline scripts the page carries:
// shell.html's early error listener, and in the offline file the whole inlined module. Hashes depend on the built
// text, so shell.html holds the marker 'infersizer-inline-scripts' in script-src and this fills it in:
//
//   node scripts/csp.mjs --in build/web/infersizer.html --out build/web/dist/index.html    (the hosted page)
//   import { fillCsp } from './csp.mjs'                                                    (bundle_offline.mjs)
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const MARKER = "'infersizer-inline-scripts'";

// Inline scripts the browser runs: no src, and no type or a JavaScript one (JSON and base64 data blocks are inert).
function inlineScripts(html) {
  const out = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] || '';
    if (/\ssrc\s*=/i.test(attrs)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs);
    if (type && !/^(text\/javascript|application\/javascript|module)$/i.test(type[1])) continue;
    out.push(m[2]);
  }
  return out;
}

// `extraScripts`: texts the page runs as inline scripts it creates itself (the offline file's unpacked module).
export function fillCsp(html, extraScripts = []) {
  const at = html.indexOf(MARKER);
  if (at < 0 || html.indexOf(MARKER, at + 1) >= 0) {
    throw new Error(`csp.mjs: the page must contain ${MARKER} exactly once (shell.html's Content-Security-Policy)`);
  }
  const hashes = [...new Set([...inlineScripts(html), ...extraScripts].map((text) =>
    `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`))];
  return html.slice(0, at) + hashes.join(' ') + html.slice(at + MARKER.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const i = process.argv.indexOf('--in'), o = process.argv.indexOf('--out');
    if (i < 0 || o < 0 || !process.argv[i + 1] || !process.argv[o + 1]) throw new Error('usage: csp.mjs --in FILE --out FILE');
    const out = process.argv[o + 1];
    writeFileSync(out + '.tmp', fillCsp(readFileSync(process.argv[i + 1], 'utf8')));
    renameSync(out + '.tmp', out);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
