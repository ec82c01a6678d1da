// input_queue.hpp - browser input to Dear ImGui, one change per key or mouse button per frame.
//
// ImGui 1.86 samples key and button state once per frame, so a press and release that both
// arrive between two frames (a quick tap, a synthetic click, a double-click) would be lost.
// The GLFW events are queued here and fed to the stock GLFW backend's callbacks in order, at
// most one transition of each key and button per frame (what ImGui 1.87 calls trickling).
// (The wheel does not go through GLFW at all: see interop.cpp.)
#pragma once

struct GLFWwindow;

namespace whence::web::input {

// Installs the GLFW callbacks. Initialize the ImGui GLFW backend with install_callbacks=false.
void install(GLFWwindow* window);
// Feeds what this frame may see. Call before ImGui_ImplGlfw_NewFrame(). With `hold_keys`
// (a text field is about to take focus), keyboard input waits, so nothing typed is lost.
// With `tab_to_grids` (no text field is active and a cell is pinned or pointed at), Tab and
// Shift+Tab are kept from ImGui, which would focus the call field, and take_grid_tab() says so.
void feed(bool hold_keys, bool tab_to_grids = false);
// +1 after Tab, -1 after Shift+Tab taken for the grids since the last call, else 0.
int take_grid_tab();
// Events are still waiting: draw another frame.
bool pending();

}  // namespace whence::web::input
