#include "interop.hpp"

#include <cstdlib>

#include <emscripten.h>
#include <emscripten/val.h>

using emscripten::val;

namespace whence::web::interop {

namespace {

// clang-format off
EM_JS(void, js_install_listeners, (), {
  var canvas = Module['canvas'];
  // Every event that can change what is drawn wakes the app. An idle app's frame loop is paused
  // (main.cpp: an idle page asked for 60 frames a second, a tenth of a core in Chromium for
  // nothing), so a wake also resumes it, at the next animation frame.
  function resume() {
    if (Module['whenceLoopPaused'] && !ABORT) {
      Module['whenceLoopPaused'] = false;
      Browser.mainLoop.resume();
    }
  }
  var wake = Module['whenceWakeUp'] = function() {
    Module['whenceWake'] = true;
    resume();
  };
  // whence.nextFrame(): the one frame its caller waits for, not a wake's few (ImGui settles in
  // those after input; a test awaiting frames would otherwise draw two more after each).
  Module['whenceFrameRequest'] = function() {
    Module['whenceFrameWanted'] = true;
    resume();
  };
  ['mousemove', 'mousedown', 'mouseup', 'mouseleave', 'wheel']
    .forEach(function(type) { canvas.addEventListener(type, wake, {passive: true}); });
  ['keydown', 'keyup', 'keypress', 'resize', 'focus', 'blur']
    .forEach(function(type) { window.addEventListener(type, wake); });
  // GLFW keeps the last cursor position after the mouse leaves; track presence ourselves.
  canvas.addEventListener('mousemove', function() { Module['whenceMouseInside'] = true; });
  canvas.addEventListener('mouseenter', function() { Module['whenceMouseInside'] = true; });
  canvas.addEventListener('mouseleave', function() { Module['whenceMouseInside'] = false; });
  // The browser decides what a double-click is (its timing is the user's setting, and it is
  // not fooled by slow frames); ImGui 1.86 would measure it in frames.
  canvas.addEventListener('dblclick', function() { Module['whenceDoubleClick'] = true; wake(); });
  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(wake).observe(canvas);
  // What part of the canvas is on screen moves with the page's scroll (the equation follows it).
  window.addEventListener('scroll', wake, {passive: true});
  // In an iframe the embedding page's scroll is not seen here: the implicit root of an
  // IntersectionObserver is the top-level viewport, at steps of 2% of the canvas.
  if (window.parent !== window && typeof IntersectionObserver !== 'undefined') {
    var steps = [];
    for (var s = 0; s <= 50; s++) steps.push(s / 50);
    new IntersectionObserver(function(entries) {
      var e = entries[entries.length - 1], b = e.boundingClientRect, r = e.intersectionRect;
      Module['whenceSeen'] = e.isIntersecting ? {top: r.top - b.top, bottom: r.bottom - b.top} : null;
      wake();
    }, {threshold: steps}).observe(canvas);
  }
  window.addEventListener('hashchange', function() { Module['whenceHashChanged'] = true; wake(); });
  document.addEventListener('paste', function(e) {
    Module['whencePaste'] = (e.clipboardData && e.clipboardData.getData('text')) || "";
    wake();
  });
  // The wheel. Emscripten 3.1.6's GLFW passes raw deltas with the wrong sign and swallows
  // every wheel event over the canvas, so wheel events are taken before it (capture on the
  // parent runs first): they scroll the app where it has something to scroll under the
  // mouse, and the page otherwise. Deltas become ImGui's units (about one per notch).
  canvas.parentNode.addEventListener('wheel', function(e) {
    if (e.target !== canvas) return;
    e.stopPropagation();
    // Ctrl+wheel (a pinch on a touchpad) zooms the grids instead of the page.
    if (e.ctrlKey) {
      e.preventDefault();
      var notch = e.deltaMode === 1 ? 1 / 3 : e.deltaMode === 2 ? 1 : 1 / 100;
      Module['whenceZoomSteps'] = (Module['whenceZoomSteps'] || 0) - e.deltaY * notch;
      wake();
      return;
    }
    if (!Module['whenceWantsWheel']) return;
    e.preventDefault();
    var scale = e.deltaMode === 1 ? 1 / 3 : e.deltaMode === 2 ? 1 : 1 / 100;
    Module['whenceWheelX'] = (Module['whenceWheelX'] || 0) - e.deltaX * scale;
    Module['whenceWheelY'] = (Module['whenceWheelY'] || 0) - e.deltaY * scale;
    wake();
  }, {capture: true, passive: false});
  // Touch. A tap reaches the app as the browser's compatibility mouse events (a click). One
  // finger dragging over something the app scrolls pans it (whenceWantsWheel: the app says what
  // is under the finger); elsewhere the page scrolls. Two fingers pinch-zoom the grids. While a
  // finger is down, the app's pointer is at it (whenceTouchX/Y, CSS pixels of the canvas).
  // Emscripten's GLFW takes touches as mouse presses (a drag would click where it starts), so
  // touch events are taken before it, as the wheel is; a tap still clicks, through the
  // compatibility mouse events.
  var touch = null;
  var on = function(type, f) {
    canvas.parentNode.addEventListener(type, function(e) {
      if (e.target !== canvas) return;
      e.stopPropagation();
      f(e);
      wake();
    }, {capture: true, passive: false});
  };
  var at = function(e) {
    var r = canvas.getBoundingClientRect(), t = e.touches, n = Math.min(t.length, 2), x = 0, y = 0;
    for (var i = 0; i < n; i++) { x += (t[i].clientX - r.left) / n; y += (t[i].clientY - r.top) / n; }
    Module['whenceTouchX'] = x;
    Module['whenceTouchY'] = y;
    return {x: x, y: y, d: n > 1 ? Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY) : 0};
  };
  on('touchstart', function(e) {
    touch = at(e);
    touch.pinch = e.touches.length > 1;
    Module['whenceTouching'] = true;
    if (touch.pinch) e.preventDefault();
  });
  on('touchmove', function(e) {
    if (!touch) return;
    var p = at(e);
    if (touch.pinch && p.d > 0 && touch.d > 0) {
      Module['whencePinch'] = (Module['whencePinch'] || 1) * p.d / touch.d;
    } else if (!touch.pinch && e.touches.length === 1) {
      if (!touch.pan) {
        if (Math.hypot(p.x - touch.x, p.y - touch.y) < 8) return;  // still a tap
        touch.pan = Module['whenceWantsWheel'] ? 1 : -1;
      }
      if (touch.pan < 0) return;  // the page scrolls
      Module['whencePanX'] = (Module['whencePanX'] || 0) + p.x - touch.x;
      Module['whencePanY'] = (Module['whencePanY'] || 0) + p.y - touch.y;
    } else return;
    e.preventDefault();
    p.pinch = touch.pinch;
    p.pan = touch.pan;
    touch = p;
  });
  var untouch = function(e) {
    if (e.touches.length) return;
    touch = null;
    Module['whenceTouching'] = false;
  };
  on('touchend', untouch);
  on('touchcancel', untouch);
  // Arrow keys move the pinned cell; keep them from scrolling the page meanwhile. While an ImGui
  // text field has the keyboard (and the canvas has the page's focus), the field owns its keys:
  // Space, PageUp/PageDown, End/Home and the arrows (33 to 40) do not scroll the page, and
  // Ctrl+A selects only the field's text. GLFW listens on the window too, so the app still sees
  // them. Space scrolls as the default of its keypress (keydown's would also stop the character).
  var owns = function(e) {
    return Module['whenceTextInput'] && (e.target === canvas || e.target === document.body);
  };
  window.addEventListener('keydown', function(e) {
    if (Module['whenceCapturesArrows'] && e.keyCode >= 37 && e.keyCode <= 40) e.preventDefault();
    if (!owns(e)) return;
    if ((e.keyCode >= 33 && e.keyCode <= 40) || ((e.ctrlKey || e.metaKey) && e.keyCode === 65)) e.preventDefault();
  });
  window.addEventListener('keypress', function(e) {
    if (owns(e) && e.charCode === 32) e.preventDefault();
  });
});
// clang-format on

// clang-format off
EM_JS(void, js_write_hash, (const char* text), {
  // Readable URLs: keep ( ) , [ ] = : unescaped; they are safe in a fragment.
  var encoded = encodeURIComponent(UTF8ToString(text))
    .replace(/%(28|29|2C|5B|5D|3D|3A)/g, function(m) { return decodeURIComponent(m); });
  if (location.hash.slice(1) !== encoded) history.replaceState(null, "", "#" + encoded);
});
// clang-format on

// clang-format off
EM_JS(void, js_copy, (const char* text), {
  var s = UTF8ToString(text);
  var fallback = function() {
    var area = document.createElement('textarea');
    area.value = s;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    try { document.execCommand('copy'); } catch (e) {}
    document.body.removeChild(area);
  };
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(s).catch(fallback);
  else fallback();
});
// clang-format on

// clang-format off
EM_JS(void, js_announce, (const char* text), {
  if (Module['whenceAnnounce']) Module['whenceAnnounce'](UTF8ToString(text));
});
// clang-format on

// clang-format off
EM_JS(void, js_export_png, (), {
  if (Module['whenceExportPng']) Module['whenceExportPng']();
});
// clang-format on

// clang-format off
EM_JS(void, js_resize_canvas, (int w, int h), {
  Browser.setCanvasSize(w, h);
  if (GLFW.active) {
    GLFW.active.width = w;
    GLFW.active.height = h;
  }
});
// clang-format on

// clang-format off
EM_JS(void, js_frame_drawn, (), {
  if (Module['whenceFrameDrawn']) Module['whenceFrameDrawn']();
});
// clang-format on

// clang-format off
EM_JS(void, js_content_height, (float height), {
  if (Module['whenceContentHeight']) Module['whenceContentHeight'](height);
});
// clang-format on

// clang-format off
EM_JS(void, js_show_fatal, (const char* text), {
  if (Module['whenceFatal']) Module['whenceFatal'](UTF8ToString(text));
});
// clang-format on

// The canvas's CSS size and the device pixel ratio, in one call each frame (through
// emscripten::val it was seven, each decoding a name).
// clang-format off
EM_JS(void, js_canvas_size, (float* out), {
  var rect = Module['canvas'].getBoundingClientRect();
  var top = Math.max(0, -rect.top), bottom = Math.min(rect.height, window.innerHeight - rect.top);
  var seen = Module['whenceSeen'];  // in an iframe: the part of it the embedding page shows
  if (seen) { top = Math.max(top, seen.top); bottom = Math.min(bottom, seen.bottom); }
  var i = out >> 2;
  HEAPF32[i] = rect.width;
  HEAPF32[i + 1] = rect.height;
  HEAPF32[i + 2] = window.devicePixelRatio;
  HEAPF32[i + 3] = Math.max(0, -rect.left);
  HEAPF32[i + 4] = top;
  HEAPF32[i + 5] = Math.min(rect.width, window.innerWidth - rect.left);
  HEAPF32[i + 6] = bottom;
});
// clang-format on

// A name passed from C++ as a string literal, decoded once: the flags and numbers below are
// read every frame.
// clang-format off
EM_JS(void, js_install_key_cache, (), {
  var decoded = {};
  Module['whenceKey'] = function(ptr) { return decoded[ptr] || (decoded[ptr] = UTF8ToString(ptr)); };
});
// clang-format on

// Reads and clears a flag the listeners set on Module.
// clang-format off
EM_JS(int, js_take_flag, (const char* name), {
  var key = Module['whenceKey'](name);
  var was = Module[key];
  Module[key] = false;
  return was ? 1 : 0;
});
// clang-format on

// clang-format off
EM_JS(void, js_set_flag, (const char* name, int on), { Module[Module['whenceKey'](name)] = !!on; });
// clang-format on

// location.hash without '#', URL-decoded (read literally when the escapes are malformed).
// Returns a malloc'd UTF-8 string.
// clang-format off
EM_JS(char*, js_read_hash, (), {
  var raw = location.hash.slice(1);
  var text = raw;
  try { text = decodeURIComponent(raw); } catch (e) {}
  var size = lengthBytesUTF8(text) + 1;
  var ptr = _malloc(size);
  stringToUTF8(text, ptr, size);
  return ptr;
});
// clang-format on

bool take_flag(const char* name) { return js_take_flag(name) != 0; }

// Reads and clears a number the listeners accumulate on Module.
// clang-format off
EM_JS(double, js_take_number, (const char* name), {
  var key = Module['whenceKey'](name);
  var value = Module[key] || 0;
  Module[key] = 0;
  return value;
});
// clang-format on

}  // namespace

void install_listeners() {
  js_install_key_cache();
  js_install_listeners();
}

CanvasSize canvas_size() {
  float v[7];
  js_canvas_size(v);
  return CanvasSize{v[0], v[1], v[2] > 0 ? v[2] : 1.0f, v[3], v[4], v[5], v[6]};
}

std::string read_hash() {
  char* text = js_read_hash();
  std::string out = text ? text : "";
  std::free(text);
  return out;
}

void write_hash(const std::string& text) { js_write_hash(text.c_str()); }

// clang-format off
EM_JS(int, js_mouse_inside, (), { return Module['whenceMouseInside'] ? 1 : 0; });
// clang-format on

bool mouse_inside() { return js_mouse_inside() != 0; }

bool take_hash_change() { return take_flag("whenceHashChanged"); }

std::string page_theme() {
  val name = val::module_property("whenceTheme");
  return name.isString() ? name.as<std::string>() : std::string("light");
}

bool take_theme_change() { return take_flag("whenceThemeChanged"); }

std::string page_op() {
  val op = val::module_property("whenceOp");
  return op.isString() ? op.as<std::string>() : std::string("torch.gather");
}

bool page_wants_header() {
  val header = val::module_property("whenceHeader");
  return header.isUndefined() || header.as<bool>();
}

void copy_to_clipboard(const std::string& text) { js_copy(text.c_str()); }

std::string last_paste() {
  val text = val::module_property("whencePaste");
  return text.isString() ? text.as<std::string>() : std::string();
}

void take_wheel(float* x, float* y) {
  *x = float(js_take_number("whenceWheelX"));
  *y = float(js_take_number("whenceWheelY"));
}

// clang-format off
EM_JS(int, js_touch_point, (float* xy), {
  if (!Module['whenceTouching']) return 0;
  HEAPF32[xy >> 2] = Module['whenceTouchX'];
  HEAPF32[(xy >> 2) + 1] = Module['whenceTouchY'];
  return 1;
});
// clang-format on

bool touch_point(float* x, float* y) {
  float xy[2];
  if (!js_touch_point(xy)) return false;
  *x = xy[0];
  *y = xy[1];
  return true;
}

void take_pan(float* x, float* y) {
  *x = float(js_take_number("whencePanX"));
  *y = float(js_take_number("whencePanY"));
}

float take_pinch() {
  const double f = js_take_number("whencePinch");
  return f > 0 ? float(f) : 1.0f;
}

bool take_double_click() { return take_flag("whenceDoubleClick"); }

float take_zoom_steps() { return float(js_take_number("whenceZoomSteps")); }

bool take_wake() { return take_flag("whenceWake"); }
bool take_frame_request() { return take_flag("whenceFrameWanted"); }

void pause_frames() {
  emscripten_pause_main_loop();
  js_set_flag("whenceLoopPaused", 1);
}

void set_captures_arrows(bool captures) { js_set_flag("whenceCapturesArrows", captures); }

void set_wants_wheel(bool wants) { js_set_flag("whenceWantsWheel", wants); }

void set_text_input(bool active) { js_set_flag("whenceTextInput", active); }

void report_content_height(float height) { js_content_height(height); }

void resize_canvas(int w, int h) { js_resize_canvas(w, h); }

void frame_drawn() { js_frame_drawn(); }

void show_fatal(const std::string& message) { js_show_fatal(message.c_str()); }

void announce(const std::string& text) { js_announce(text.c_str()); }

void export_png() { js_export_png(); }

}  // namespace whence::web::interop
