// interop.hpp - everything the app asks of the page: the URL hash, the canvas's CSS size and
// devicePixelRatio, the clipboard, input wake-ups, and frame notifications for window.whence.
#pragma once
#include <string>

namespace whence::web::interop {

// Installs the page listeners (hashchange, paste, input wake-ups). Call once, before the loop.
void install_listeners();

struct CanvasSize {
  float css_w = 0, css_h = 0;  // the canvas element's size in CSS pixels
  float dpr = 1;               // window.devicePixelRatio
  // The part of the canvas on screen (in the viewport; in an iframe, also in the embedding
  // page's viewport), in CSS pixels of the canvas.
  float visible_x0 = 0, visible_y0 = 0, visible_x1 = 0, visible_y1 = 0;
};
CanvasSize canvas_size();
// Sizes the canvas's backing store (and GLFW's record of its window) to w x h pixels. This is
// glfwSetWindowSize's own resize, without its request for fullscreen (and pointer lock) when
// the size equals the screen's: a page-filling widget at devicePixelRatio 1 asked for that.
void resize_canvas(int w, int h);

// The PyTorch call text in location.hash (URL-decoded); empty when there is none.
std::string read_hash();
// Writes the text into the hash without adding a history entry or firing hashchange.
void write_hash(const std::string& text);
// True once after each hashchange event (the user edited the URL, or went back).
bool take_hash_change();

// The palette the page asks for (Module.whenceTheme: "dark", otherwise light), and true once
// after each whence.setTheme (the page's theme changed).
std::string page_theme();
bool take_theme_change();

// The op this page is about (the page sets Module.whenceOp), "torch.gather" by default.
std::string page_op();

// False when the page shows the op's name and signature itself (Module.whenceHeader = false).
bool page_wants_header();

void copy_to_clipboard(const std::string& text);
// Text of the last paste event (browsers give pasted text only through that event).
std::string last_paste();

// Says `text` in the page's aria-live region (Module.whenceAnnounce, site/widget.js).
void announce(const std::string& text);
// Hands the canvas as just drawn to the page as a PNG download (Module.whenceExportPng).
void export_png();

// Whether the mouse is over the canvas.
bool mouse_inside();

// Wheel movement over the canvas since the last call, in ImGui's units (+y: away from the user).
void take_wheel(float* x, float* y);

// Ctrl+wheel movement over the canvas since the last call (+: zoom in, about one per notch).
float take_zoom_steps();

// Touch: whether a finger is down, and where (the centre of two), in CSS pixels of the canvas.
bool touch_point(float* x, float* y);
// One-finger drag over something the app scrolls since the last call, in CSS pixels.
void take_pan(float* x, float* y);
// Two-finger pinch since the last call: the factor its fingers' distance grew by (1: none).
float take_pinch();

// True once after each double-click on the canvas.
bool take_double_click();

// True once after any input or resize since the last call: the app draws only then.
bool take_wake();
bool take_frame_request();  // whence.nextFrame() asked for one frame
// Stops the frame loop until the next wake (any input, resize, hash or theme change, or a call
// of window.whence that changes or waits for a frame) resumes it.
void pause_frames();
// Tells the page whether arrow keys belong to the app (a cell is pinned), so they do not
// scroll the page.
void set_captures_arrows(bool captures);
// Tells the page whether a text field has the keyboard: its keys (Space, Home, End, PageUp,
// PageDown, arrows, Ctrl+A) then do not scroll the page or select it.
void set_text_input(bool active);
// Tells the page whether the wheel belongs to the app (something scrollable is under the
// mouse); otherwise wheel events over the canvas scroll the page.
void set_wants_wheel(bool wants);

// The height the app's content needs, in CSS pixels; the page may size the canvas to it.
void report_content_height(float height);

// Called after each drawn frame: resolves window.whence.ready and nextFrame() promises.
void frame_drawn();
// Shown over the canvas when the app cannot run (no WebGL2).
void show_fatal(const std::string& message);

}  // namespace whence::web::interop
