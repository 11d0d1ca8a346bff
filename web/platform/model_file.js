// model_file.js — "open model file" (pre-js, after bridge.js): GGUF / safetensors shards, a
// model.safetensors.index.json or a config.json, from the model panel's button (a file picker) or dropped on the
// page. Only the header is read: File.slice() in growing slices, appended, until the core's reader
// (src/core/model_file.hpp, through main.cpp's is_model_file_* exports) says the header is whole; a 40 GB file
// costs its header's bytes. Nothing is uploaded or stored.
//
// A drop is told apart by content, not by name: a model file (GGUF magic, safetensors length + '{', JSON with
// weight_map / model_type / architectures) is read here; anything else goes on to the catalog drop (bridge.js),
// re-dispatched as the same drop.
//
// API (docs/contract.md "Embed API"): infersizer.openModelFiles(files) → Promise of the summary (the inspect
// JSON + files, used) or a rejection naming the file and offset; infersizer.useModelFile() → true when the
// scenario now uses the model (exact weights). Test hooks: infersizer._debug.modelFileBytesRead(), .modelFileSummary(),
// .modelFileTensors().
(function () {
  'use strict';
  if (typeof window === 'undefined') return;

  const FIRST_SLICE = 64 * 1024;        // most headers but a big tokenizer's fit in this
  const MAX_JSON_BYTES = 64 * 1024 * 1024;
  const INPUT_ID = 'is-model-file';
  let bytesRead = 0;                    // every byte taken from a File since the page loaded
  let passOn = false;                   // a re-dispatched drop for the catalog: let it through

  function exportsReady() { return typeof Module !== 'undefined' && Module['_is_model_file_offer']; }

  // bridge.js's call: strings through _malloc, the answer a JSON text main.cpp keeps until its next call.
  function callJson(name, args) { return JSON.parse(Module.isBridge.callString(name, args) || '{}'); }

  // The bytes go into the wasm heap for one call; the header only, never the file.
  function offer(file, bytes) {
    const ptr = Module['_malloc'](Math.max(1, bytes.length));
    try {
      HEAPU8.set(bytes, ptr);
      return callJson('is_model_file_offer', [file.name, ptr, bytes.length, file.size]);
    } finally {
      Module['_free'](ptr);
    }
  }

  function readSlice(file, from, to) {
    return file.slice(from, to).arrayBuffer().then((buf) => {
      bytesRead += buf.byteLength;
      return new Uint8Array(buf);
    });
  }

  // Grows the prefix of `file` (appending only the new part) until the core has its header.
  function readHeader(file) {
    let have = new Uint8Array(0);
    const step = (want) => readSlice(file, have.length, Math.min(file.size, want)).then((more) => {
      const next = new Uint8Array(have.length + more.length);
      next.set(have, 0);
      next.set(more, have.length);
      have = next;
      const r = offer(file, have);
      if (r.status === 'need_more' && have.length < file.size) {
        return step(Math.max(r.need_bytes, have.length * 2));
      }
      if (r.status === 'error') throw new InferSizerModelFileError(r.error);
      if (r.status === 'need_more') throw new InferSizerModelFileError(file.name + ': the file ends inside its header');
      return r;
    });
    return step(FIRST_SLICE);
  }

  class InferSizerModelFileError extends Error {
    constructor(message) {
      super(message);
      this.name = 'InferSizerError';
    }
  }

  function openModelFiles(files) {
    if (!exportsReady()) return Promise.reject(new InferSizerModelFileError('model file: the page is not ready'));
    const list = Array.from(files || []);
    callJson('is_model_file_begin', []);
    let chain = Promise.resolve();
    list.forEach((file) => { chain = chain.then(() => readHeader(file)); });
    return chain.then(() => {
      const summary = callJson('is_model_file_summary', []);
      if (summary.error) throw new InferSizerModelFileError(summary.error);
      return summary;
    }, (err) => { callJson('is_model_file_summary', []); throw err; });
  }

  // ---------------------------------------------------------------------------------- [by content]
  // 'model' for a GGUF / safetensors header or a config / index JSON, 'other' for anything else (a catalog).
  function kindOf(file) {
    return readSlice(file, 0, Math.min(file.size, 16)).then((b) => {
      if (b.length >= 4 && b[0] === 0x47 && b[1] === 0x47 && b[2] === 0x55 && b[3] === 0x46) return 'model';
      if (b.length >= 9 && !b[4] && !b[5] && !b[6] && !b[7] && b[8] === 0x7b) return 'model';
      if (file.size > MAX_JSON_BYTES) return 'other';
      return file.text().then((text) => {
        bytesRead += file.size;
        let doc = null;
        try { doc = JSON.parse(text); } catch (e) { return 'other'; }
        const isModel = doc && typeof doc === 'object' && !Array.isArray(doc) &&
          ('weight_map' in doc || 'model_type' in doc || 'architectures' in doc);
        return isModel ? 'model' : 'other';
      });
    });
  }

  function report(promise) {
    promise.catch((err) => console.warn('InferSizer: ' + (err && err.message ? err.message : err)));
  }

  function watchDrops() {
    // Capture phase, ahead of the catalog's listener (bridge.js): the drop is held until its content is known.
    window.addEventListener('drop', (event) => {
      if (passOn || !event.dataTransfer || !event.dataTransfer.files || !event.dataTransfer.files.length) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const files = Array.from(event.dataTransfer.files);
      report(Promise.all(files.map(kindOf)).then((kinds) => {
        const models = files.filter((f, i) => kinds[i] === 'model');
        if (models.length) return openModelFiles(models);
        const dt = new DataTransfer();
        files.forEach((f) => dt.items.add(f));
        passOn = true;
        try { window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, cancelable: true })); } finally { passOn = false; }
        return null;
      }));
    }, true);
  }

  function pickerInput() {
    let input = document.getElementById(INPUT_ID);
    if (!input) {
      input = document.createElement('input');
      input.type = 'file';
      input.id = INPUT_ID;
      input.multiple = true;
      input.accept = '.gguf,.safetensors,.json';
      input.hidden = true;
      input.addEventListener('change', () => {
        const files = Array.from(input.files || []);
        input.value = '';
        if (files.length) report(openModelFiles(files));
      });
      document.body.appendChild(input);
    }
    return input;
  }

  // The panel's button: main.cpp calls this after the frame that pressed it (as the catalog's picker), while the
  // click is still the user's gesture.
  if (typeof Module !== 'undefined') Module.isModelFile = { openPicker() { pickerInput().click(); } };

  function install() {
    const api = window.infersizer;
    if (!api) return false;
    api.openModelFiles = openModelFiles;
    api.useModelFile = () => (exportsReady() ? Module['_is_model_file_use']() === 1 : false);
    api._debug = api._debug || {};
    api._debug.modelFileBytesRead = () => bytesRead;
    api._debug.modelFileSummary = () => (exportsReady() ? callJson('is_model_file_summary', []) : {});
    api._debug.modelFileTensors = () => (exportsReady() ? callJson('is_model_file_tensors', []) : []);
    return true;
  }

  watchDrops();
  const wait = () => {
    if (document.body) pickerInput();
    if (!install()) setTimeout(wait, 50);
  };
  wait();
})();
