#!/usr/bin/env node
// minify_json.mjs — the page's copy of a catalog file without its indentation (docs/size.md: about 1.3 KB gzip of
// the start-up files). The repository keeps the indented file, which reads and diffs well; the served page needs
// none of the whitespace. The values are the file's own: JSON.parse then JSON.stringify keeps every key in order and
// every number as the same double.
//
//   node scripts/minify_json.mjs SRC.json DST.json
import { readFileSync, writeFileSync } from 'node:fs';

const [src, dst] = process.argv.slice(2);
if (!src || !dst) {
  console.error('usage: node scripts/minify_json.mjs SRC.json DST.json');
  process.exit(2);
}
writeFileSync(dst, JSON.stringify(JSON.parse(readFileSync(src, 'utf8'))));
