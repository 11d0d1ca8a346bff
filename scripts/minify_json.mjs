#!/usr/bin/env node
// minify_json.mjs — the page's copy of a catalog file without its indentation (docs/size.md: about 1.3 KB gzip of
// the start-up files). The repository keeps the indented file, which reads and diffs well; the served page needs
// none of the whitespace. The values are the file's own: JSON.parse then JSON.stringify keeps every key in order and
// every number as the same double.
//
// --drop KEY leaves out every member named KEY, at any depth: the served copies of engines, models and prices drop
// their "notes" (English derivations of the figures, which the page never shows; web/platform/CMakeLists.txt says
// which files, docs/size.md what it saves). The repository's files keep them, with every "source".
//
//   node scripts/minify_json.mjs SRC.json DST.json [--drop KEY]...
import { readFileSync, writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
const drop = new Set();
const files = [];
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--drop' && i + 1 < args.length) drop.add(args[++i]);
  else files.push(args[i]);
}
const [src, dst] = files;
if (!src || !dst || files.length !== 2) {
  console.error('usage: node scripts/minify_json.mjs SRC.json DST.json [--drop KEY]...');
  process.exit(2);
}
const replacer = drop.size ? (key, value) => (drop.has(key) ? undefined : value) : undefined;
writeFileSync(dst, JSON.stringify(JSON.parse(readFileSync(src, 'utf8')), replacer));
