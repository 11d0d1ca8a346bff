// bridge.js — the JS half of the page's platform layer, linked with --pre-js so it shares the Emscripten
// module's scope (Module, UTF8ToString, _malloc …). main.cpp is the C half.
//
// It loads the catalog (fetched from data/*.json, or inlined in the offline file), starts the app when both
// the catalog and the GL context are there, shows loading and error states in the DOM, keeps the canvas in
// step with resizes and devicePixelRatio, mirrors the scenario into the URL, and exposes
// window.infersizer, the host API (README, "Embedding"):
//
//   version                 the InferSizer version string
//   ready                   Promise, resolved after the first frames are drawn (rejected if loading failed)
//   setScenario(obj|json)   applies a scenario; throws an InferSizerError naming the field if it is invalid
//   getResult(lang?)        the contract's result object ("zh" | "en"; default: the page's language)
//   getReport(kind, lang?)  the result as a report: 'markdown' | 'csv' | 'json' (| 'text'), the core's own text;
//                           an unknown kind throws an InferSizerError naming `kind`
//   getScenario()           the current scenario object
//   onResult(cb)            cb(result) after every change; returns a function that unsubscribes
//   setLang(l) / lang       the page's language, "zh" | "en"
//   frameCount              ImGui frames drawn so far (an idle page draws none)
//   urlErrors               the start URL's invalid parameters, one line each (the page shows them too)
//   error                   the load failure shown in the page, or null
//   loadCatalog(obj|json)   merges your own catalog over the page's; a Promise of what it added and replaced, or
//                           rejected with an InferSizerError whose .errors lists each error with its JSON path
//   theme / setTheme(t)     the colours drawn, "light" | "dark"; setTheme("light" | "dark" | "system")
//
// Index: [text] [dom] [language] [errors] [catalog] [strings] [start] [api] [url] [events] [geometry] [input]
//        [clipboard] [export] [text-view] [theme] [own catalog]
(function () {
  'use strict';

  // ---------------------------------------------------------------------------------------------- [text]
  const CATALOG_FILES = ['models', 'hardware', 'formats', 'engines', 'prices'];
  const URL_WRITE_DELAY_MS = 250;  // at most ~4 replaceState calls a second while a slider is dragged
  const TEXT = {
    en: {
      failed: 'InferSizer could not start',
      catalog: (file, why) => `Could not load the catalog file ${file}: ${why}.`,
      fileUrl: 'Pages opened from a file cannot fetch data/*.json; serve the folder over HTTP, or open infersizer-offline.html.',
      wasm: (file, why) => `Could not load the WebAssembly module${file ? ' ' + file : ''}: ${why}.`,
      crashed: (why) => `The calculator stopped with an internal error: ${why}.`,
      webgl: 'This browser could not create a WebGL2 context, which the calculator needs to draw.',
      start: 'The calculator failed to start with this catalog.',
      script: (src) => `Could not load ${src}.`,
      reload: 'Reload the page to try again.',
    },
    zh: {
      failed: '推理算力估算器无法启动',
      catalog: (file, why) => `无法加载目录文件 ${file}：${why}。`,
      fileUrl: '以本地文件打开的页面无法读取 data/*.json；请通过 HTTP 提供该文件夹，或打开 infersizer-offline.html。',
      wasm: (file, why) => `无法加载 WebAssembly 模块${file ? ' ' + file : ''}：${why}。`,
      crashed: (why) => `计算器因内部错误停止：${why}。`,
      webgl: '此浏览器无法创建 WebGL2 上下文，而计算器需要它来绘制界面。',
      start: '计算器无法以此目录启动。',
      script: (src) => `无法加载 ${src}。`,
      reload: '请刷新页面重试。',
    },
  };

  // ----------------------------------------------------------------------------------------------- [dom]
  // shell.html provides #canvas, #is-loading and #is-error; an embedding page may omit the last two.
  const canvas = document.getElementById('canvas');
  Module.canvas = canvas;
  // No browser menu over the canvas (ImGui has its own); a listener, not an inline handler, for the CSP.
  canvas.addEventListener('contextmenu', (event) => event.preventDefault());
  Module.print = (line) => console.log(line);
  // Emscripten reports recoverable trouble here (e.g. a server sending wasm without its MIME type, after
  // which it falls back to a slower path); real failures arrive through onAbort below.
  Module.printErr = (line) => console.warn(line);

  function element(id) { return document.getElementById(id); }

  function hideLoading() {
    const loading = element('is-loading');
    if (loading) loading.hidden = true;
  }

  // ------------------------------------------------------------------------------------------ [language]
  // `?lang=` (or `#lang=`) wins; otherwise the first of zh / en in the browser's preference list.
  function urlLang() {
    for (const part of [location.search, location.hash]) {
      const value = new URLSearchParams(part.replace(/^[?#]/, '')).get('lang');
      if (value === 'zh' || value === 'en') return value;
    }
    return '';
  }

  function browserLang() {
    const prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ''];
    for (const tag of prefs) {
      const t = String(tag).toLowerCase();
      if (t === 'zh' || t.startsWith('zh-')) return 'zh';
      if (t === 'en' || t.startsWith('en-')) return 'en';
    }
    return 'en';
  }

  const langInUrl = urlLang();
  let startLang = langInUrl || browserLang();
  document.documentElement.lang = startLang === 'zh' ? 'zh-CN' : 'en';

  // -------------------------------------------------------------------------------------------- [errors]
  let resolveReady, rejectReady;
  const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
  ready.catch(() => {});  // the DOM shows the failure; hosts that await `ready` still see the rejection
  let failed = false;
  let started = false;  // the app exists: the API works

  function showError(detail) {
    if (failed) return;
    failed = true;
    api.error = detail;
    const t = TEXT[startLang];
    hideLoading();
    let box = element('is-error');
    if (!box) {
      box = document.createElement('div');
      box.id = 'is-error';
      box.setAttribute('role', 'alert');
      document.body.appendChild(box);
    }
    box.textContent = '';
    const title = document.createElement('h1');
    title.textContent = t.failed;
    const body = document.createElement('p');
    body.textContent = detail;
    const hint = document.createElement('p');
    hint.textContent = t.reload;
    box.append(title, body, hint);
    box.hidden = false;
    console.error('InferSizer: ' + detail);
    rejectReady(new Error(detail));
  }

  // Before start an abort means the module did not load; after, a bug (the core returns errors as values).
  // wasmBinaryFile is the runtime's name for the wasm URL (a data: URI in the single-file build).
  function wasmFileName() {
    return typeof wasmBinaryFile === 'string' && !wasmBinaryFile.startsWith('data:') ? wasmBinaryFile : '';
  }
  Module.onAbort = (what) => showError(started ? TEXT[startLang].crashed(String(what))
                                               : TEXT[startLang].wasm(wasmFileName(), String(what)));

  // ------------------------------------------------------------------------------------------- [catalog]
  // The offline file carries the five texts in <script type="application/json" id="infersizer-catalog">
  // (scripts/bundle_offline.mjs); the hosted page fetches them next to index.html, in parallel with the
  // wasm download.
  function inlineCatalog() {
    const el = element('infersizer-catalog');
    return el ? JSON.parse(el.textContent) : null;
  }

  function fetchCatalogFile(name) {
    const url = `data/${name}.json`;
    const t = TEXT[startLang];
    const fail = (why) => {
      const extra = location.protocol === 'file:' ? ' ' + t.fileUrl : '';
      throw new Error(t.catalog(url, why) + extra);
    };
    return fetch(url, { credentials: 'same-origin' }).then(
      (res) => (res.ok ? res.text() : fail(`HTTP ${res.status} ${res.statusText}`.trim())),
      (err) => fail(String(err && err.message ? err.message : err)));
  }

  function loadCatalog() {
    const inline = inlineCatalog();
    if (inline) {
      mark('catalog');
      return Promise.resolve(inline);
    }
    return Promise.all(CATALOG_FILES.map(fetchCatalogFile)).then((texts) => {
      mark('catalog');
      const catalog = {};
      CATALOG_FILES.forEach((name, i) => { catalog[name] = texts[i]; });
      return catalog;
    });
  }

  // ---------------------------------------------------------------------------------------------- [font]
  // The common-CJK font cut (web/app/fonts.hpp) is fetched only when the page shows a character its small
  // cut lacks (a typed hardware name). The offline file does not carry it (docs/size.md) unless built with
  // INFERSIZER_OFFLINE_COMMON_FONT=ON: then it is gzip-packed in <script id="infersizer-font-common">.
  const COMMON_FONT_FILE = 'infersizer-cjk-common.ttf';

  function commonFontBytes() {
    const el = element('infersizer-font-common');
    if (el) {
      const bin = atob(el.textContent.trim());
      const bytes = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; ++i) bytes[i] = bin.charCodeAt(i);
      if (el.type !== 'application/gzip-base64') return Promise.resolve(bytes);
      // The offline file packs it gzip-compressed (scripts/bundle_offline.mjs): unpacked only now, when needed.
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
      return new Response(stream).arrayBuffer().then((buf) => new Uint8Array(buf));
    }
    // The offline file without the font (its budget, docs/size.md) has nowhere to fetch it from.
    if (element('infersizer-catalog')) return Promise.reject(new Error('the offline file does not carry it'));
    return fetch(COMMON_FONT_FILE, { credentials: 'same-origin' })
      .then((res) => (res.ok ? res.arrayBuffer() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((buf) => new Uint8Array(buf));
  }

  function loadCommonFont() {
    commonFontBytes().then((bytes) => {
      const ptr = Module['_malloc'](bytes.length);
      HEAPU8.set(bytes, ptr);
      try { Module['_is_provide_common_font'](ptr, bytes.length); } finally { Module['_free'](ptr); }
    }, (err) => {
      // The page keeps working; the few characters show as '?' (and _debug.missingGlyphs lists them).
      console.warn(`InferSizer: could not load ${COMMON_FONT_FILE}: ${err && err.message ? err.message : err}`);
    });
  }

  // Start-up phases as performance marks (infersizer:catalog, :runtime, :start, :started, :ready) for
  // bench/page_bench.mjs, which reports where the time to the first answer goes; marks cost nothing the page would
  // notice.
  function mark(name) {
    try { performance.mark(`infersizer:${name}`); } catch (err) { /* no User Timing: nothing to report */ }
  }

  let runtimeUp = false;  // main() has run: exports may be called
  let platformReadyResolve;
  const platformReady = new Promise((resolve) => { platformReadyResolve = resolve; });

  // ------------------------------------------------------------------------------------------- [strings]
  // Strings go in through _malloc (catalog files are too big for ccall's stack copies) and come back as
  // pointers to a buffer main.cpp keeps until its next call. The browser's own TextEncoder writes the UTF-8: the
  // runtime's JS loop took about 70 ms of a profiled start-up for the five catalog files (a lone surrogate becomes U+FFFD
  // instead of bytes that are not UTF-8).
  const utf8 = new TextEncoder();
  function call(name, args) {
    const fn = Module['_' + name];
    const ptrs = [];
    try {
      const values = args.map((a) => {
        if (typeof a !== 'string') return a;
        const bytes = utf8.encode(a);
        const ptr = Module['_malloc'](bytes.length + 1);
        HEAPU8.set(bytes, ptr);  // HEAPU8 after the malloc: a grown memory has a new buffer
        HEAPU8[ptr + bytes.length] = 0;
        ptrs.push(ptr);
        return ptr;
      });
      return fn.apply(null, values);
    } finally {
      ptrs.forEach((p) => Module['_free'](p));
    }
  }

  function callString(name, args) { return UTF8ToString(call(name, args || [])); }

  // --------------------------------------------------------------------------------------------- [start]
  let stateInHash = false;
  let themeReported = false;  // main.cpp reported the theme at least once ([theme])

  // embed.js's keys (embed=1, origin=…) say how the page is shown, not what it sizes: they stay out of the
  // core's query (which would refuse them) and stay in the URL the page writes.
  const PAGE_KEYS = ['embed', 'origin'];
  const isPageKey = (part) => {
    try { return PAGE_KEYS.includes(decodeURIComponent(part.split('=')[0])); } catch (err) { return false; }  // bad %: the core names it
  };
  const withoutPageKeys = (query) => query.split('&').filter((part) => part && !isPageKey(part)).join('&');
  const startPageParams = new URLSearchParams(location.search + '&' + location.hash.replace(/^#/, ''));

  // The scenario may come in the query or, for hosts that own the query, in the hash.
  function startQuery() {
    const search = withoutPageKeys(location.search.replace(/^\?/, ''));
    const hash = withoutPageKeys(location.hash.replace(/^#/, ''));
    stateInHash = !search && hash.includes('=');
    return [search, hash.includes('=') ? hash : ''].filter(Boolean).join('&');
  }

  function start(catalog) {
    if (failed) return;
    const args = CATALOG_FILES.map((name) => String(catalog[name] ?? ''));
    mark('start');
    const ok = call('is_start', [...args, startLang, '']);
    mark('started');
    if (!ok) { showError(TEXT[startLang].start); return; }
    started = true;
    applyStartQuery(startQuery());
    followSystemTheme();
    watchGeometry();
    watchCanvasKeys();
    scheduleTextView();
    watchCatalogDrops();
    if (Module.isEmbed) Module.isEmbed.start();  // embed.js: page flags, and the postMessage protocol in an iframe
  }

  // The link's state, after the app exists: a link whose parsing throws (guard.js) is listed among the URL
  // errors and the page starts with its defaults, instead of a page whose API is never ready.
  function applyStartQuery(query) {
    if (!query) return;
    const { thrown } = Module.isGuard.guardedCall(() => call('is_apply_query', [query]));
    if (thrown === undefined) return;
    console.error(thrown);
    call('is_add_url_error', [`the link could not be read (${Module.isGuard.describeThrown(thrown)}); the page started with its defaults`]);
  }

  Module.isBridge = {
    // For the other pre-js files (embed.js, model_file.js): one way into wasm, one way to save a file.
    callString(name, args) { return callString(name, args); },
    offerDownload(filename, blob) { offerDownload(filename, blob); },
    platformReady(ok) {
      mark('runtime');
      runtimeUp = true;
      if (ok) platformReadyResolve();
      else showError(TEXT[startLang].webgl);
    },
    firstFrames() {
      mark('ready');
      hideLoading();
      resolveReady(api);
    },
    resultChanged() { scheduleResultEvents(); scheduleTextView(); },
    langChanged(lang) {
      document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
      scheduleUrlWrite();
      scheduleTextView();
    },
    copyText(text, fromApp) { copyToClipboard(text, fromApp); },
    download(filename, mime, text) { offerDownload(filename, new Blob([text], { type: mime })); },
    savePng() { savePageAsPng(); },
    themeChanged(theme) {
      document.documentElement.dataset.theme = theme;  // shell.html's DOM states follow the page's colours
      // The first report is the start-up theme: the URL is left as the visitor's link had it.
      if (themeReported) scheduleUrlWrite();
      themeReported = true;
    },
    openCatalogPicker() { catalogInput().click(); },
    wantCommonFont() { loadCommonFont(); },
  };

  // main() waits for the catalog (a run dependency, added in preRun: the runtime resets its count after this file
  // runs). Started the other way round, the catalog's responses, held back by the long task that instantiates the
  // wasm and runs main(), were read only after the browser's next frame (about 100 ms under SwiftShader); now main()
  // runs once both are in, and is_start follows it in the same task.
  const catalogLoaded = Promise.resolve().then(loadCatalog);
  Module['preRun'] = [].concat(Module['preRun'] || [], () => {
    addRunDependency('infersizer-catalog');
    const go = () => removeRunDependency('infersizer-catalog');
    catalogLoaded.then(go, go);  // a failed catalog is shown below; main() still runs
  });
  Promise.all([catalogLoaded, platformReady]).then(([catalog]) => start(catalog), (err) => showError(err.message));

  // ----------------------------------------------------------------------------------------------- [api]
  class InferSizerError extends Error {
    constructor(message, errors) {
      super(message);
      this.name = 'InferSizerError';
      if (errors) this.errors = errors;  // loadCatalog: [{id, path, message, text}], one per error
    }
  }

  function requireStarted() {
    if (!started) throw new Error('InferSizer is not ready yet: await window.infersizer.ready');
  }

  function checkLang(lang) {
    if (lang !== 'zh' && lang !== 'en') throw new InferSizerError(`lang: must be "zh" or "en", got ${JSON.stringify(lang)}`);
  }

  function parseOrNull(text) { return text ? JSON.parse(text) : null; }

  const listeners = new Set();

  const api = {
    get version() { return runtimeUp ? callString('is_version') : ''; },
    ready,
    error: null,
    setScenario(scenario) {
      requireStarted();
      const { json, error: refused } = Module.isGuard.scenarioJson(scenario);  // NaN, BigInt, cycles … (guard.js)
      if (refused) throw new InferSizerError(refused);
      const { value: error, thrown } = Module.isGuard.guardedCall(() => callString('is_set_scenario', [json]));
      if (thrown !== undefined) throw new InferSizerError(`error: scenario: could not be read (${Module.isGuard.describeThrown(thrown)})`);
      if (error) throw new InferSizerError(error);
    },
    getResult(lang) {
      requireStarted();
      if (lang !== undefined) checkLang(lang);
      return parseOrNull(callString('is_get_result', [lang || '']));
    },
    getReport(kind, lang) {
      requireStarted();
      if (lang !== undefined) checkLang(lang);
      const answer = JSON.parse(callString('is_get_report', [String(kind), lang || '']));
      if (answer.error !== undefined) throw new InferSizerError(answer.error);
      return answer.report;
    },
    getScenario() {
      requireStarted();
      return parseOrNull(callString('is_get_scenario'));
    },
    onResult(callback) {
      if (typeof callback !== 'function') throw new TypeError('onResult: expected a function');
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
    setLang(lang) {
      requireStarted();
      checkLang(lang);
      call('is_set_lang', [lang]);  // main.cpp reports the change back (langChanged)
    },
    get lang() { return started ? callString('is_lang') : startLang; },
    get frameCount() { return started ? call('is_frames_drawn', []) >>> 0 : 0; },
    get catalogSummary() { return started ? callString('is_catalog_summary') : ''; },
    loadCatalog(catalog) {
      return Promise.resolve().then(() => {
        requireStarted();
        const json = typeof catalog === 'string' ? catalog : JSON.stringify(catalog);
        if (typeof json !== 'string') throw new InferSizerError('catalog: expected an object or a JSON string');
        return loadCatalogText(json, '');
      });
    },
    get theme() { return started ? callString('is_theme') : systemTheme(); },
    setTheme(theme) {
      requireStarted();
      if (!call('is_set_theme', [String(theme)])) {
        throw new InferSizerError(`theme: must be "light", "dark" or "system", got ${JSON.stringify(theme)}`);
      }
    },
    // The parameters of the start URL the page refused, one line each naming its key (the page shows
    // them too, until dismissed).
    get urlErrors() { return started ? callString('is_url_errors').split('\n').filter(Boolean) : []; },
    // For tests of the platform layer, not a stable API.
    _debug: {
      imguiMouse() { return started ? callString('is_debug_mouse').split(' ').map(Number) : null; },
      // [font size in CSS px, atlas size in device px, ImGui's display width, height in CSS px]: the size
      // chosen from the window (font_size.hpp) and the size the layout used.
      fontPx() { return started ? callString('is_debug_font').split(' ').map(Number) : null; },
      // The text of the figure explanation open in the last frame (title = value, formula, inputs, why wide); '' when none.
      openTooltip() { return started ? callString('is_debug_tooltip') : ''; },
      // Where an explained figure was last drawn, [x0, y0, x1, y1] in CSS px ('performance.ttft_s'); null before drawn.
      figureBox(key) {
        const box = started ? callString('is_debug_figure_box', [key]) : '';
        return box ? box.split(' ').map(Number) : null;
      },
      // Characters shown that the font atlas cannot draw right now ('?' on screen); '' when none.
      missingGlyphs() { return started ? callString('is_missing_glyphs') : ''; },
      // A searchable picker's closed box, [x0, y0, x1, y1] in CSS px ('##model', '##hardware'); null before drawn.
      pickerBox(id) {
        const box = started ? callString('is_debug_picker_box', [id]) : '';
        return box ? box.split(' ').map(Number) : null;
      },
      // An export menu item's box, [x0, y0, x1, y1] in CSS px ('##export', '##export_markdown', '##export_csv',
      // '##export_json', '##export_png', '##export_copy_markdown'); null before drawn.
      exportBox(id) {
        const box = started ? callString('is_debug_export_box', [id]) : '';
        return box ? box.split(' ').map(Number) : null;
      },
      // Every chart drawn in the last frame: { id: [x0, y0, x1, y1] } in CSS px ({} before the charts are drawn).
      chartBoxes() {
        const out = {};
        const text = started ? callString('is_debug_chart_boxes') : '';
        for (const line of text.split('\n').filter(Boolean)) {
          const [id, ...box] = line.split(' ');
          out[id] = box.map(Number);
        }
        return out;
      },
      // A header control's box, [x0, y0, x1, y1] in CSS px ('theme_light', 'theme_dark', 'load_catalog', 'lang_zh',
      // 'lang_en', 'copy_link', 'embed_this', and 'toast' while "已复制" / "Copied" shows; the embed's 'open_full_page'
      // and 'embed_inputs'; the speed panel's 'target_volume', the day's-requests word); null when not drawn.
      itemBox(name) {
        const box = started ? callString('is_debug_item_box', [name]) : '';
        return box ? box.split(' ').map(Number) : null;
      },
    },
  };
  window.infersizer = api;

  // ----------------------------------------------------------------------------------------------- [url]
  // The scenario lives in the URL (app_query → the core's scenario_to_query), written with replaceState
  // so the back button is not flooded. `lang` stays in the URL only if the visitor's link had it.
  let urlTimer = 0;

  function scheduleUrlWrite() {
    if (urlTimer) return;
    urlTimer = setTimeout(() => { urlTimer = 0; writeUrl(); }, URL_WRITE_DELAY_MS);
  }

  function writeUrl() {
    if (!started) return;
    const params = new URLSearchParams(callString('is_query').replace(/^[?#]/, ''));
    if (langInUrl && !params.has('lang')) params.set('lang', api.lang);
    for (const key of PAGE_KEYS) if (startPageParams.has(key)) params.set(key, startPageParams.get(key));
    const query = params.toString();
    const url = stateInHash
      ? location.pathname + location.search + (query ? '#' + query : '')
      : location.pathname + (query ? '?' + query : '') + location.hash;
    if (url === location.pathname + location.search + location.hash) return;
    try {
      history.replaceState(history.state, '', url);
    } catch (err) {
      // Some browsers refuse replaceState on file:// pages; the page works without URL state.
      console.warn('InferSizer: cannot update the URL: ' + err.message);
    }
  }

  // -------------------------------------------------------------------------------------------- [events]
  let resultEventsQueued = false;

  function scheduleResultEvents() {
    scheduleUrlWrite();
    if (resultEventsQueued || listeners.size === 0) return;
    resultEventsQueued = true;
    queueMicrotask(() => {
      resultEventsQueued = false;
      if (listeners.size === 0) return;
      const result = api.getResult();
      for (const cb of Array.from(listeners)) {
        try { cb(result); } catch (err) { console.error(err); }
      }
    });
  }

  // ------------------------------------------------------------------------------------------ [geometry]
  function geometryChanged() { if (started) Module['_is_geometry_changed'](); }

  // devicePixelRatio changes (zoom, another monitor) fire no resize event everywhere: watch a media
  // query for the current ratio and re-arm it after each change.
  function watchDevicePixelRatio() {
    const query = matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
    query.addEventListener('change', () => { geometryChanged(); watchDevicePixelRatio(); }, { once: true });
  }

  function watchGeometry() {
    window.addEventListener('resize', geometryChanged);
    if (typeof ResizeObserver === 'function') new ResizeObserver(geometryChanged).observe(canvas);
    watchDevicePixelRatio();
    document.addEventListener('visibilitychange', () => { if (started) Module['_is_wake'](); });
  }

  // --------------------------------------------------------------------------------------------- [input]
  // Emscripten 3.1.6's GLFW gets two things wrong for ImGui, so these events are taken in the capture
  // phase on window, before GLFW's listeners on the canvas, and not passed on:
  // - wheel: it hands the scroll callback the DOM's raw deltas (100 px per notch, page-down positive),
  //   where ImGui wants notches with up positive. We send notches (is_scroll).
  // - touch: it never moves its cursor for touches, so a tap would press wherever the mouse last was.
  //   We turn touches into mouse events: a tap clicks, touch-and-hold then move drags (sliders),
  //   a swipe scrolls the panel under the finger.
  // - and a mouse button released outside the canvas (below).
  const WHEEL_UNIT = { 0: 100, 1: 3, 2: 1 };  // DOM deltaMode pixel / line / page → one notch
  const TOUCH_SLOP_PX = 8;                     // finger jitter that still counts as a tap
  const TOUCH_HOLD_MS = 300;                   // hold this long without moving to start a drag
  // ImGui 1.86 scrolls about 5 lines (5 × font size) per notch: finger px per notch, so content follows.
  const TOUCH_PX_PER_NOTCH = 80;

  function onWheel(event) {
    if (!started || event.target !== canvas) return;
    event.preventDefault();
    event.stopPropagation();
    if (event.type !== 'wheel') return;  // legacy 'mousewheel' duplicates
    const unit = WHEEL_UNIT[event.deltaMode] || 100;
    Module['_is_scroll'](-event.deltaX / unit, -event.deltaY / unit);
  }

  let touch = null;  // { id, x0, y0, x, y, mode: 'pending' | 'drag' | 'scroll', timer }

  function sendMouse(type, x, y) {
    canvas.dispatchEvent(new MouseEvent(type, {
      clientX: x, clientY: y, button: 0, buttons: type === 'mouseup' ? 0 : 1, bubbles: true, cancelable: true, view: window,
    }));
  }

  function findTouch(event) {
    if (!touch) return null;
    for (const t of event.changedTouches) if (t.identifier === touch.id) return t;
    return null;
  }

  function onTouch(event) {
    if (!started || event.target !== canvas) return;
    event.preventDefault();
    event.stopPropagation();
    if (event.type === 'touchstart') {
      if (touch) return;  // a second finger: ignored
      const t = event.changedTouches[0];
      touch = { id: t.identifier, x0: t.clientX, y0: t.clientY, x: t.clientX, y: t.clientY, mode: 'pending' };
      sendMouse('mousemove', t.clientX, t.clientY);
      const mine = touch;
      touch.timer = setTimeout(() => {
        if (touch === mine && mine.mode === 'pending') { mine.mode = 'drag'; sendMouse('mousedown', mine.x, mine.y); }
      }, TOUCH_HOLD_MS);
      return;
    }
    const t = findTouch(event);
    if (!t) return;
    if (event.type === 'touchmove') {
      if (touch.mode === 'pending' && Math.hypot(t.clientX - touch.x0, t.clientY - touch.y0) > TOUCH_SLOP_PX) {
        touch.mode = 'scroll';
        clearTimeout(touch.timer);
      }
      if (touch.mode === 'drag') sendMouse('mousemove', t.clientX, t.clientY);
      if (touch.mode === 'scroll') {
        Module['_is_scroll']((t.clientX - touch.x) / TOUCH_PX_PER_NOTCH, (t.clientY - touch.y) / TOUCH_PX_PER_NOTCH);
      }
      touch.x = t.clientX;
      touch.y = t.clientY;
      return;
    }
    // touchend / touchcancel
    clearTimeout(touch.timer);
    if (touch.mode === 'pending' && event.type === 'touchend') {
      sendMouse('mousedown', touch.x, touch.y);
      sendMouse('mouseup', touch.x, touch.y);
    } else if (touch.mode === 'drag') {
      sendMouse('mouseup', touch.x, touch.y);
    }
    touch = null;
  }

  // A drag that leaves the canvas must still end there: GLFW listens for mouseup on the canvas only, so
  // a button released outside stayed pressed (and the loop kept drawing). Pointer capture sends it back.
  canvas.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse') canvas.setPointerCapture(event.pointerId);
  });

  const captureActive = { capture: true, passive: false };
  window.addEventListener('wheel', onWheel, captureActive);
  window.addEventListener('mousewheel', onWheel, captureActive);
  for (const type of ['touchstart', 'touchmove', 'touchend', 'touchcancel']) window.addEventListener(type, onTouch, captureActive);

  // ----------------------------------------------------------------------------------------- [clipboard]
  function legacyCopy(text) {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.cssText = 'position:fixed;left:-9999px;top:0;opacity:0';
    document.body.appendChild(area);
    area.select();
    try { document.execCommand('copy'); } catch (err) { /* nothing more to try */ }
    area.remove();
    canvas.focus({ preventScroll: true });
  }

  // A copy button asks for the page's own link as '?' + query (app.hpp); the page's address goes in
  // front here, so the link works wherever the page is hosted (for file:// pages, the file's URL).
  // "Embed this" asks for an <iframe src="?embed=1&amp;…"> snippet (embed.hpp): the address goes into its src,
  // with the characters that mean something in an HTML attribute escaped.
  function copyToClipboard(request, fromApp) {
    const page = location.href.split(/[?#]/)[0];
    const iframe = '<iframe src="?';
    let text = request;
    if (fromApp && request.startsWith('?')) text = page + request;
    else if (fromApp && request.startsWith(iframe)) {
      const attr = page.replace(/&/g, '&amp;').replace(/"/g, '%22').replace(/</g, '%3C').replace(/>/g, '%3E');
      text = '<iframe src="' + attr + request.slice(iframe.length - 1);
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).catch(() => legacyCopy(text));
    } else {
      legacyCopy(text);
    }
  }

  // ImGui reads the clipboard synchronously on Ctrl+V; a browser gives it only in a paste event, which
  // arrives after keydown and before the next frame.
  document.addEventListener('paste', (event) => {
    const text = event.clipboardData ? event.clipboardData.getData('text/plain') : '';
    if (started && text) call('is_set_paste_text', [text]);
  });

  // -------------------------------------------------------------------------------------------- [export]
  // The export menu's downloads (main.cpp hands over the core's report text) and the page as PNG.
  function offerDownload(filename, blob) {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60000);
  }

  // Called by main.cpp right after the frame without the menu was drawn, in the same task: the WebGL drawing
  // buffer still holds it (it is cleared once composited), and toBlob snapshots the canvas at the call.
  function savePageAsPng() {
    canvas.toBlob((blob) => {
      if (blob) offerDownload('infersizer.png', blob);
      else console.warn('InferSizer: the browser could not encode the canvas as PNG');
    }, 'image/png');
  }

  // ----------------------------------------------------------------------------------------- [text-view]
  // The results as real text in the DOM (#is-text-view in shell.html, below the canvas): headings, paragraphs,
  // tables with header cells, lists and commands, for selection, copying, screen readers and search engines.
  // The content is the core's report document (report_doc.hpp, the markdown report's source) in the page's
  // language; nothing is computed here. Built with createElement / textContent only: no markup is parsed.
  //
  // The section is a polite live region: it is rebuilt once the result settles (a dragged slider changes it every
  // frame) and only when its text changed, so a screen reader hears one update, not one per frame.
  const TEXT_VIEW_DELAY_MS = 200;
  let textViewTimer = 0;
  let textViewShown = '';

  function scheduleTextView() {
    // Later, never inside the call that reported the change: main.cpp's string buffer may still be in use.
    clearTimeout(textViewTimer);
    textViewTimer = setTimeout(() => { textViewTimer = 0; renderTextView(); }, TEXT_VIEW_DELAY_MS);
  }

  function textElement(tag, text) {
    const el = document.createElement(tag);
    el.textContent = text;
    return el;
  }

  function tableElement(block, caption) {
    const table = document.createElement('table');
    table.dataset.section = block.id;
    if (caption) table.append(textElement('caption', caption));
    const head = document.createElement('thead');
    const headRow = document.createElement('tr');
    for (const title of block.header) {
      const th = textElement('th', title);
      th.scope = 'col';
      headRow.append(th);
    }
    head.append(headRow);
    const body = document.createElement('tbody');
    for (const row of block.rows) {
      const tr = document.createElement('tr');
      row.forEach((text, i) => {
        // The first cell names the row (a figure, an option, a card): a row header for screen readers.
        const cell = textElement(i === 0 ? 'th' : 'td', text);
        if (i === 0) cell.scope = 'row';
        tr.append(cell);
      });
      body.append(tr);
    }
    table.append(head, body);
    return table;
  }

  function renderTextView() {
    const view = element('is-text-view');
    if (!view || !started) return;
    const text = callString('is_get_text_view');
    if (text === textViewShown) return;
    textViewShown = text;
    const doc = text ? JSON.parse(text) : null;
    const nodes = [];
    let caption = '';
    for (const block of doc ? doc.blocks : []) {
      if (block.kind === 'heading') {
        const h = textElement(block.level === 1 ? 'h2' : 'h3', block.text);  // under the section's own h1
        h.id = 'is-text-' + block.id;
        nodes.push(h);
        caption = block.text;
      } else if (block.kind === 'paragraph') {
        nodes.push(textElement('p', block.text));
      } else if (block.kind === 'table') {
        nodes.push(tableElement(block, caption));
      } else if (block.kind === 'list') {
        const list = document.createElement('ul');
        for (const item of block.items) list.append(textElement('li', item));
        nodes.push(list);
      } else if (block.kind === 'code') {
        const pre = document.createElement('pre');
        pre.append(textElement('code', block.text));
        nodes.push(pre);
      }
    }
    // The section's own title (shell.html) stays; the document goes into a body of its own.
    let body = view.querySelector('.is-text-body');
    if (!body) {
      body = document.createElement('div');
      body.className = 'is-text-body';
      view.append(body);
    }
    body.lang = doc && doc.lang === 'zh' ? 'zh-CN' : 'en';
    body.replaceChildren(...nodes);
  }

  // The page scrolls down to the text view, but keys typed into the canvas belong to ImGui: arrows, page keys
  // and the space bar must not scroll the page too. Only their default is cancelled (GLFW still sees them;
  // the space's character arrives in keypress, whose default is what scrolls).
  const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'PageUp', 'PageDown', 'Home', 'End']);

  function watchCanvasKeys() {
    canvas.addEventListener('keydown', (event) => { if (SCROLL_KEYS.has(event.key)) event.preventDefault(); });
    canvas.addEventListener('keypress', (event) => { if (event.key === ' ') event.preventDefault(); });
  }

  // --------------------------------------------------------------------------------------------- [theme]
  // The page follows the system's prefers-color-scheme, live, unless the header's toggle (or the link's theme=)
  // overrides it; main.cpp tells us what it draws (themeChanged), and <html data-theme> lets shell.html's DOM
  // states follow an override too.
  const darkQuery = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null;

  function systemTheme() { return darkQuery && darkQuery.matches ? 'dark' : 'light'; }

  // Before the app starts, the link's theme= already colours the loading state (the core reads it again at start).
  for (const part of [location.search, location.hash]) {
    const value = new URLSearchParams(part.replace(/^[?#]/, '')).get('theme');
    if (value === 'light' || value === 'dark') { document.documentElement.dataset.theme = value; break; }
  }

  function followSystemTheme() {
    call('is_set_system_theme', [systemTheme()]);
    if (darkQuery) darkQuery.addEventListener('change', () => call('is_set_system_theme', [systemTheme()]));
  }

  // ------------------------------------------------------------------------------------------ [own catalog]
  // Your own catalog (README, "Your own catalog"): a file from the header's button (a hidden file input) or dropped
  // on the page, or a document from loadCatalog(), goes to the core's merge over the page's catalog. The page lists
  // what happened (added and replaced ids, or each error with its JSON path); nothing is stored, a reload drops it.
  const CATALOG_INPUT_ID = 'is-catalog-file';

  function catalogInput() {
    let input = element(CATALOG_INPUT_ID);
    if (!input) {
      input = document.createElement('input');
      input.type = 'file';
      input.id = CATALOG_INPUT_ID;
      input.accept = '.json,application/json';
      input.hidden = true;
      document.body.appendChild(input);
    }
    if (!input.dataset.wired) {
      input.dataset.wired = '1';
      input.addEventListener('change', () => {
        const file = input.files && input.files[0];
        input.value = '';  // the same file again is a new change
        if (file) loadCatalogFile(file);
      });
    }
    return input;
  }

  // One file → the core; the page shows the outcome, so a refusal here is only logged for the console.
  function loadCatalogFile(file) {
    return file.text().then((text) => loadCatalogText(text, file.name)).catch((err) => {
      console.warn('InferSizer: catalog ' + file.name + ' not loaded: ' + (err && err.message ? err.message : err));
    });
  }

  // The core's report → the summary, or an InferSizerError listing every error ("path: message" lines, English).
  function loadCatalogText(text, fileName) {
    const report = parseOrNull(callString('is_load_catalog', [text, fileName]));
    if (!report) throw new InferSizerError('catalog: the page is not ready');
    if (!report.ok) {
      const lines = report.errors.map((e) => (e.path ? e.path + ': ' : '') + e.message);
      throw new InferSizerError('catalog not loaded:\n' + lines.join('\n'), report.errors);
    }
    return { file: report.file, added: report.added, replaced: report.replaced };
  }

  function watchCatalogDrops() {
    catalogInput();
    const hasFiles = (event) => event.dataTransfer && Array.from(event.dataTransfer.types || []).includes('Files');
    window.addEventListener('dragover', (event) => {
      if (!hasFiles(event)) return;
      event.preventDefault();  // allows the drop
      event.dataTransfer.dropEffect = 'copy';
    });
    window.addEventListener('drop', (event) => {
      if (!hasFiles(event)) return;
      event.preventDefault();  // not a navigation to the file
      const file = event.dataTransfer.files[0];
      if (file) loadCatalogFile(file);
    });
  }
})();
