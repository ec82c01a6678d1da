// contract_pre.js - window.whence (DESIGN.md, "Browser contract"), defined as soon as the
// app's script runs so that pages and tests can await whence.ready before the wasm loads.
// The C++ side is web/contract.cpp; positions become page coordinates here.
(function() {
  var resolveReady;
  var frameWaiters = [];
  var ready = new Promise(function(resolve) { resolveReady = resolve; });

  // Draws the next frame: the listeners' wake (web/interop.cpp) resumes a paused frame loop;
  // before the app's main() there is no loop yet, and its first frame draws anyway.
  function wake() {
    if (Module['whenceWakeUp']) Module['whenceWakeUp']();
    else Module['whenceWake'] = true;
  }

  function call(name, args) {
    if (!Module[name]) throw new Error('whence: not ready yet (await whence.ready)');
    try {
      return Module[name].apply(null, args);
    } catch (e) {
      // A trap in the app (a WebAssembly.RuntimeError) leaves the instance unusable: abort the
      // runtime, which stops the frame loop and calls Module.onAbort (site/widget.js restarts the
      // widget with the last call that worked), then throws to the caller.
      if (e instanceof WebAssembly.RuntimeError && !ABORT) abort(e);
      throw e;
    }
  }

  // Quoted names throughout: closure compiler (ADVANCED) renames every property it can see.
  window['whence'] = {
    'ready': ready,
    'getState': function() { return call('whenceGetState', []); },
    'setState': function(text) { call('whenceSetState', [String(text)]); wake(); },
    // Centre of a cell as drawn now, in CSS pixels of the viewport (what mouse events use).
    // Null until a frame has drawn the call a setState gave: await whence.nextFrame() first.
    'cellAt': function(tensor, element) {
      var p = call('whenceCellAt', [String(tensor), Number(element)]);
      if (!p) return null;
      var rect = Module['canvas'].getBoundingClientRect();
      return {'x': rect.left + p['x'], 'y': rect.top + p['y']};
    },
    'highlighted': function() { return call('whenceHighlighted', []); },
    'error': function() { return call('whenceError', []); },
    // Whether the result drawn is not the current call's: after an error, the last call that
    // worked stays on screen, greyed and hatched.
    'stale': function() { return call('whenceStale', []); },
    // Additions: the hovered or pinned cell {tensor, element, pinned}, the equation bar's
    // text, and a promise for the next drawn frame.
    'selected': function() { return call('whenceSelected', []); },
    'equation': function() { return call('whenceEquation', []); },
    // A control's box {x, y, width, height} in viewport CSS pixels, or null: "call", "copy",
    // "arg:1" (a scalar argument's field), "arg:0/dtype", "arg:0/dim1-", "arg:0/dim1+", "arg:0/more",
    // "equation" (where the equation is drawn: the bar, or over the grids while the bar is off
    // screen), "card:arg:1" (a whole card), "error" (the error text), "stale" (the old result's note),
    // "legend:value" (a legend entry: value, index, mask, compare, random).
    'controlRect': function(name) {
      var r = call('whenceControlRect', [String(name)]);
      if (!r) return null;
      var rect = Module['canvas'].getBoundingClientRect();
      return {'x': rect.left + r['x'], 'y': rect.top + r['y'], 'width': r['width'], 'height': r['height']};
    },
    // The page's theme: setTheme('dark' | 'light') switches the app's palette at its next
    // frame (callable before ready: the app starts with it); theme() is the palette drawn now.
    'setTheme': function(name) {
      Module['whenceTheme'] = name === 'dark' ? 'dark' : 'light';
      Module['whenceThemeChanged'] = true;
      wake();
    },
    'theme': function() { return call('whenceGetTheme', []); },
    // The broadcast bar {lines, warning, expanded} and a view's storage strip {of, strides,
    // offset, contiguous, length, selected, viewCells, text}; null when not shown.
    'broadcast': function() { return call('whenceBroadcast', []); },
    'storage': function() { return call('whenceStorage', []); },
    // What "Copy equation as LaTeX" copies now (the pinned or last pointed-at element), or null.
    'latex': function() { return call('whenceLatex', []); },
    // The grids' zoom {zoom, valuesFit} (Ctrl+wheel over the canvas; valuesFit: out's cells show values).
    'zoom': function() { return call('whenceZoom', []); },
    // Rank > 3: the note under a tensor's block picker ("also lit in blocks [0], [2]"), or null.
    'blockNote': function(tensor) { return call('whenceBlockNote', [String(tensor)]); },
    // How far inputs are traced forward to the outputs that read them {known, progress, gaveUp}:
    // a result above 2,048 elements is traced a slice per frame after each evaluation.
    'traced': function() { return call('whenceTraced', []); },
    // The app's own clock (web/timings.hpp): {hover, frame, trace: {first, maxAfterFirst, last, median,
    // p95, max, count}, cells, maxCells} in milliseconds over recent samples; resetTimings()
    // starts them afresh.
    'timings': function() { return call('whenceTimings', []); },
    'resetTimings': function() { call('whenceResetTimings', []); },
    'nextFrame': function() {
      // Exactly one frame (interop.cpp); before main() the first frame draws anyway.
      if (Module['whenceFrameRequest']) Module['whenceFrameRequest']();
      else Module['whenceWake'] = true;
      return new Promise(function(resolve) { frameWaiters.push(resolve); });
    },
  };

  Module['whenceFrameDrawn'] = function() {
    resolveReady();
    var waiters = frameWaiters;
    frameWaiters = [];
    waiters.forEach(function(resolve) { resolve(); });
  };
  if (!Module['whenceFatal']) Module['whenceFatal'] = function(message) { console.error('whence: ' + message); };
})();
