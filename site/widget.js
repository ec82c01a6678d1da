// widget.js - starts the Whence app on a page: finds the widget box, checks for WebGL 2,
// configures the Emscripten Module, and keeps a loading or failure message over the canvas
// until the first frame is drawn. Load it before app/whence_app.js.
(function() {
  'use strict';
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

  document.addEventListener('DOMContentLoaded', function() {
    if (window.whence) window.whence.ready.then(function() { overlay.hidden = true; });
  });
})();
