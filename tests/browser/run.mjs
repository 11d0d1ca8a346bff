#!/usr/bin/env node
// run.mjs — the browser tests: Debian's Chromium (playwright-core) against build/web/dist served on
// 127.0.0.1 and against the offline single file over file://. Prints one line per test and closes with
// "N passed, N failed"; exits non-zero on any failure.
//
//   cmake --preset native && cmake --build --preset native   # the CLI the golden parity test compares to
//   cmake --preset web && cmake --build --preset web
//   node tests/browser/run.mjs
//
// Screenshots go to build/browser-artifacts/. INFERSIZER_DIST=<dir> tests another build's dist/.
import { runAll, launchBrowser, requireBuild, DIST } from './lib/harness.mjs';
import { serveFolder } from './lib/server.mjs';
import './test_build.mjs';
import './test_render.mjs';
import './test_offline.mjs';
import './test_api.mjs';
import './test_url.mjs';
import './test_idle.mjs';
import './test_errors.mjs';
import './test_start.mjs';
import './test_custom_pricing.mjs';
import './test_layout.mjs';
import './test_inputs.mjs';
import './test_glyphs.mjs';
import './test_core_text.mjs';
import './test_deploy_lang.mjs';
import './test_explain.mjs';
import './test_export.mjs';
import './test_charts.mjs';
import './test_catalog_theme.mjs';
import './test_hostile.mjs';
import './test_csp.mjs';
import './test_gl_context.mjs';
import './test_embed.mjs';
import './test_model_file.mjs';
import './test_model_file_large.mjs';

async function setup() {
  requireBuild();
  const browser = await launchBrowser();
  const server = await serveFolder(DIST);
  return { browser, server };
}

async function teardown({ browser, server }) {
  await browser.close();
  await server.close();
}

let summary;
try {
  summary = await runAll(setup, teardown);
} catch (err) {
  console.log(`FAIL setup: ${err.message}`);
  summary = { passed: 0, failed: 1 };
}
console.log(`${summary.passed} passed, ${summary.failed} failed`);
process.exit(summary.failed > 0 ? 1 : 0);
