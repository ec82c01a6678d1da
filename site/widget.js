// widget.js - starts the Whence app on a page: finds the widget box, checks for WebGL 2,
// configures the Emscripten Module, loads the page's module (app/whence_<module>.js and .wasm:
// the box's data-module, or for an embed the module that links every op its call names) and
// keeps a loading or failure message over the canvas until the first frame is drawn.
//
// The .wasm is downloaded here rather than by Emscripten's glue, so that the overlay shows
// real byte progress (the files are a few MB) and a failure says what failed (HTTP status,
// network, compile error) with a Retry that starts that step again without reloading the
// page. The glue script downloads meanwhile and receives the compiled module through
// Module.instantiateWasm. The widget follows the page's theme (site/theme.js).
//
// A trap or an abort of the module (a bug, or memory running out) restarts the widget with the
// last call that worked and says so, keeping the call typed (below, "recovery").
//
// A call of an op that the loaded module does not link (an op of another family typed on an op
// page) reloads the widget with the module that links it, keeping the call (below, "another
// module").
(function() {
  'use strict';
  var site = new URL('.', document.currentScript.src);
  var box = document.querySelector('.whence-widget');
  var canvas = box.querySelector('canvas');
  var overlay = box.querySelector('.whence-overlay');
  var notice = null;      // the recovery notice, above the canvas (below)
  var contentHeight = 0;  // what the app last said it needs
  // Each .wasm file's decoded size, written in by scripts/build_site: under a Content-Encoding (a
  // compressing host) Content-Length counts the compressed bytes, so the total comes from here.
  var WASM_BYTES = '@WASM_BYTES@';
  var wasmBytes = WASM_BYTES.charAt(0) === '{' ? JSON.parse(WASM_BYTES) : {};
  var WEBGL2_MESSAGE = 'Whence draws with WebGL 2, which this browser does not provide (or has turned off). ' +
                       'The rest of this page works without it.';

  // --- the overlay: progress while loading, a message (and a button) on failure ---------------
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  var status = el('div', 'whence-status', 'Loading Whence…');
  var progress = el('progress', 'whence-progress');
  var detail = el('div', 'whence-progress-text');

  function showLoading() {
    overlay.hidden = false;
    overlay.className = 'whence-overlay';
    overlay.textContent = '';
    overlay.setAttribute('role', 'status');
    overlay.appendChild(el('div', 'whence-spinner'));
    overlay.appendChild(status);
    overlay.appendChild(progress);
    overlay.appendChild(detail);
  }

  function megabytes(n) { return (n / 1048576).toFixed(1) + ' MB'; }

  // total: the byte count when known (Content-Length of an unencoded response, the size build_site
  // wrote in for an encoded one), else 0.
  function showProgress(received, total) {
    status.textContent = 'Downloading Whence…';
    if (total > 0) {
      progress.max = total;
      progress.value = Math.min(received, total);
      detail.textContent = megabytes(received) + ' of ' + megabytes(total) + ' (' + Math.floor(100 * received / total) + '%)';
    } else {
      progress.removeAttribute('value');  // indeterminate
      detail.textContent = megabytes(received);
    }
  }

  function showPhase(text) {
    status.textContent = text;
    progress.removeAttribute('value');
    detail.textContent = '';
  }

  // action: {label, run} for the button, or null.
  function fatal(message, action) {
    overlay.hidden = false;
    overlay.className = 'whence-overlay whence-fatal';
    overlay.setAttribute('role', 'alert');
    overlay.textContent = '';
    overlay.appendChild(el('p', 'whence-error', message));
    if (action) {
      var button = el('button', 'whence-retry', action.label);
      button.type = 'button';
      button.addEventListener('click', action.run);
      overlay.appendChild(button);
    }
  }
  var reload = {label: 'Reload', run: function() { location.reload(); }};

  // --- recovery: a trap or an abort restarts the widget with the last call that worked ---------
  // A WebAssembly trap leaves the instance unusable, and this glue keeps global state (the GL
  // context, GLFW's and the app's listeners, the frame loop), so the widget's document is
  // reloaded rather than the module instantiated again in place. An op page is the widget's own
  // page and embed.html an iframe: the reload never reaches an embedding page. Before it, the
  // call typed and the error go to sessionStorage under the address reloaded (the last call
  // drawn in the hash); after it, a notice shows them. If that call traps again before another
  // is drawn, the op's example is next; if that traps too, the failure stays with a Reload button.
  var RECOVERY_KEY = 'whence-recovery:';
  var lastGoodHash = null;  // location.hash (the app writes the call there) when the last frame was drawn
  var firstCall = null;     // the call this load drew first
  var recovered = null;     // {typed, error, example} when this load is such a restart
  var stopped = false;

  function address() { return location.pathname + location.search + location.hash; }
  function hashText(raw) {
    try { return decodeURIComponent(raw.slice(1)); } catch (e) { return raw.slice(1); }
  }

  try {
    recovered = JSON.parse(sessionStorage.getItem(RECOVERY_KEY + address()) || 'null');
    sessionStorage.removeItem(RECOVERY_KEY + address());
  } catch (e) { recovered = null; }

  function stop(error) {
    if (stopped) return;
    stopped = true;
    var message = String(error || 'abort');
    // The call being evaluated when it stopped (the app sets its text first), else the hash.
    var typed = null;
    try { typed = Module.whenceGetState(); } catch (e) { /* the instance may be too broken */ }
    if (typeof typed !== 'string') typed = hashText(location.hash);
    var again = !!recovered && (firstCall === null || typed === firstCall);
    var example;
    if (!again && lastGoodHash !== null) example = false;
    else if (!(again && recovered.example)) example = true;
    else {
      fatal('Whence stopped unexpectedly (' + message + '), again after restarting with this op\'s example.', reload);
      return;
    }
    try {
      history.replaceState(history.state, '', location.pathname + location.search + (example ? '' : lastGoodHash));
      sessionStorage.setItem(RECOVERY_KEY + address(), JSON.stringify({typed: typed, error: message, example: example}));
    } catch (e) {
      fatal('Whence stopped unexpectedly (' + message + ').', reload);  // no record: no reload loop
      return;
    }
    showLoading();
    showPhase('Whence stopped (' + message + '); restarting…');
    location.reload();
  }

  // After a restart: what stopped, the call typed (selectable, so it is not lost), and a
  // Dismiss. A bar above the canvas (the box grows by its height), so that it hides nothing.
  function showRecovered() {
    notice = el('div', 'whence-notice');
    notice.setAttribute('role', 'alert');
    notice.appendChild(el('p', null, 'Whence stopped on this call (' + recovered.error + ') and restarted with ' +
                                     (recovered.example ? 'this op\'s example.' : 'the last call that worked.')));
    notice.appendChild(el('code', 'whence-notice-call', recovered.typed));
    var dismiss = el('button', null, 'Dismiss');
    dismiss.type = 'button';
    dismiss.addEventListener('click', function() {
      notice.remove();
      notice = null;
      box.classList.remove('whence-noticed');
      fitBox();
      canvas.focus();
    });
    notice.appendChild(dismiss);
    box.classList.add('whence-noticed');
    box.insertBefore(notice, canvas);
    fitBox();
  }

  // --- another module: a call the loaded module cannot run -------------------------------------
  // The app refuses an op its module does not link ("... is not in this page's module"). Once the
  // call has stayed so for a moment (the reader may still be typing), the widget's document is
  // reloaded with the module that links the call's ops, the call kept in the hash (the app writes
  // the text there). embed.html picks its module from the hash itself (data-modules); an op page
  // reads the table from embed.html and keeps its choice in sessionStorage under its path, where
  // preload.js also looks. A call that fails in the module chosen for it stays (no reload loop).
  var MODULE_KEY = 'whence-module:' + location.pathname;
  var OTHER_MODULE = /is not in this page's module/;
  var checkedHash = null, switchTimer = 0;

  function storedModule() {
    try { return sessionStorage.getItem(MODULE_KEY); } catch (e) { return null; }
  }

  function moduleTable() {
    if (table) return Promise.resolve(JSON.parse(table));
    return fetch(new URL('embed.html', site).href, {credentials: 'same-origin'}).then(function(r) {
      return r.ok ? r.text() : '';
    }).then(function(html) {
      var node = new DOMParser().parseFromString(html, 'text/html').querySelector('[data-modules]');
      return node ? JSON.parse(node.getAttribute('data-modules')) : {};
    });
  }

  function needsOtherModule() {
    var error = window.whence.error();
    return !!error && OTHER_MODULE.test(error.message);
  }

  function switchModule() {
    var hash = location.hash, text = window.whence.getState();
    if (stopped || hash !== checkedHash || !needsOtherModule()) return;
    moduleTable().then(function(names) {
      var wanted = moduleFor(names, text);
      if (!wanted || wanted === module || location.hash !== hash || stopped) return;
      try {
        if (!table && wanted === pageModule) sessionStorage.removeItem(MODULE_KEY);
        else if (!table) sessionStorage.setItem(MODULE_KEY, wanted);
      } catch (e) {
        if (!table) return;  // nowhere to keep the choice: an op page would load its own module again
      }
      stopped = true;
      showLoading();
      showPhase('Loading the ops this call needs…');
      location.reload();
    }).catch(function() { /* the error stays on screen, as before */ });
  }

  // After each frame: a new call (the hash changed) that needs another module is switched for
  // once it has not changed for 700 ms.
  function watchModule() {
    if (location.hash === checkedHash) return;
    checkedHash = location.hash;
    clearTimeout(switchTimer);
    if (needsOtherModule()) switchTimer = setTimeout(switchModule, 700);
  }

  // --- the theme ------------------------------------------------------------------------------
  function pageTheme() { return document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light'; }

  window.addEventListener('whencethemechange', function(event) {
    Module.whenceTheme = event.detail.theme;
    if (window.whence) window.whence.setTheme(event.detail.theme);
  });

  // An offscreen live region: the app states the selected cell, its value and equation there.
  var live = el('div', 'whence-live');
  live.setAttribute('aria-live', 'polite');
  ['position:absolute', 'width:1px', 'height:1px', 'overflow:hidden', 'clip-path:inset(50%)']
    .forEach(function(r) { r = r.split(':'); live.style.setProperty(r[0], r[1]); });
  canvas.after(live);

  // Export PNG: the app calls this right after drawing, while the drawing buffer holds the frame.
  function exportPng() {
    canvas.toBlob(function(blob) {
      var a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = 'whence-' + Module.whenceOp + '.png';
      a.click();
      setTimeout(function() { URL.revokeObjectURL(a.href); }, 9999);
    });
  }

  // The box's height: the app's content and the notice, if one shows.
  function fitBox() {
    var extra = notice ? notice.offsetHeight : 0;
    if (window.parent !== window) window.parent.postMessage({whenceHeight: Math.ceil(contentHeight + extra)}, '*');
    if (!box.hasAttribute('data-autosize')) return;
    var min = 320, max = Math.max(min, window.innerHeight * 1.5);
    box.style.height = Math.round(Math.min(max, Math.max(min, contentHeight + 2)) + extra) + 'px';
  }

  // --- the Module -----------------------------------------------------------------------------
  // An op page's head script (site/preload.js) probed already, and started the download.
  var preload = window.whencePreload || null;
  var hasWebGL2 = preload ? preload.webgl2 :
                  !!(window.WebGL2RenderingContext && document.createElement('canvas').getContext('webgl2'));

  var compiled = null;   // the WebAssembly.Module, once downloaded and compiled
  var pending = null;    // {imports, receive} once the glue asks for the instance

  var Module = window.Module = {
    canvas: canvas,
    whenceOp: box.getAttribute('data-op') || 'torch.gather',
    whenceTheme: pageTheme(),
    // Op pages show the op's name and signature above the widget already.
    whenceHeader: box.getAttribute('data-header') !== 'off',
    whenceFatal: function(message) { fatal(message, null); },
    whenceAnnounce: function(text) { live.textContent = text; },
    whenceExportPng: exportPng,
    noInitialRun: !hasWebGL2,
    print: function(text) { console.log(text); },
    printErr: function(text) { console.warn(text); },
    onAbort: function(what) { stop(what); },
    // The glue calls this instead of fetching the .wasm itself; {} means "asynchronously".
    instantiateWasm: function(imports, receive) {
      pending = {imports: imports, receive: receive};
      instantiate();
      return {};
    },
    // Boxes marked data-autosize follow the height the app needs, within limits.
    // In an iframe (embed.html), the embedding page's embed.js sizes the iframe instead.
    whenceContentHeight: function(height) {
      contentHeight = height;
      fitBox();
    },
  };
  if (!hasWebGL2) {
    box.classList.add('whence-no-webgl');
    fatal(WEBGL2_MESSAGE, null);
    return;
  }

  // A trap in the frame loop or in an input handler escapes to the window; one in a
  // window.whence call aborts the runtime (web/contract_pre.js), which calls onAbort.
  window.addEventListener('error', function(event) {
    if (event.error instanceof WebAssembly.RuntimeError) stop(event.error);
  });

  canvas.addEventListener('webglcontextlost', function(event) {
    event.preventDefault();
    fatal('The graphics context was lost (the GPU was reset or is busy). Reload to continue.', reload);
  });

  // The module linking the most of the ops a call names (all of them, normally); the outer
  // call's modules first among equals. table: {qualified name: [modules linking its op]}. An
  // operator names its dunder: `x @ w` is torch.Tensor.__matmul__ (the other operators'
  // elementwise ops are in every module).
  function moduleFor(table, text) {
    var names = [], m, re = /(torch(?:\.\w+)+)\s*\(|\.\s*(\w+)\s*\(/g;
    while ((m = re.exec(text))) {
      var name = m[1] || 'torch.Tensor.' + m[2];
      if (table[name]) names.push(name);
    }
    if (/@/.test(text.replace(/(['"])(?:(?!\1).)*\1/g, '')) && table['torch.Tensor.__matmul__']) names.push('torch.Tensor.__matmul__');
    var best = null, bestCount = 0;
    names.forEach(function(name) {
      table[name].forEach(function(module) {
        var count = names.filter(function(n) { return table[n].indexOf(module) >= 0; }).length;
        if (count > bestCount) { best = module; bestCount = count; }
      });
    });
    return best;
  }

  var pageModule = box.getAttribute('data-module');
  var module = pageModule;
  var table = box.getAttribute('data-modules');
  if (table) {
    var call = '';
    try { call = decodeURIComponent(location.hash.slice(1)); } catch (e) { /* the app reports a bad hash */ }
    module = moduleFor(JSON.parse(table), call) || module;
  } else {
    module = storedModule() || module;
  }
  var jsUrl = new URL('app/whence_' + module + '.js', site).href;
  var wasmUrl = new URL('app/whence_' + module + '.wasm', site).href;

  // --- the .wasm: download with progress, then compile -----------------------------------------
  // Rejects with an Error whose message is what the overlay says.
  function download(url) {
    // The first attempt takes up preload.js's fetch where it asked for this file; a Retry fetches anew.
    var started = preload && preload.wasm && preload.wasmUrl === url ? preload.wasm : null;
    if (preload) preload.wasm = null;
    return (started || fetch(url, {credentials: 'same-origin'})).then(function(response) {
      if (!response.ok)
        throw new Error('Whence could not be downloaded: the server answered HTTP ' + response.status +
                        (response.statusText ? ' ' + response.statusText : '') + ' for ' + url + '.');
      // Content-Length counts the bytes on the wire; under a Content-Encoding the body read here
      // is the decoded one, whose size build_site wrote in.
      var encoding = response.headers.get('Content-Encoding');
      var length = Number(response.headers.get('Content-Length')) || 0;
      var total = encoding && encoding !== 'identity' ? wasmBytes[url.slice(url.lastIndexOf('/') + 1)] || 0 : length;
      if (!response.body || !response.body.getReader) return response.arrayBuffer();
      var reader = response.body.getReader(), chunks = [], received = 0;
      showProgress(0, total);
      function pump() {
        return reader.read().then(function(step) {
          if (step.done) {
            var bytes = new Uint8Array(received), at = 0;
            chunks.forEach(function(chunk) { bytes.set(chunk, at); at += chunk.length; });
            return bytes;
          }
          chunks.push(step.value);
          received += step.value.length;
          showProgress(received, total);
          return pump();
        });
      }
      return pump();
    }, function(error) {
      throw new Error('Whence could not be downloaded: a network error (' + (error && error.message || 'no connection') +
                      '). Check the connection and retry.');
    });
  }

  function compile(bytes) {
    showPhase('Starting Whence…');
    return WebAssembly.compile(bytes).catch(function(error) {
      throw new Error('Whence was downloaded but could not be compiled (' + (error && error.message || error) +
                      '). The file may be damaged, or this browser too old.');
    });
  }

  function instantiate() {
    if (!compiled || !pending) return;
    var request = pending;
    pending = null;
    WebAssembly.instantiate(compiled, request.imports).then(function(instance) {
      request.receive(instance, compiled);
    }, function(error) {
      fatal('Whence could not start (' + (error && error.message || error) + ').', reload);
    });
  }

  // Each of the two downloads is 'loading', 'done' or 'failed'; Retry starts the failed ones.
  var state = {wasm: 'loading', script: 'loading'};
  var retry = {label: 'Retry', run: function() {
    showLoading();
    if (state.wasm === 'failed') loadWasm();
    if (state.script === 'failed') loadScript();
  }};

  function loadWasm() {
    state.wasm = 'loading';
    showProgress(0, 0);
    download(wasmUrl).then(compile).then(function(wasm) {
      state.wasm = 'done';
      compiled = wasm;
      instantiate();
    }, function(error) {
      state.wasm = 'failed';
      fatal(error.message, retry);
    });
  }

  // --- the glue script --------------------------------------------------------------------------
  // The page's own scripts wait for the event 'whenceready' (window.whence is set by then). The
  // moment the first frame is drawn is also a User Timing mark, 'whence-ready', for anyone timing
  // the page (scripts/budgets reads it).
  var script = null;
  function loadScript() {
    state.script = 'loading';
    if (script) script.remove();
    script = document.createElement('script');
    script.src = jsUrl;
    script.onload = function() {
      state.script = 'done';
      if (!window.whence) return;
      window.whence.setTheme(Module.whenceTheme);
      // Each frame drawn proves its call worked: the one to come back to after a trap.
      var drawn = Module.whenceFrameDrawn;
      Module.whenceFrameDrawn = function() {
        lastGoodHash = location.hash;
        if (firstCall === null) firstCall = hashText(location.hash);
        drawn();
        watchModule();
      };
      window.whence.ready.then(function() {
        if (window.performance && performance.mark) performance.mark('whence-ready');
        if (stopped) return;
        overlay.hidden = true;
        if (recovered) showRecovered();
        window.dispatchEvent(new Event('whenceready'));
      });
    };
    script.onerror = function() {
      state.script = 'failed';
      fatal('Whence could not be downloaded (' + jsUrl + ': a network or server error). Check the connection and retry.', retry);
    };
    document.body.appendChild(script);
  }

  showLoading();
  loadWasm();
  loadScript();
})();
