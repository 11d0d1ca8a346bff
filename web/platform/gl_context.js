// gl_context.js — a lost WebGL context (a GPU reset or driver update, the browser reclaiming contexts from a
// background tab; WEBGL_lose_context in tests), linked with --pre-js after bridge.js. Without this the canvas
// stayed blank for good.
//
// webglcontextlost: its default is cancelled (only then will the browser restore the context) and main.cpp
// stops drawing. webglcontextrestored: main.cpp recreates ImGui's GL objects and draws again. If the context
// is not back within RESTORE_WAIT_MS, the page says so in its alert box and asks for a reload; the box goes
// away again if the context returns after all.
(function () {
  'use strict';

  const RESTORE_WAIT_MS = 2000;
  const TEXT = {
    en: { title: 'The calculator lost its drawing surface',
      body: 'The browser took the graphics (WebGL) context away, for example after a graphics driver reset.',
      hint: 'Reload the page to continue; your scenario is kept in its address.' },
    zh: { title: '计算器失去了绘图表面',
      body: '浏览器收回了图形（WebGL）上下文，例如在显卡驱动重置之后。',
      hint: '请刷新页面继续；您的场景保存在页面地址中。' },
  };

  const canvas = document.getElementById('canvas');
  if (!canvas) return;
  let timer = 0;
  let shownBox = null;  // the alert box this file filled (#is-error), to clear when the context returns

  function exported(name) {
    const fn = Module['_' + name];
    if (typeof fn === 'function' && typeof runtimeInitialized !== 'undefined' && runtimeInitialized) fn();
  }

  function showLost() {
    const t = document.documentElement.lang.startsWith('zh') ? TEXT.zh : TEXT.en;
    let box = document.getElementById('is-error');
    if (!box) {
      box = document.createElement('div');
      box.id = 'is-error';
      box.setAttribute('role', 'alert');
      document.body.appendChild(box);
    }
    if (!box.hidden && !shownBox) return;  // a start-up failure is already shown: it says more
    const parts = [['h1', t.title], ['p', t.body], ['p', t.hint]].map(([tag, text]) => {
      const el = document.createElement(tag);
      el.textContent = text;
      return el;
    });
    box.replaceChildren(...parts);
    box.dataset.reason = 'webgl-context-lost';
    box.hidden = false;
    shownBox = box;
  }

  canvas.addEventListener('webglcontextlost', (event) => {
    event.preventDefault();
    exported('is_gl_context_lost');
    clearTimeout(timer);
    timer = setTimeout(showLost, RESTORE_WAIT_MS);
    console.warn('InferSizer: the WebGL context was lost; waiting for the browser to restore it');
  });

  canvas.addEventListener('webglcontextrestored', () => {
    clearTimeout(timer);
    if (shownBox) {
      shownBox.hidden = true;
      shownBox.replaceChildren();
      delete shownBox.dataset.reason;
      shownBox = null;
    }
    exported('is_gl_context_restored');
  });
})();
