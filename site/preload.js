// preload.js - an op page's head script: starts downloading the page's module while the page
// itself still loads, instead of when site/widget.js runs at the end of the body. A file, not an
// inline script (the pages' Content-Security-Policy allows scripts from the site only):
//
//   <script src="ROOT/preload.js" data-module="tensors"></script>
//
// Only where the browser has WebGL 2: without it the widget says so and the page downloads no
// module. The result is window.whencePreload, which widget.js takes up:
//   {webgl2: false}                            no WebGL 2 (widget.js does not probe again)
//   {webgl2: true, wasmUrl, wasm: Promise}     the .wasm's fetch() under way (its Response;
//                                              widget.js reads the body, showing byte progress)
// and the glue script (app/whence_<module>.js) is requested by a <link rel="preload">, so that
// widget.js's <script> for it finds it downloaded.
(function() {
  'use strict';
  var script = document.currentScript;
  var probe = document.createElement('canvas');
  var hasWebGL2 = !!(window.WebGL2RenderingContext && probe.getContext('webgl2'));
  window.whencePreload = {webgl2: hasWebGL2};
  if (!hasWebGL2) return;

  var site = new URL('.', script.src);
  var module = script.getAttribute('data-module');
  // The module widget.js switched this page to for a call of another family (site/widget.js).
  try { module = sessionStorage.getItem('whence-module:' + location.pathname) || module; } catch (e) {}
  var wasmUrl = new URL('app/whence_' + module + '.wasm', site).href;
  var wasm = fetch(wasmUrl, {credentials: 'same-origin'});
  wasm.catch(function() {});  // widget.js reports a failure; no "unhandled rejection" before it looks
  window.whencePreload = {webgl2: true, wasmUrl: wasmUrl, wasm: wasm};

  var link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'script';
  link.href = new URL('app/whence_' + module + '.js', site).href;
  document.head.appendChild(link);
})();
