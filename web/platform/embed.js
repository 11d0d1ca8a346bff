// embed.js — the page inside another page, and the requests the app makes of the browser (a --pre-js after
// bridge.js, in the same module scope). docs/contract.md, "Embed API" → "postMessage".
//
// - Page flags: ?embed=1 asks main.cpp for the compact layout (web/app/embed.hpp); the served page (not the offline
//   file) offers "download offline copy" in its export menu.
// - Page requests (Module.isBridge.pageRequest): "open ?query" opens the full page in a new tab, "download-offline"
//   saves infersizer-offline.html, fetched from next to index.html.
// - In an iframe with ?embed=1, the postMessage protocol with the parent window:
//     to the parent:   {type: 'infersizer:ready', version}   once, when the first frames are drawn
//                      {type: 'infersizer:height', height}   the content's height in CSS px, whenever it changes
//                      {type: 'infersizer:result', result}   after every change (and on infersizer:get)
//                      {type: 'infersizer:error', message}   when a message is refused
//     from the parent: {type: 'infersizer:set', scenario}    a scenario object or JSON text, as setScenario takes
//                      {type: 'infersizer:get'}
//   Only messages whose source is window.parent are read (and, with ?origin=, only from that origin); nothing
//   received is evaluated or put into the DOM: a scenario goes to the core's JSON parser as text.
(function () {
  'use strict';

  const MAX_SCENARIO_BYTES = 64 * 1024;
  const HEIGHT_POLL_MS = 200;  // the layout changes when folded, resized or edited: cheaper than hooking each
  const OFFLINE_FILE = 'infersizer-offline.html';
  const PREFIX = 'infersizer:';

  const params = new URLSearchParams(location.search + '&' + location.hash.replace(/^#/, ''));
  const embedded = params.get('embed') === '1';
  const inFrame = window.parent !== window;

  // ?origin= must be exactly an origin (scheme://host[:port]); anything else posts nothing (and says why), since
  // falling back to '*' would send results to whoever framed the page after the host asked for less.
  function targetOrigin() {
    const wanted = params.get('origin');
    if (wanted === null) return '*';
    try {
      const url = new URL(wanted);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === wanted) return wanted;
    } catch (err) { /* reported below */ }
    console.warn(`InferSizer: origin=${JSON.stringify(wanted)} is not an origin such as https://docs.example; no messages are posted`);
    return null;
  }

  const target = embedded && inFrame ? targetOrigin() : null;

  function post(message) {
    if (target === null) return;
    try { window.parent.postMessage(message, target); } catch (err) { console.warn('InferSizer: ' + err.message); }
  }

  // -------------------------------------------------------------------------------------------- [requests]
  function downloadOffline() {
    fetch(OFFLINE_FILE, { credentials: 'same-origin' })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((blob) => Module.isBridge.offerDownload(OFFLINE_FILE, new Blob([blob], { type: 'text/html' })))
      .catch((err) => console.warn(`InferSizer: could not fetch ${OFFLINE_FILE}: ${err.message}`));
  }

  // The full page is this address without the page keys, with the app's query ("?…").
  function openFullPage(query) {
    const page = location.href.split(/[?#]/)[0];
    const lang = params.get('lang');
    let url = page + query;
    if (lang && !/[?&]lang=/.test(query)) url += (query.length > 1 ? '&' : '?') + 'lang=' + encodeURIComponent(lang);
    window.open(url, '_blank', 'noopener');
  }

  Module.isBridge.pageRequest = (request) => {
    if (request === 'download-offline') downloadOffline();
    else if (request.startsWith('open ?')) openFullPage(request.slice(5));
  };

  // ------------------------------------------------------------------------------------------- [protocol]
  function errorText(err) { return String(err && err.message ? err.message : err); }

  function refuse(message) { post({ type: PREFIX + 'error', message }); }

  function postResult() {
    try { post({ type: PREFIX + 'result', result: window.infersizer.getResult() }); } catch (err) { refuse(errorText(err)); }
  }

  // A scenario: a plain object or JSON text, at most 64 KB as JSON text; the core names a bad field.
  function setScenario(scenario) {
    let json;
    if (typeof scenario === 'string') json = scenario;
    else if (scenario !== null && typeof scenario === 'object' && !Array.isArray(scenario)) {
      try { json = JSON.stringify(scenario); } catch (err) { return refuse('scenario: cannot be written as JSON: ' + errorText(err)); }
    } else {
      return refuse(`scenario: expected an object or a JSON string, got ${scenario === null ? 'null' : Array.isArray(scenario) ? 'an array' : typeof scenario}`);
    }
    const bytes = new TextEncoder().encode(json).length;
    if (bytes > MAX_SCENARIO_BYTES) return refuse(`scenario: ${bytes} bytes is over the limit of ${MAX_SCENARIO_BYTES} bytes (64 KB)`);
    try {
      window.infersizer.setScenario(json);  // on success the result message follows (onResult)
    } catch (err) {
      refuse(errorText(err));
    }
  }

  function onMessage(event) {
    if (event.source !== window.parent) return;            // only the embedding page speaks to us
    if (target !== '*' && event.origin !== target) return;  // ?origin=: only that page
    const data = event.data;
    // Other scripts on the host post their own messages: only ours (an object whose type starts with
    // "infersizer:") get an answer, and only ours are refused by name.
    if (data === null || typeof data !== 'object' || typeof data.type !== 'string' || !data.type.startsWith(PREFIX)) return;
    if (data.type === PREFIX + 'set') {
      if (!('scenario' in data)) return refuse('scenario: missing (infersizer:set carries {scenario})');
      setScenario(data.scenario);
    } else if (data.type === PREFIX + 'get') {
      postResult();
    } else if (![PREFIX + 'ready', PREFIX + 'height', PREFIX + 'result', PREFIX + 'error'].includes(data.type)) {
      refuse(`type: unknown message type ${JSON.stringify(data.type.slice(0, 64))}; expected infersizer:set or infersizer:get`);
    }
  }

  let lastHeight = 0;

  function postHeightIfChanged() {
    const height = Math.ceil(Module['_is_content_height']());
    if (height > 0 && height !== lastHeight) {
      lastHeight = height;
      post({ type: PREFIX + 'height', height });
    }
  }

  function startProtocol() {
    // Messages that arrive before the first frames wait for them (the parent may send as soon as it loads).
    const pending = [];
    const early = (event) => pending.push(event);
    window.addEventListener('message', early);
    window.infersizer.ready.then(() => {
      window.removeEventListener('message', early);
      post({ type: PREFIX + 'ready', version: window.infersizer.version });
      postHeightIfChanged();
      postResult();
      window.infersizer.onResult((result) => post({ type: PREFIX + 'result', result }));
      window.addEventListener('message', onMessage);
      for (const event of pending) onMessage(event);
      setInterval(postHeightIfChanged, HEIGHT_POLL_MS);
    }, () => {});
  }

  // ---------------------------------------------------------------------------------------------- [start]
  Module.isEmbed = {
    start() {
      const served = location.protocol === 'http:' || location.protocol === 'https:';
      const offlineFile = document.getElementById('infersizer-catalog') !== null;
      Module['_is_set_page_flags'](embedded ? 1 : 0, served && !offlineFile && !embedded ? 1 : 0);
      if (!embedded) return;
      // No page chrome: the canvas is the page; the text view below it (bridge.js) stays out of the iframe.
      document.documentElement.classList.add('is-embed');
      document.body.style.overflow = 'hidden';
      const textView = document.getElementById('is-text-view');
      if (textView) textView.hidden = true;
      if (inFrame) startProtocol();
    },
  };
})();
