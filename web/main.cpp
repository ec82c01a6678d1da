// main.cpp - the window, the frame loop and the pixel-ratio plumbing. ImGui works in CSS
// pixels; the canvas's backing store is CSS size × devicePixelRatio, fonts are rasterized at
// that ratio, so text and lines land on device pixels.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <imgui_internal.h>  // ErrorCheckEndFrameRecover, InputTextState

#include "app.hpp"
#include "input_queue.hpp"
#include "interop.hpp"
#include "theme.hpp"
#include "timings.hpp"

namespace {

using namespace whence::web;

GLFWwindow* g_window = nullptr;
float g_font_dpr = 0;  // the ratio the font atlas was built for
// Tracing work per frame: with a frame's own 1 to 3 ms, well inside 16 ms.
constexpr double kTraceMsPerFrame = 6;
int g_frames_left = 0;  // frames still to draw after the last input (ImGui settles in a few)
int g_idle_frames = 0;  // frames in a row that drew nothing
constexpr int kIdleFramesBeforePause = 60;
double g_caret_due = 0;  // glfwGetTime() at which a focused text field's caret shows or hides next

// Seconds until the focused text field's caret next shows or hides. ImGui 1.86 shows it while
// CursorAnim <= 0 (just typed) or fmod(CursorAnim, 1.2) <= 0.8, and advances CursorAnim by the
// frame's time step, so drawing only at these flips (two frames a blink period, not seventy-two)
// blinks the same: a focused field idled at 60 frames a second, a core of SwiftShader.
double seconds_to_caret_flip() {
  const double anim = GImGui->InputTextState.CursorAnim;
  if (anim <= 0) return 0.8 - anim;
  const double phase = std::fmod(anim, 1.2);
  return phase <= 0.8 ? 0.8 - phase : 1.2 - phase;
}

const char* get_clipboard(void*) {
  static std::string text;
  text = interop::last_paste();
  return text.c_str();
}

void set_clipboard(void*, const char* text) { interop::copy_to_clipboard(text); }

// Sizes the backing store to CSS size × dpr. Returns true when something changed.
bool fit_canvas(const interop::CanvasSize& size) {
  const int want_w = std::max(1, int(std::lround(size.css_w * size.dpr)));
  const int want_h = std::max(1, int(std::lround(size.css_h * size.dpr)));
  int w = 0, h = 0;
  glfwGetFramebufferSize(g_window, &w, &h);
  if (w == want_w && h == want_h) return false;
  interop::resize_canvas(want_w, want_h);
  return true;
}

void frame() {
  ImGuiIO& io = ImGui::GetIO();
  const interop::CanvasSize size = interop::canvas_size();
  if (size.css_w < 1 || size.css_h < 1) return;  // hidden
  bool wake = interop::take_wake();
  wake |= fit_canvas(size);
  if (interop::take_hash_change()) {
    const std::string text = interop::read_hash();
    if (!text.empty() && text != app().state.text()) app().set_text(text);
    wake = true;
  }
  if (interop::take_theme_change()) {
    theme::set_palette(interop::page_theme());
    wake = true;
  }
  // A big result's inputs are traced forward a few milliseconds a frame (the equation bar
  // shows how far), then drawn once more with what pointing at an input lights.
  if (app().state.tracing()) {
    const double trace_start = timings::now_ms();
    app().state.trace_some(kTraceMsPerFrame);
    timings::record_trace(timings::now_ms() - trace_start);
    wake = true;
  }
  if (wake) g_frames_left = 3;
  if (interop::take_frame_request()) g_frames_left = std::max(g_frames_left, 1);
  // Keep drawing while input waits or "Copied" is showing; a focused field when its caret blinks.
  if (input::pending() || ImGui::GetTime() - app().copied_at < 2 || (io.WantTextInput && glfwGetTime() >= g_caret_due))
    g_frames_left = std::max(g_frames_left, 1);
  if (g_frames_left <= 0) {
    // Nothing to draw: after a second of that, no more frames until a wake (a focused field
    // keeps them, for its caret's next blink).
    if (++g_idle_frames >= kIdleFramesBeforePause && !io.WantTextInput) {
      g_idle_frames = 0;
      interop::pause_frames();
    }
    return;
  }
  g_idle_frames = 0;
  --g_frames_left;
  const double frame_start = timings::now_ms();

  if (size.dpr != g_font_dpr) {
    theme::load_fonts(size.dpr);
    g_font_dpr = size.dpr;
  }

  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(g_window, &fb_w, &fb_h);
  ImGui_ImplOpenGL3_NewFrame();
  // Tab moves between the grids while a cell is pinned or pointed at and no field has the keyboard.
  const bool tab_to_grids = GImGui->ActiveId == 0 && !app().edit.active() &&
                            (app().selection.pinned.valid() || app().selection.hovered.valid());
  input::feed(/*hold_keys=*/app().edit.starting(), tab_to_grids);
  if (const int tab = input::take_grid_tab()) app().tab_to_grid(tab);
  ImGui_ImplGlfw_NewFrame();
  // The GLFW backend reports backing-store pixels; ImGui works in CSS pixels.
  const ImVec2 scale(float(fb_w) / size.css_w, float(fb_h) / size.css_h);
  io.DisplaySize = ImVec2(size.css_w, size.css_h);
  app().visible = ImRect(size.visible_x0, size.visible_y0, size.visible_x1, size.visible_y1);
  io.DisplayFramebufferScale = scale;
  float wheel_x = 0, wheel_y = 0;
  interop::take_wheel(&wheel_x, &wheel_y);
  io.MouseWheelH += wheel_x;
  io.MouseWheel += wheel_y;
  if (!interop::mouse_inside())
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  else if (io.MousePos.x > -FLT_MAX)
    io.MousePos = ImVec2(io.MousePos.x / scale.x, io.MousePos.y / scale.y);
  float touch_x = 0, touch_y = 0;
  if (interop::touch_point(&touch_x, &touch_y)) io.MousePos = ImVec2(touch_x, touch_y);  // a finger points
  // 1.86 asserts on a zero time step, which a paused or virtual-time clock produces.
  io.DeltaTime = std::max(io.DeltaTime, 1e-4f);

  ImGui::NewFrame();
  try {
    draw_app(app());
  } catch (const std::exception& e) {
    // Never abort the page: drop this frame's half-built windows and carry on.
    std::fprintf(stderr, "whence: frame failed: %s\n", e.what());
    ImGui::ErrorCheckEndFrameRecover(nullptr);
  }
  ImGui::Render();

  // ImGui's renderer leaves its state behind (its backup and restore are cut: web/CMakeLists.txt),
  // scissor test included, which would limit the clear to its last clip rectangle.
  glDisable(GL_SCISSOR_TEST);
  glViewport(0, 0, fb_w, fb_h);
  const ImVec4 bg = ImGui::ColorConvertU32ToFloat4(theme::palette().background);
  glClearColor(bg.x, bg.y, bg.z, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  timings::record_frame(timings::now_ms() - frame_start, app().cells_drawn);
  // The drawing buffer is still this frame's until the browser composites it: capture now.
  if (app().export_png) {
    app().export_png = false;
    interop::export_png();
  }
  static float reported = -1;
  if (std::fabs(app().content_height - reported) >= 1) {
    reported = app().content_height;
    interop::report_content_height(reported);
  }
  if (io.WantTextInput) g_caret_due = glfwGetTime() + seconds_to_caret_flip() + 0.005;
  interop::frame_drawn();
}

}  // namespace

int main() {
  interop::install_listeners();
  if (!glfwInit()) {
    interop::show_fatal("This page could not start its graphics (GLFW).");
    return 1;
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  const interop::CanvasSize size = interop::canvas_size();
  const int w = std::max(1, int(std::lround(std::max(size.css_w, 1.0f) * size.dpr)));
  const int h = std::max(1, int(std::lround(std::max(size.css_h, 1.0f) * size.dpr)));
  g_window = glfwCreateWindow(w, h, "Whence", nullptr, nullptr);
  if (!g_window) {
    interop::show_fatal("Whence needs WebGL 2, which this browser does not provide.");
    return 1;
  }
  glfwMakeContextCurrent(g_window);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.LogFilename = nullptr;
  input::install(g_window);
  ImGui_ImplGlfw_InitForOpenGL(g_window, /*install_callbacks=*/false);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  // Browsers give clipboard text only to paste events and take it asynchronously.
  io.GetClipboardTextFn = get_clipboard;
  io.SetClipboardTextFn = set_clipboard;
  io.ClipboardUserData = nullptr;
  theme::set_palette(interop::page_theme());
  theme::apply_style();

  app().start(interop::page_op(), interop::read_hash());
  emscripten_set_main_loop(frame, 0, false);
  return 0;
}
