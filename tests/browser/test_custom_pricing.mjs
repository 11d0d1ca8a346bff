// test_custom_pricing.mjs — issue #9 in the built page: a copy of a catalog card ("based_on") gives the card's
// own result, and the scenario's pricing (rental-price basis, API to compare) reaches the result, the link and
// the error messages through window.infersizer.
import { test, assert, assertClean, openPage, waitReady } from './lib/harness.mjs';

async function openReady(browser, server, query = '') {
  const p = await openPage(browser, server.url + query);
  await waitReady(p.page);
  return p;
}

test('custom: a copy of a catalog card gives exactly the card\'s result', async ({ browser, server }) => {
  const p = await openReady(browser, server, '?lang=en');
  try {
    const out = await p.page.evaluate(() => {
      const api = window.infersizer;
      const diffs = [];
      for (const id of ['nvidia-h100-sxm-80gb', 'nvidia-rtx-4090']) {
        api.setScenario({ hardware: id });
        const byId = JSON.stringify(api.getResult('en'));
        api.setScenario({ hardware: { based_on: id } });
        const copy = JSON.stringify(api.getResult('en'));
        const scenario = api.getScenario();
        diffs.push({ id, same: byId === copy, basedOn: scenario.hardware && scenario.hardware.based_on });
      }
      return diffs;
    });
    for (const d of out) {
      assert(d.same, `${d.id}: the copy's result differs from the card's`);
      assert(d.basedOn === d.id, `${d.id}: getScenario() lost based_on (${d.basedOn})`);
    }
    assertClean(p.record, (u) => u.startsWith(server.url));
    return `${out.length} cards`;
  } finally {
    await p.close();
  }
});

test('pricing: a link\'s gpu and api reach the result, and an unknown provider throws naming the field', async ({ browser, server }) => {
  const p = await openReady(browser, server,
    '?hardware=nvidia-h100-sxm-80gb&count=1&gpu=AWS&api=OpenAI%2Fgpt-5.4-mini&lang=en');
  try {
    const out = await p.page.evaluate(() => {
      const api = window.infersizer;
      const before = api.getScenario();
      const r = api.getResult('en');
      let error = null;
      try { api.setScenario({ ...before, pricing: { gpu: 'Hetzner' } }); } catch (e) { error = e.message; }
      api.setScenario({ ...before, pricing: { gpu: 'cheapest', api: 'auto' } });
      const cheapest = api.getResult('en');
      return { before, r, error, after: api.getScenario(), cheapest, urlErrors: api.urlErrors };
    });
    assert(out.urlErrors.length === 0, `url errors: ${out.urlErrors}`);
    assert(out.before.pricing && out.before.pricing.gpu === 'AWS', `pricing.gpu: ${JSON.stringify(out.before.pricing)}`);
    // AWS's on-demand H100 SXM rows, 10.08 and 12.29 USD/h, × 730 h (the result JSON keeps 4 significant figures).
    const month = out.r.cost.self_hosted_per_month_usd;
    const near = (got, want) => Math.abs(got - want) <= want * 1e-3;
    assert(near(month.lo, 7358.4) && near(month.hi, 8971.7), `AWS month: ${JSON.stringify(month)}`);
    assert(/AWS/.test(out.r.cost.price_basis), `price_basis: ${out.r.cost.price_basis}`);
    assert(out.r.cost.api_model === 'OpenAI gpt-5.4-mini', `api_model: ${out.r.cost.api_model}`);
    assert(out.error && /pricing\.gpu/.test(out.error), `unknown provider should name pricing.gpu: ${out.error}`);
    assert(out.after.pricing && out.after.pricing.gpu === 'cheapest', `after: ${JSON.stringify(out.after.pricing)}`);
    const c = out.cheapest.cost.self_hosted_per_month_usd;
    assert(near(c.lo, 1314) && c.lo === c.hi, `cheapest month: ${JSON.stringify(c)}`);
    assertClean(p.record, (u) => u.startsWith(server.url));
    return `${out.r.cost.price_basis}`;
  } finally {
    await p.close();
  }
});

test('pricing: the default scenario carries no pricing object (older links and builds read it)', async ({ browser, server }) => {
  const p = await openReady(browser, server);
  try {
    const s = await p.page.evaluate(() => window.infersizer.getScenario());
    assert(!('pricing' in s), `default scenario has pricing: ${JSON.stringify(s.pricing)}`);
    return 'ok';
  } finally {
    await p.close();
  }
});
