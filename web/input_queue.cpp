#include "input_queue.hpp"

#include <deque>
#include <set>
#include <utility>

#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>

namespace whence::web::input {

namespace {

struct Event {
  enum Kind { Key, Button, Char } kind;
  int code = 0;  // key, button or character
  int scancode = 0, action = 0, mods = 0;
};

GLFWwindow* g_window = nullptr;
std::deque<Event> g_queue;
int g_grid_tab = 0;
bool g_tab_taken = false;  // the Tab key's press went to the grids: so does its release

// Keys ImGui reads (its key map: arrows, Enter, Backspace, the Ctrl+A/C/V/X/Y/Z letters...)
// and the modifiers. Other keys only matter as characters, which come separately; keeping
// them out of the queue keeps a burst of typing to one frame.
bool imgui_reads(int key) {
  switch (key) {
    case GLFW_KEY_LEFT_CONTROL:
    case GLFW_KEY_RIGHT_CONTROL:
    case GLFW_KEY_LEFT_SHIFT:
    case GLFW_KEY_RIGHT_SHIFT:
    case GLFW_KEY_LEFT_ALT:
    case GLFW_KEY_RIGHT_ALT:
    case GLFW_KEY_LEFT_SUPER:
    case GLFW_KEY_RIGHT_SUPER: return true;
    default: break;
  }
  const ImGuiIO& io = ImGui::GetIO();
  for (int k = 0; k < ImGuiKey_COUNT; ++k)
    if (io.KeyMap[k] == key) return true;
  return false;
}

void on_key(GLFWwindow*, int key, int scancode, int action, int mods) {
  if (action == GLFW_REPEAT) return;  // ImGui repeats held keys itself
  if (!imgui_reads(key)) return;
  g_queue.push_back({Event::Key, key, scancode, action, mods});
}

void on_button(GLFWwindow*, int button, int action, int mods) {
  g_queue.push_back({Event::Button, button, 0, action, mods});
}

// Characters go through the queue too, so text typed after a key stays after it.
void on_char(GLFWwindow*, unsigned int c) { g_queue.push_back({Event::Char, int(c)}); }

}  // namespace

void install(GLFWwindow* window) {
  g_window = window;
  glfwSetKeyCallback(window, on_key);
  glfwSetMouseButtonCallback(window, on_button);
  glfwSetCharCallback(window, on_char);
}

void feed(bool hold_keys, bool tab_to_grids) {
  std::set<std::pair<int, int>> changed;  // (kind, code) already changed this frame
  while (!g_queue.empty()) {
    const Event e = g_queue.front();
    if (hold_keys && e.kind != Event::Button) break;
    if (e.kind != Event::Char && !changed.insert({e.kind, e.code}).second) break;
    g_queue.pop_front();
    if (e.kind == Event::Key && e.code == GLFW_KEY_TAB && (g_tab_taken || (tab_to_grids && e.action == GLFW_PRESS))) {
      g_tab_taken = e.action == GLFW_PRESS;
      if (g_tab_taken) g_grid_tab = (e.mods & GLFW_MOD_SHIFT) ? -1 : 1;
      continue;
    }
    switch (e.kind) {
      case Event::Key: ImGui_ImplGlfw_KeyCallback(g_window, e.code, e.scancode, e.action, e.mods); break;
      case Event::Button: ImGui_ImplGlfw_MouseButtonCallback(g_window, e.code, e.action, e.mods); break;
      case Event::Char: ImGui_ImplGlfw_CharCallback(g_window, unsigned(e.code)); break;
    }
  }
}

int take_grid_tab() {
  const int t = g_grid_tab;
  g_grid_tab = 0;
  return t;
}

bool pending() { return !g_queue.empty(); }

}  // namespace whence::web::input
