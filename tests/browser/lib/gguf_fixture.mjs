// gguf_fixture.mjs — a GGUF v3 file's header written byte by byte (ggml-org/ggml/docs/gguf.md: magic, version,
// counts, key/values, tensor infos, padding to 32, then the tensor data), for the browser tests of "open model file".
// Returns the header bytes and where the data starts and how long it is; the tests add the data as zeros (in memory
// for a few MB, as a sparse file on disk for tens of GB).
//
// ggml ids and block traits (ggml.h / ggml.c) of the types the fixture uses: [type id, elements per block, bytes per block].
export const TYPES = { F32: [0, 1, 4], F16: [1, 1, 2], Q8_0: [8, 32, 34], Q4_K: [12, 256, 144], Q6_K: [14, 256, 210] };

// A llama-shaped model: `blocks` layers of width `hidden`, `heads` / `kvHeads` attention heads, an FFN of `ffn`, a
// vocabulary of `vocab` tokens (written as tokenizer.ggml.tokens, the bulk of a real header). `mixed`: the small
// fixture's mix of F32 norms, Q4_K, Q6_K, Q8_0 and F16 matrices; otherwise every matrix is Q4_K (a Q4_K_M-sized file).
export function ggufFixture({ name = 'Browser Llama', blocks = 2, hidden = 512, heads = 8, kvHeads = 4, ffn = 1024,
                              vocab = 6000, mixed = true } = {}) {
  const parts = [];
  const u32 = (v) => { const b = Buffer.alloc(4); b.writeUInt32LE(v); parts.push(b); };
  const u64 = (v) => { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt(v)); parts.push(b); };
  const str = (s) => { const b = Buffer.from(s, 'utf8'); u64(b.length); parts.push(b); };
  const tokens = Array.from({ length: vocab }, (_, i) => `token_${i}`);
  const kvs = [
    ['general.architecture', 8, 'llama'], ['general.name', 8, name], ['general.file_type', 4, 15],
    ['llama.block_count', 4, blocks], ['llama.context_length', 4, 8192], ['llama.embedding_length', 4, hidden],
    ['llama.feed_forward_length', 4, ffn], ['llama.attention.head_count', 4, heads],
    ['llama.attention.head_count_kv', 4, kvHeads],
  ];
  const kvDim = hidden / heads * kvHeads;
  const t = (type) => (mixed ? type : 'Q4_K');
  const tensors = [['token_embd.weight', [hidden, vocab], 'Q4_K']];
  for (let b = 0; b < blocks; b++) {
    tensors.push([`blk.${b}.attn_norm.weight`, [hidden], 'F32'], [`blk.${b}.attn_q.weight`, [hidden, hidden], 'Q4_K'],
      [`blk.${b}.attn_k.weight`, [hidden, kvDim], 'Q4_K'], [`blk.${b}.attn_v.weight`, [hidden, kvDim], t('Q6_K')],
      [`blk.${b}.attn_output.weight`, [hidden, hidden], t('Q8_0')], [`blk.${b}.ffn_norm.weight`, [hidden], 'F32'],
      [`blk.${b}.ffn_gate.weight`, [hidden, ffn], 'Q4_K'], [`blk.${b}.ffn_up.weight`, [hidden, ffn], t('F16')],
      [`blk.${b}.ffn_down.weight`, [ffn, hidden], t('Q6_K')]);
  }
  tensors.push(['output_norm.weight', [hidden], 'F32'], ['output.weight', [hidden, vocab], t('Q6_K')]);
  parts.push(Buffer.from('GGUF'));
  u32(3); u64(tensors.length); u64(kvs.length + 1);
  for (const [key, type, value] of kvs) { str(key); u32(type); if (type === 8) str(value); else u32(value); }
  str('tokenizer.ggml.tokens'); u32(9); u32(8); u64(tokens.length); tokens.forEach(str);
  let offset = 0;
  const expected = [];
  for (const [tensorName, shape, type] of tensors) {
    const [id, block, bytesPerBlock] = TYPES[type];
    const bytes = shape.reduce((a, b) => a * b, 1) / block * bytesPerBlock;
    str(tensorName); u32(shape.length); shape.forEach(u64); u32(id); u64(offset);
    expected.push({ name: tensorName, shape, type, offset, bytes });
    offset += Math.ceil(bytes / 32) * 32;
  }
  const header = Buffer.concat(parts);
  const dataOffset = Math.ceil(header.length / 32) * 32;
  return { header, dataOffset, dataBytes: offset, expected, tensorBytes: expected.reduce((a, x) => a + x.bytes, 0) };
}

// Drops the fixture on the page's canvas as a file called `name` (header, zeros to the data offset, zero tensor data;
// built in the page, so nothing large crosses the protocol) and waits up to 5 s for the model files panel to
// summarise it. Returns that summary ({} when none came).
export async function dropGgufOnCanvas(page, fixture, name) {
  return page.evaluate(async ({ header, dataOffset, dataBytes, name }) => {
    const head = Uint8Array.from(atob(header), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([head, new Uint8Array(dataOffset - head.length), new Uint8Array(dataBytes)], name));
    const canvas = document.getElementById('canvas');
    for (const type of ['dragenter', 'dragover', 'drop']) {
      canvas.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
    }
    const t0 = performance.now();
    let summary = {};
    while (!summary.format && performance.now() - t0 < 5000) {
      await new Promise((r) => setTimeout(r, 50));
      summary = window.infersizer._debug.modelFileSummary();
    }
    return summary;
  }, { header: fixture.header.toString('base64'), dataOffset: fixture.dataOffset, dataBytes: fixture.dataBytes, name });
}
