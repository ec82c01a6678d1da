// widget.js - starts the Whence app on a page: finds the widget box, checks for WebGL 2,
// configures the Emscripten Module, loads the page's module (app/whence_<module>.js: the box's
// data-module, or for an embed the module that links every op its call names) and keeps a
// loading or failure message over the canvas until the first frame is drawn.
(function() {
  'use strict';
  var site = new URL('.', document.currentScript.src);
  var box = document.querySelector('.whence-widget');
  var canvas = box.querySelector('canvas');
  var overlay = box.querySelector('.whence-overlay');

  function fatal(message, canReload) {
    overlay.hidden = false;
    overlay.className = 'whence-overlay whence-fatal';
    overlay.textContent = '';
    var text = document.createElement('p');
    text.textContent = message;
    overlay.appendChild(text);
    if (canReload) {
      var button = document.createElement('button');
      button.textContent = 'Reload';
      button.onclick = function() { location.reload(); };
      overlay.appendChild(button);
    }
  }

  var probe = document.createElement('canvas');
  var hasWebGL2 = !!(window.WebGL2RenderingContext && probe.getContext('webgl2'));

  window.Module = {
    canvas: canvas,
    whenceOp: box.getAttribute('data-op') || 'torch.gather',
    // Op pages show the op's name and signature above the widget already.
    whenceHeader: box.getAttribute('data-header') !== 'off',
    whenceFatal: function(message) { fatal(message, false); },
    // Without WebGL 2 the app cannot draw: load it, but do not start it.
    noInitialRun: !hasWebGL2,
    print: function(text) { console.log(text); },
    printErr: function(text) { console.warn(text); },
    onAbort: function() { fatal('Whence stopped unexpectedly.', true); },
    // Boxes marked data-autosize follow the height the app needs, within limits.
    // In an iframe (embed.html), the embedding page's embed.js sizes the iframe instead.
    whenceContentHeight: function(height) {
      if (window.parent !== window) window.parent.postMessage({whenceHeight: Math.ceil(height)}, '*');
      if (!box.hasAttribute('data-autosize')) return;
      var min = 320, max = Math.max(min, window.innerHeight * 1.5);
      box.style.height = Math.round(Math.min(max, Math.max(min, height + 2))) + 'px';
    },
  };
  if (!hasWebGL2) {
    fatal('Whence draws with WebGL 2, which this browser does not provide (or has turned off).', false);
    return;
  }

  canvas.addEventListener('webglcontextlost', function(event) {
    event.preventDefault();
    fatal('The graphics context was lost (the GPU was reset or is busy). Reload to continue.', true);
  });

  // The module linking the most of the ops a call names (all of them, normally); the outer
  // call's modules first among equals. table: {qualified name: [modules linking its op]}.
  function moduleFor(table, text) {
    var names = [], m, re = /(torch(?:\.\w+)+)\s*\(|\.\s*(\w+)\s*\(/g;
    while ((m = re.exec(text))) {
      var name = m[1] || 'torch.Tensor.' + m[2];
      if (table[name]) names.push(name);
    }
    var best = null, bestCount = 0;
    names.forEach(function(name) {
      table[name].forEach(function(module) {
        var count = names.filter(function(n) { return table[n].indexOf(module) >= 0; }).length;
        if (count > bestCount) { best = module; bestCount = count; }
      });
    });
    return best;
  }

  var module = box.getAttribute('data-module');
  var table = box.getAttribute('data-modules');
  if (table) {
    var call = '';
    try { call = decodeURIComponent(location.hash.slice(1)); } catch (e) { /* the app reports a bad hash */ }
    module = moduleFor(JSON.parse(table), call) || module;
  }
  var script = document.createElement('script');
  script.src = new URL('app/whence_' + module + '.js', site).href;
  // The page's own scripts wait for the event 'whenceready' (window.whence is set by then).
  script.onload = function() {
    if (window.whence) window.whence.ready.then(function() {
      overlay.hidden = true;
      window.dispatchEvent(new Event('whenceready'));
    });
  };
  script.onerror = function() { fatal('Whence could not be downloaded (' + script.src + '). Check the connection and reload.', true); };
  document.body.appendChild(script);
})();
