// page.js - what the site's pages do besides the widget, as a file rather than inline scripts
// (every page's Content-Security-Policy allows scripts from the site only):
//   - the embed snippet shows this site's address for embed.js, wherever the site is hosted;
//   - on an op page, the snippet shows the call on screen as the widget changes it.
(function() {
  'use strict';
  var script = document.currentScript;
  var embedUrl = new URL('embed.js', script ? script.src : location.href).href;
  document.querySelectorAll('.embed-base').forEach(function(el) { el.textContent = embedUrl; });

  function showCall() {
    if (!window.whence) return;
    var text = window.whence.getState().replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    document.querySelectorAll('.embed-call').forEach(function(el) { el.textContent = text; });
  }
  window.addEventListener('whenceready', function() {
    showCall();
    window.addEventListener('mouseup', function() { setTimeout(showCall, 50); });
    window.addEventListener('keyup', function() { setTimeout(showCall, 50); });
  });
})();
