// test_errors.mjs — a page that cannot start says why in the DOM (not a blank canvas): a dist copy with a
// catalog file missing, and one with the wasm missing. A catalog that loads but does not parse is the
// app's to report: the page starts and draws the error.
import { cpSync, rmSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveFolder } from './lib/server.mjs';
import { decodePng, imageStats, looksDrawn } from './lib/png.mjs';
import { test, assert, openPage, waitReady, screenshot, DIST, ARTIFACTS } from './lib/harness.mjs';

async function withBrokenDist(browser, remove, check) {
  const dir = mkdtempSync(join(tmpdir(), 'infersizer-dist-'));
  cpSync(DIST, dir, { recursive: true, filter: (src) => !src.endsWith('infersizer-offline.html') });
  rmSync(join(dir, remove));
  const server = await serveFolder(dir);
  const p = await openPage(browser, server.url);
  try {
    await p.page.waitForSelector('#is-error:not([hidden])', { timeout: 10000 });
    const out = await p.page.evaluate(async () => {
      const box = document.getElementById('is-error');
      const rejected = await Promise.race([
        window.infersizer ? window.infersizer.ready.then(() => false, () => true) : Promise.resolve(true),
        new Promise((r) => setTimeout(() => r('pending'), 2000)),
      ]);
      return { text: box.innerText, visible: box.getBoundingClientRect().height > 20,
               loadingHidden: document.getElementById('is-loading').hidden, rejected };
    });
    await p.page.screenshot({ path: join(ARTIFACTS, `error-missing-${remove.replace(/\W+/g, '-')}.png`) });
    assert(out.visible && out.loadingHidden, `error box not shown properly: ${JSON.stringify(out)}`);
    assert(out.rejected === true, `ready did not reject: ${out.rejected}`);
    check(out.text);
    return out.text.replace(/\s+/g, ' ');
  } finally {
    await p.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

test('errors: a missing catalog file shows a readable message naming it', async ({ browser }) =>
  withBrokenDist(browser, 'data/prices.json', (text) => {
    assert(/data\/prices\.json/.test(text) && /404/.test(text), `message: ${text}`);
  }));

test('errors: a missing wasm file shows a readable message', async ({ browser }) =>
  withBrokenDist(browser, 'infersizer.wasm', (text) => {
    assert(/WebAssembly/.test(text) && /infersizer\.wasm/.test(text), `message: ${text}`);
  }));

test('errors: a malformed catalog file starts the page with the error drawn, not a blank canvas', async ({ browser }) => {
  const dir = mkdtempSync(join(tmpdir(), 'infersizer-dist-'));
  cpSync(DIST, dir, { recursive: true, filter: (src) => !src.endsWith('infersizer-offline.html') });
  writeFileSync(join(dir, 'data/models.json'), '{"models": [ {"id": ');
  const server = await serveFolder(dir);
  const p = await openPage(browser, server.url);
  try {
    await waitReady(p.page);
    const result = await p.page.evaluate(() => window.infersizer.getResult());
    assert(result && typeof result.error === 'string' && /models/.test(result.error), `result for a broken catalog: ${JSON.stringify(result)}`);
    const stats = imageStats(decodePng((await screenshot(p.page, 'error-malformed-catalog.png')).png));
    assert(looksDrawn(stats), `the page is blank with a malformed catalog: ${JSON.stringify(stats)}`);
    return result.error;
  } finally {
    await p.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
