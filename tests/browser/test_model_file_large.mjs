// test_model_file_large.mjs — a 40 GB GGUF opens from its header: a sparse file on disk (a Llama-70B-wide Q4_K, 82 layers deep
// header, then a hole the size of its tensors) is given to the page through a real <input type=file>, and
// infersizer.openModelFiles() summarises it reading only the header's bytes (counted), with the JS heap and the wasm
// memory growing by far less than 50 MB. The time it took is reported, not asserted (a loaded machine is no clock).
import { openSync, writeSync, ftruncateSync, closeSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, assert, openPage, waitReady } from './lib/harness.mjs';
import { ggufFixture } from './lib/gguf_fixture.mjs';

const MiB = 2 ** 20;

test('model file: a 40 GB GGUF opens from its header alone (bytes read and memory counted)', async ({ browser, server }) => {
  const f = ggufFixture({ name: 'Sparse 72B', blocks: 82, hidden: 8192, heads: 64, kvHeads: 8, ffn: 28672, vocab: 128256,
                          mixed: false });
  const fileSize = f.dataOffset + f.dataBytes;
  assert(fileSize > 40e9, `the fixture is only ${fileSize} bytes`);
  const dir = mkdtempSync(join(tmpdir(), 'infersizer-sparse-'));
  const path = join(dir, 'sparse-70b.Q4_K_M.gguf');
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, f.header);
    ftruncateSync(fd, fileSize);  // a hole: no disk space, and nothing to read but zeros
  } finally {
    closeSync(fd);
  }
  const p = await openPage(browser, server.url + '?lang=en');
  try {
    assert(statSync(path).size === fileSize, 'the sparse file has the wrong size');
    await waitReady(p.page);
    await p.page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.id = 'test-model-file';
      input.hidden = true;
      document.body.appendChild(input);
    });
    await p.page.setInputFiles('#test-model-file', path);  // Chromium gets the path: a File backed by the disk file
    const cdp = await p.context.newCDPSession(p.page);
    const memory = async () => {
      const js = await cdp.send('Runtime.getHeapUsage');
      const wasm = await p.page.evaluate(() => Module.HEAP8.length);
      return js.usedSize + wasm;
    };
    await cdp.send('HeapProfiler.collectGarbage');
    const before = await memory();
    const out = await p.page.evaluate(async () => {
      const api = window.infersizer;
      const file = document.getElementById('test-model-file').files[0];
      const read0 = api._debug.modelFileBytesRead();
      const t0 = performance.now();
      const summary = await api.openModelFiles([file]);
      const ms = performance.now() - t0;
      return { ms, size: file.size, read: api._debug.modelFileBytesRead() - read0, summary };
    });
    const after = await memory();  // no collection first: what the open left behind, garbage included
    const grew = after - before;
    assert(out.size === fileSize, `the page saw ${out.size} bytes`);
    assert(out.summary.format === 'gguf' && out.summary.tensor_count === f.expected.length,
      `summary ${JSON.stringify(out.summary).slice(0, 300)}`);
    assert(out.summary.tensor_bytes === f.tensorBytes, `tensor_bytes ${out.summary.tensor_bytes}, the fixture's ${f.tensorBytes}`);
    assert(out.read <= 16 + 2 * f.header.length + 64 * 1024, `read ${out.read} bytes; the header is ${f.header.length}`);
    assert(grew < 50 * MiB, `JS heap + wasm memory grew by ${(grew / MiB).toFixed(1)} MiB`);
    return `${(fileSize / 1e9).toFixed(1)} GB file (header ${(f.header.length / MiB).toFixed(2)} MiB): read ` +
      `${(out.read / MiB).toFixed(2)} MiB in ${Math.round(out.ms)} ms; JS heap + wasm memory +${(grew / MiB).toFixed(1)} MiB`;
  } finally {
    await p.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
