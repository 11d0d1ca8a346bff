#!/usr/bin/env node
// check_budgets.mjs — the page's size budgets (docs/size.md), measured on a built dist/ folder:
//   start-up  the files a visitor's browser downloads to show the page — index.html, infersizer.js,
//             infersizer.wasm, data/*.json — together at most 750 KB (750,000 B) gzip-compressed (level 9,
//             what a server's static compression sends)
//   offline   dist/infersizer-offline.html at most 1.5 MB (1,500,000 B) as it is
// Printed beside them, and counted in neither: the common-CJK font cut, fetched only when the page must draw
// a character its built-in cut lacks (a typed name), and the example pages.
//
//   node scripts/check_budgets.mjs build/web/dist     prints the table; exit status 1 when a budget is exceeded
// tests/browser/test_build.mjs imports measureBudgets and prints the same table in the test output.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync, constants } from 'node:zlib';
import { pathToFileURL } from 'node:url';

export const STARTUP_BUDGET_GZIP_B = 750_000;
export const OFFLINE_BUDGET_B = 1_500_000;
const ON_DEMAND = ['infersizer-cjk-common.ttf'];

function startupFiles(dist) {
  const data = readdirSync(join(dist, 'data')).filter((f) => f.endsWith('.json')).sort().map((f) => `data/${f}`);
  return ['index.html', 'infersizer.js', 'infersizer.wasm', ...data];
}

function sizes(dist, file) {
  const bytes = readFileSync(join(dist, file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length };
}

const fmt = (n) => n.toLocaleString('en-US');

// { ok, lines, startup_gzip_b, offline_b }: one line per file, then the two budgets with their verdicts.
export function measureBudgets(dist) {
  const startup = startupFiles(dist).map((f) => sizes(dist, f));
  const lines = ['start-up files (raw B, gzip B):'];
  for (const s of startup) lines.push(`  ${s.file.padEnd(28)} ${fmt(s.raw).padStart(11)} ${fmt(s.gzip).padStart(11)}`);
  const startupGzip = startup.reduce((sum, s) => sum + s.gzip, 0);
  const offline = sizes(dist, 'infersizer-offline.html');
  const startupOk = startupGzip <= STARTUP_BUDGET_GZIP_B;
  const offlineOk = offline.raw <= OFFLINE_BUDGET_B;
  lines.push(`start-up total gzip: ${fmt(startupGzip)} B of ${fmt(STARTUP_BUDGET_GZIP_B)} B — ${startupOk ? 'within budget' : 'OVER BUDGET'}`);
  lines.push(`offline file infersizer-offline.html: ${fmt(offline.raw)} B of ${fmt(OFFLINE_BUDGET_B)} B — ${offlineOk ? 'within budget' : 'OVER BUDGET'}`);
  for (const f of ON_DEMAND.filter((name) => existsSync(join(dist, name)))) {
    const s = sizes(dist, f);
    lines.push(`not counted, fetched only when needed: ${f} ${fmt(s.raw)} B (${fmt(s.gzip)} B gzip)`);
  }
  return { ok: startupOk && offlineOk, lines, startup_gzip_b: startupGzip, offline_b: offline.raw };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dist = process.argv[2];
  if (!dist) {
    console.error('usage: check_budgets.mjs DIST_DIR');
    process.exit(2);
  }
  const report = measureBudgets(dist);
  console.log(report.lines.join('\n'));
  if (!report.ok) {
    console.error('check_budgets: a size budget is exceeded (docs/size.md)');
    process.exit(1);
  }
}
