// test_model_file.mjs — "open model file" in Chromium: a multi-megabyte GGUF written byte by byte here is dropped
// on the page and summarised from its header alone (the bytes the page read are counted), "use this model" makes
// the estimate's weights the file's exact bytes, and an independent reader (@huggingface/gguf) agrees with ours on
// every tensor's type, shape and offset. A catalog file dropped the same way still goes to the catalog.
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gguf as hfGguf, GGMLQuantizationType } from '@huggingface/gguf';
import { test, assert, assertClean, openPage, waitReady } from './lib/harness.mjs';
import { ggufFixture, dropGgufOnCanvas } from './lib/gguf_fixture.mjs';

const ggufFile = () => ggufFixture();

test('model file: a dropped multi-MB GGUF is summarised from its header only, and "use" makes the weights exact', async ({ browser, server }) => {
  const f = ggufFile();
  const fileSize = f.dataOffset + f.dataBytes;
  assert(fileSize > 4e6, `the fixture is only ${fileSize} bytes`);
  const p = await openPage(browser, server.url + '?lang=en');
  try {
    await waitReady(p.page);
    const { before, weightsBefore } = await p.page.evaluate(() => ({
      before: window.infersizer._debug.modelFileBytesRead(),
      weightsBefore: window.infersizer.getResult('en').memory.weights_gib }));
    const summary = await dropGgufOnCanvas(p.page, f, 'browser-llama.Q4_K_M.gguf');
    const out = await p.page.evaluate(({ summary, before, weightsBefore }) => {
      const api = window.infersizer;
      const read = api._debug.modelFileBytesRead() - before;
      const tensors = api._debug.modelFileTensors();
      const used = api.useModelFile();
      const r = api.getResult('en');
      return { summary, read, tensors, used, weightsBefore, weights: r.memory.weights_gib, model: r.model };
    }, { summary, before, weightsBefore });

    assert(out.summary.format === 'gguf', `no summary: ${JSON.stringify(out.summary)}`);
    assert(out.summary.tensor_bytes === f.tensorBytes, `tensor_bytes ${out.summary.tensor_bytes}, the fixture's ${f.tensorBytes}`);
    assert(out.summary.tensor_count === f.expected.length && out.summary.architecture === 'llama',
      `summary ${JSON.stringify(out.summary).slice(0, 300)}`);
    // Read: the 16 bytes that tell the kind, then the header in doubling slices; never the tensor data.
    assert(out.read <= 16 + 2 * f.header.length + 64 * 1024 && out.read < fileSize / 10,
      `read ${out.read} bytes of a ${fileSize}-byte file whose header is ${f.header.length}`);
    assert(out.used, 'useModelFile() refused');
    assert(out.model === 'Browser Llama', `the estimate's model is ${out.model}`);
    const gib = f.tensorBytes / 2 ** 30;
    assert(out.weights.lo === out.weights.hi && Math.abs(out.weights.lo - gib) <= 1e-4 * gib,
      `weights ${JSON.stringify(out.weights)}, the file's ${gib} GiB (before: ${JSON.stringify(out.weightsBefore)})`);

    // @huggingface/gguf on the same bytes (a local copy of the whole file) agrees on every tensor.
    const dir = mkdtempSync(join(tmpdir(), 'infersizer-gguf-'));
    const path = join(dir, 'browser-llama.gguf');
    writeFileSync(path, Buffer.concat([f.header, Buffer.alloc(fileSize - f.header.length)]));
    const theirs = await hfGguf(path, { allowLocalFile: true });
    assert(theirs.tensorInfos.length === out.tensors.length, `${theirs.tensorInfos.length} vs ${out.tensors.length} tensors`);
    theirs.tensorInfos.forEach((t, i) => {
      const ours = out.tensors[i];
      const same = t.name === ours.name && GGMLQuantizationType[t.dtype] === ours.type &&
        JSON.stringify(t.shape.map(Number)) === JSON.stringify(ours.shape) && Number(t.offset) === ours.offset;
      assert(same, `tensor ${i}: @huggingface/gguf ${t.name} ${GGMLQuantizationType[t.dtype]} [${t.shape}] @${t.offset}, ` +
        `ours ${JSON.stringify(ours)}`);
      assert(ours.offset === f.expected[i].offset, `tensor ${i} offset ${ours.offset}, written ${f.expected[i].offset}`);
    });
    assertClean(p.record, (u) => u.startsWith(server.url));
    return `read ${out.read} of ${fileSize} bytes; ${out.tensors.length} tensors agree with @huggingface/gguf`;
  } finally {
    await p.close();
  }
});

test('model file: a bad header is refused naming the file and the offset; the estimate is unchanged', async ({ browser, server }) => {
  const p = await openPage(browser, server.url + '?lang=en');
  try {
    await waitReady(p.page);
    const out = await p.page.evaluate(async () => {
      const api = window.infersizer;
      const before = JSON.stringify(api.getResult('en'));
      const bytes = new Uint8Array([0x47, 0x47, 0x55, 0x46, 9, 0, 0, 0, ...new Array(16).fill(0)]);
      let error = null;
      try { await api.openModelFiles([new File([bytes], 'bad.gguf')]); } catch (e) { error = e.message; }
      return { error, same: JSON.stringify(api.getResult('en')) === before };
    });
    assert(out.error === 'bad.gguf: offset 4: GGUF version 9 is not supported (only 2 and 3)', `error ${out.error}`);
    assert(out.same, 'the result changed after a refused file');
  } finally {
    await p.close();
  }
});
