// test_csp.mjs — the page's Content-Security-Policy (shell.html, scripts/csp.mjs): a whole visit (load, typing in a
// picker, the API, copy link, the export menu's downloads, the language switch) requests nothing beyond the page's
// own files and triggers no policy violation; the policy is really in force (an injected inline script does not
// run); same for the offline file from file:// with the network off.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, assert, waitReady, clickBox, DIST, OFFLINE_URL } from './lib/harness.mjs';

// Every file the page may fetch, relative to its folder (dist/).
const OWN_FILES = new Set(['', 'index.html', 'infersizer.js', 'infersizer.wasm', 'infersizer-cjk-common.ttf',
  ...['models', 'hardware', 'formats', 'engines', 'prices'].map((n) => `data/${n}.json`)]);

// openPage (harness.mjs) with the violation recorder installed before any of the page's scripts run.
async function openRecorded(browser, url, options = {}) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 1000 }, locale: 'en-US', offline: Boolean(options.offline), acceptDownloads: true,
  });
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__violations.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const page = await context.newPage();
  const record = { requests: [], pageErrors: [] };
  context.on('request', (req) => record.requests.push(req.url()));
  page.on('pageerror', (err) => record.pageErrors.push(String(err)));
  await page.goto(url, { waitUntil: 'load' });
  return { context, page, record, close: () => context.close() };
}

async function visit(page) {
  const debug = (fn, arg) => page.evaluate(([f, a]) => window.infersizer._debug[f](a), [fn, arg]);
  // Edit: type into the model picker and pick; then the API.
  await clickBox(page, await debug('pickerBox', '##model'), 'the model picker');
  await page.keyboard.type('Qwen', { delay: 20 });
  await page.waitForTimeout(100);
  await page.keyboard.down('Enter');
  await page.waitForTimeout(100);
  await page.keyboard.up('Enter');
  await page.waitForTimeout(200);
  await page.evaluate(() => window.infersizer.setScenario({ concurrency: 24, context_tokens: 16384 }));
  // Share: the copy-link button.
  await clickBox(page, await debug('itemBox', 'copy_link'), 'copy link');
  // Export: a markdown download and the PNG.
  for (const item of ['##export_markdown', '##export_png']) {
    await clickBox(page, await debug('exportBox', '##export'), 'the export menu');
    const download = page.waitForEvent('download', { timeout: 5000 });
    await clickBox(page, await debug('exportBox', item), item);
    await download;
  }
  // Language: 中文 (may fetch the common-CJK font, one of the page's own files).
  await clickBox(page, await debug('itemBox', 'lang_zh'), 'the 中文 switch');
  await page.waitForTimeout(500);
  return page.evaluate(() => window.infersizer.lang);
}

test('csp: a whole visit requests only the page\'s own files and violates no Content-Security-Policy', async ({ browser, server }) => {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  assert(/<meta http-equiv="Content-Security-Policy" content="[^"]*script-src 'self' 'wasm-unsafe-eval' 'sha256-/.test(html),
    'index.html has no filled-in Content-Security-Policy');
  const p = await openRecorded(browser, server.url);
  try {
    await waitReady(p.page);
    const lang = await visit(p.page);
    assert(lang === 'zh', `the language switch did not switch: ${lang}`);
    const violations = await p.page.evaluate(() => window.__violations);
    assert(violations.length === 0, `CSP violations: ${violations.join(' | ')}`);
    const outside = p.record.requests.filter((u) => !u.startsWith(server.url) || !OWN_FILES.has(new URL(u).pathname.slice(new URL(server.url).pathname.length)));
    assert(outside.length === 0, `requests beyond the page's own files: ${outside.join(' ')}`);
    // The policy is in force: an inline script the build did not hash does not run, and is reported.
    const injected = await p.page.evaluate(async () => {
      const s = document.createElement('script');
      s.textContent = 'window.__injectedRan = true;';
      document.body.append(s);
      await new Promise((r) => setTimeout(r, 100));
      return { ran: Boolean(window.__injectedRan), violations: window.__violations };
    });
    assert(!injected.ran && injected.violations.length === 1 && /^script-src/.test(injected.violations[0]),
      `an injected inline script: ${JSON.stringify(injected)}`);
    assert(p.record.pageErrors.length === 0, `uncaught: ${p.record.pageErrors.join(' | ')}`);
    const files = [...new Set(p.record.requests.map((u) => new URL(u).pathname))];
    return `${p.record.requests.length} requests, ${files.length} files: ${files.join(' ')}`;
  } finally {
    await p.close();
  }
});

test('csp: the offline file from file:// carries the policy, its hashes match, nothing is requested', async ({ browser }) => {
  const p = await openRecorded(browser, OFFLINE_URL, { offline: true });
  try {
    await waitReady(p.page);
    await p.page.evaluate(() => window.infersizer.setScenario({ concurrency: 5 }));
    await p.page.waitForTimeout(300);
    const out = await p.page.evaluate(() => ({
      violations: window.__violations,
      policy: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content || '',
    }));
    assert(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[^']+' 'sha256-/.test(out.policy), `offline policy: ${out.policy.slice(0, 200)}`);
    assert(out.violations.length === 0, `CSP violations: ${out.violations.join(' | ')}`);
    const others = p.record.requests.filter((u) => u !== OFFLINE_URL && !u.startsWith('data:'));
    assert(others.length === 0, `requests: ${others.join(' ')}`);
    assert(p.record.pageErrors.length === 0, `uncaught: ${p.record.pageErrors.join(' | ')}`);
  } finally {
    await p.close();
  }
});
