// test_catalog_theme.mjs — your own catalog and the themes, in Chromium: loadCatalog() and a dropped or picked file
// merge a new card (priced in yuan) and a private model that then work in setScenario, getResult and the cards
// table; a broken file is refused with each error's JSON path and changes nothing; the page's background follows
// prefers-color-scheme live, and the header's toggle overrides it (and lands in the URL).
import { decodePng } from './lib/png.mjs';
import { test, assert, assertClean, openPage, waitReady, screenshot, clickBox, OFFLINE_URL } from './lib/harness.mjs';

// README's "Your own catalog" example.
const GOOD = {
  accelerators: [{ id: 'lab-card-64', vendor: 'Lab', name: 'Lab Card 64GB', kind: 'gpu', market: 'datacenter',
    memory_gb: 64, memory_bandwidth_gbs: 2000, fp16_bf16_dense_tflops: 400,
    source: [{ ref: "our lab's spec sheet", covers: ['all'] }] }],
  gpu_rental: [{ provider: 'Our cloud', gpu: 'Lab Card 64GB', hardware_id: 'lab-card-64', currency: 'CNY',
    price_per_gpu_hour: 9.5, pricing_model: 'on-demand', source: 'our invoice' }],
  models: [{ id: 'Acme-Private-8B', role: 'chat', num_hidden_layers: 32, hidden_size: 4096, intermediate_size: 14336,
    num_attention_heads: 32, num_key_value_heads: 8, vocab_size: 128256, max_position_embeddings: 32768,
    source: 'our config.json' }],
};
const SCENARIO = { model: 'Acme-Private-8B', hardware: 'lab-card-64', weights: 'fp16', engine: 'vllm' };

// A card and a model, each with a broken field.
const BAD = {
  accelerators: [{ ...GOOD.accelerators[0], id: 'x', memory_gb: -8 }],
  models: [{ ...GOOD.models[0], id: 'M', hidden_size: 'big' }],
};

async function openReady(browser, url, options) {
  const p = await openPage(browser, url, options);
  await waitReady(p.page);
  return p;
}

// What the page shows for the scenario using the new card: the result's hardware and the plan's row for it.
async function usedAfterLoad(page) {
  return page.evaluate((scenario) => {
    const api = window.infersizer;
    api.setScenario(scenario);
    const r = api.getResult('en');
    const row = r.plan.find((x) => x.hardware === 'lab-card-64');
    return { hardware: r.hardware, row: row ? { name: row.name, cards: row.cards, cost: row.cost_per_month } : null,
             cnyPerUsd: r.cost.cny_per_usd };
  }, SCENARIO);
}

// The cards table compares in USD: the file's ¥9.5 a card-hour at the catalog's rate, 730 hours a month.
function assertUsed(used) {
  assert(used.hardware === 'Lab Card 64GB', `getResult().hardware after loading: ${used.hardware}`);
  assert(used.row && used.row.name === 'Lab Card 64GB' && used.row.cost,
    `the cards table has no priced row for the new card: ${JSON.stringify(used.row)}`);
  const want = used.row.cards.lo * 9.5 / used.cnyPerUsd * 730;
  assert(Math.abs(used.row.cost.lo - want) <= 0.01 * want,
    `the new card's monthly cost ${JSON.stringify(used.row.cost)} is not ${want.toFixed(0)} (¥9.5/h at ${used.cnyPerUsd})`);
}

test('catalog: loadCatalog() adds a card and a private model that setScenario, getResult and the plan use', async ({ browser, server }) => {
  const p = await openReady(browser, server.url + '?lang=en');
  try {
    const out = await p.page.evaluate(async (good) => {
      const api = window.infersizer;
      let before = null;
      try { api.setScenario({ hardware: 'lab-card-64' }); } catch (e) { before = e.message; }
      const summary = await api.loadCatalog(good);
      const again = await api.loadCatalog(JSON.stringify(good));  // text works too; the same ids now replace
      return { before, summary, again };
    }, GOOD);
    assert(out.before && /hardware/.test(out.before), `the card existed before loading: ${out.before}`);
    assert(JSON.stringify(out.summary.added.accelerators) === '["lab-card-64"]', `summary ${JSON.stringify(out.summary)}`);
    assert(JSON.stringify(out.summary.added.models) === '["Acme-Private-8B"]', `summary ${JSON.stringify(out.summary)}`);
    assert(JSON.stringify(out.again.replaced.accelerators) === '["lab-card-64"]', `second load ${JSON.stringify(out.again)}`);
    assertUsed(await usedAfterLoad(p.page));
    assertClean(p.record, (u) => u.startsWith(server.url));
    return `added ${JSON.stringify(out.summary.added)}`;
  } finally {
    await p.close();
  }
});

test('catalog: a file dropped on the page, or picked with the header button or the file input, works the same', async ({ browser, server }) => {
  for (const how of ['drop', 'button', 'input']) {
    const p = await openReady(browser, server.url + '?lang=zh');
    try {
      const text = JSON.stringify(GOOD);
      if (how === 'drop') {
        await p.page.evaluate((json) => {
          const dt = new DataTransfer();
          dt.items.add(new File([json], 'my_catalog.json', { type: 'application/json' }));
          const canvas = document.getElementById('canvas');
          for (const type of ['dragenter', 'dragover', 'drop']) {
            canvas.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
          }
        }, text);
      } else if (how === 'button') {
        // The header's "加载目录" opens the browser's file chooser (bridge.js clicks its file input).
        const box = await p.page.evaluate(() => window.infersizer._debug.itemBox('load_catalog'));
        const [chooser] = await Promise.all([p.page.waitForEvent('filechooser', { timeout: 5000 }),
                                             clickBox(p.page, box, 'the load-catalog button')]);
        await chooser.setFiles({ name: 'my_catalog.json', mimeType: 'application/json', buffer: Buffer.from(text) });
      } else {
        await p.page.setInputFiles('#is-catalog-file', { name: 'my_catalog.json', mimeType: 'application/json',
          buffer: Buffer.from(text) });
      }
      // The file is read asynchronously; the catalog grows by the card when it is merged.
      await p.page.waitForFunction(() => {
        try { window.infersizer.setScenario({ hardware: 'lab-card-64' }); return true; } catch (e) { return false; }
      }, null, { timeout: 5000 });
      assertUsed(await usedAfterLoad(p.page));
      assertClean(p.record, (u) => u.startsWith(server.url));
    } finally {
      await p.close();
    }
  }
});

test('catalog: a broken catalog is refused with each error and its JSON path; the result is unchanged', async ({ browser, server }) => {
  const p = await openReady(browser, server.url + '?lang=zh&concurrency=12');
  try {
    const out = await p.page.evaluate(async (bad) => {
      const api = window.infersizer;
      const before = JSON.stringify(api.getResult());
      const summaryBefore = api.catalogSummary;
      let error = null;
      try { await api.loadCatalog(bad); } catch (e) { error = { name: e.name, message: e.message, errors: e.errors }; }
      let notJson = null;
      try { await api.loadCatalog('{"accelerators": ['); } catch (e) { notJson = e.errors; }
      return { error, notJson, same: JSON.stringify(api.getResult()) === before,
               summarySame: api.catalogSummary === summaryBefore };
    }, BAD);
    assert(out.error && out.error.name === 'InferSizerError', `not refused: ${JSON.stringify(out.error)}`);
    const paths = out.error.errors.map((e) => e.path);
    assert(JSON.stringify(paths) === JSON.stringify(['models[0].hidden_size', 'accelerators[0].memory_gb']),
      `error paths ${JSON.stringify(paths)}`);
    for (const e of out.error.errors) {
      assert(out.error.message.includes(`${e.path}: ${e.message}`), `message lacks ${e.path}: ${out.error.message}`);
      assert(e.text.startsWith(e.path + '：') && /[\u4e00-\u9fff]/.test(e.text), `page-language text: ${e.text}`);
    }
    assert(out.notJson && out.notJson.length === 1 && out.notJson[0].id === 'catalog.parse', `not JSON: ${JSON.stringify(out.notJson)}`);
    assert(out.same, 'getResult() changed after a refused catalog');
    assert(out.summarySame, 'the catalog changed after a refused file');
    await screenshot(p.page, 'catalog-refused-zh.png');
    assertClean(p.record, (u) => u.startsWith(server.url));
    return out.error.errors.map((e) => e.text).join(' | ');
  } finally {
    await p.close();
  }
});

test('catalog: the offline file loads your catalog too', async ({ browser }) => {
  const p = await openReady(browser, OFFLINE_URL + '?lang=en', { offline: true });
  try {
    await p.page.evaluate((good) => window.infersizer.loadCatalog(good), GOOD);
    assertUsed(await usedAfterLoad(p.page));
  } finally {
    await p.close();
  }
});

// The mean luminance (0–255) of a band of the canvas under the header, where the page's background dominates.
async function backgroundLuma(page, name) {
  const img = decodePng((await screenshot(page, name)).png);
  const counts = new Map();
  for (let y = Math.floor(img.height * 0.9); y < img.height; y += 2) {
    for (let x = 0; x < img.width; x += 2) {
      const i = (y * img.width + x) * 4;
      const key = (img.rgba[i] << 16) | (img.rgba[i + 1] << 8) | img.rgba[i + 2];
      counts.set(key, (counts.get(key) || 0) + 1);
    }
  }
  let best = 0, most = -1;
  for (const [key, n] of counts) if (n > most) { most = n; best = key; }
  return 0.299 * (best >> 16) + 0.587 * ((best >> 8) & 255) + 0.114 * (best & 255);  // the most common colour
}

async function waitTheme(page, theme) {
  await page.waitForFunction((t) => window.infersizer.theme === t, theme, { timeout: 3000 });
  await page.waitForTimeout(200);  // a few frames drawn
}

test('theme: follows prefers-color-scheme live; the header toggle overrides it and lands in the URL', async ({ browser, server }) => {
  const p = await openPage(browser, server.url + '?lang=en');
  try {
    await p.page.emulateMedia({ colorScheme: 'light' });
    await waitReady(p.page);
    await waitTheme(p.page, 'light');
    const light = await backgroundLuma(p.page, 'theme-light.png');
    await p.page.emulateMedia({ colorScheme: 'dark' });
    await waitTheme(p.page, 'dark');
    const dark = await backgroundLuma(p.page, 'theme-dark.png');
    assert(light > 200, `light theme background luma ${light}`);
    assert(dark < 50, `dark theme background luma ${dark}`);
    assert(await p.page.evaluate(() => document.documentElement.dataset.theme) === 'dark', 'html data-theme');

    // The toggle: system dark, the visitor picks light.
    const box = await p.page.evaluate(() => window.infersizer._debug.itemBox('theme_light'));
    await clickBox(p.page, box, 'the light/dark toggle');
    await waitTheme(p.page, 'light');
    const toggled = await backgroundLuma(p.page, 'theme-toggled-light.png');
    assert(toggled > 200, `after the toggle, background luma ${toggled}`);
    await p.page.emulateMedia({ colorScheme: 'light' });
    await p.page.emulateMedia({ colorScheme: 'dark' });  // the system changes again: the choice holds
    await p.page.waitForTimeout(300);
    assert(await p.page.evaluate(() => window.infersizer.theme) === 'light', 'the system overrode the visitor');
    await p.page.waitForFunction(() => new URL(location.href).searchParams.get('theme') === 'light', null, { timeout: 3000 });
    assertClean(p.record, (u) => u.startsWith(server.url));
    return `background luma light ${light.toFixed(0)}, dark ${dark.toFixed(0)}, toggled ${toggled.toFixed(0)}`;
  } finally {
    await p.close();
  }
});

test('theme: a link with theme=dark opens dark on a light system; setTheme("system") follows the system again', async ({ browser, server }) => {
  const p = await openPage(browser, server.url + '?theme=dark');
  try {
    await p.page.emulateMedia({ colorScheme: 'light' });
    await waitReady(p.page);
    await waitTheme(p.page, 'dark');
    assert(await backgroundLuma(p.page, 'theme-link-dark.png') < 50, 'theme=dark did not draw dark');
    await p.page.evaluate(() => window.infersizer.setTheme('system'));
    await waitTheme(p.page, 'light');
    const bad = await p.page.evaluate(() => { try { window.infersizer.setTheme('sepia'); return null; } catch (e) { return e.message; } });
    assert(bad && /theme/.test(bad), `setTheme('sepia') did not throw: ${bad}`);
  } finally {
    await p.close();
  }
});
