// offline_loader.js — the offline file's start (scripts/bundle_offline.mjs puts it in place of the served page's
// script tag for infersizer.js). The file carries the module, its JS and the catalog gzip-compressed in inert
// script elements of type application/gzip-base64 (id infersizer-pack-*); this unpacks them with the browser's
// DecompressionStream, hands the wasm to the runtime as Module.wasmBinary (so nothing is fetched), puts the catalog
// where bridge.js looks for it, and then runs infersizer.js. Nothing here comes from outside the file.
(function () {
  'use strict';

  function base64Bytes(text) {
    const bin = atob(text.trim());
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; ++i) bytes[i] = bin.charCodeAt(i);
    return bytes;
  }

  function unpack(id) {
    const el = document.getElementById(id);
    if (!el) return Promise.reject(new Error(`the file lacks its ${id} part`));
    const stream = new Blob([base64Bytes(el.textContent)]).stream().pipeThrough(new DecompressionStream('gzip'));
    el.remove();  // the packed copy is no longer needed
    return new Response(stream).arrayBuffer().then((buffer) => new Uint8Array(buffer));
  }

  function fail(err) {
    const box = document.getElementById('is-error');
    const loading = document.getElementById('is-loading');
    if (loading) loading.hidden = true;
    if (!box) return;
    const title = document.createElement('h1');
    title.textContent = 'InferSizer could not start · 推理算力估算器无法启动';
    const body = document.createElement('p');
    const why = typeof DecompressionStream === 'function' ? String(err && err.message ? err.message : err)
                                                          : 'this browser has no DecompressionStream · 此浏览器不支持 DecompressionStream';
    body.textContent = why;
    box.replaceChildren(title, body);
    box.hidden = false;
  }

  Promise.all(['infersizer-pack-wasm', 'infersizer-pack-catalog', 'infersizer-pack-js'].map(unpack)).then(([wasm, catalog, js]) => {
    window.Module = { wasmBinary: wasm };
    const text = new TextDecoder();
    const catalogEl = document.createElement('script');
    catalogEl.type = 'application/json';
    catalogEl.id = 'infersizer-catalog';
    catalogEl.textContent = text.decode(catalog);
    document.body.appendChild(catalogEl);
    const script = document.createElement('script');
    script.textContent = text.decode(js);
    document.body.appendChild(script);
  }).catch(fail);
})();
