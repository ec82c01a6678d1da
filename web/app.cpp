#include "app.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>

#include <imgui.h>

#include "format.hpp"
#include "interop.hpp"
#include "latex.hpp"
#include "panels.hpp"
#include "tensor_edit.hpp"
#include "theme.hpp"
#include "timings.hpp"

namespace whence::web {

App& app() {
  static App instance;
  return instance;
}

namespace {

bool g_debug_trap_armed = false;

// Tests only (Module.debugTrap): the evaluation just made traps, as a bug in a kernel would.
void trap_if_armed() {
  if (!g_debug_trap_armed) return;
  g_debug_trap_armed = false;
  __builtin_trap();
}

}  // namespace

void arm_debug_trap() { g_debug_trap_armed = true; }

void App::start(const std::string& page_op, const std::string& hash_text) {
  show_header = interop::page_wants_header();
  state.init(page_op);
  set_text(hash_text.empty() ? state.default_example() : hash_text);
}

void App::set_text(const std::string& text) {
  if (text != state.text() && !state.text().empty()) history.record(state.text());
  state.set_text(text);
  trap_if_armed();
  drawn_stale_ = true;
  after_change();
}

void App::after_change() {
  selection.validate(state);
  // The first highlights pay for compiling their code (V8 compiles WebAssembly functions when
  // first called): pay it now, not on the first hover.
  if (state.has_result()) highlight_map(state, CellRef{"out:0", 0});
  if (edit.active() && !state.find_tensor(edit.cell.tensor)) edit = {};
  reveal = {};
  if (call_buffer != state.text()) {
    call_buffer = state.text();
    call_field_reset = true;
  }
  interop::write_hash(state.text());
}

void App::begin_frame() {
  // Keyboard input is held while an edit field takes focus; never hold it for long (the
  // field may not be drawn, e.g. scrolled away).
  if (edit.starting() && ++edit.frames_waited > 8) edit = {};
  double_click = interop::take_double_click();
  // Zoom: Ctrl+wheel, or a pinch; anchored where the pointer (the pinch's centre) is.
  float factor = interop::take_pinch();
  if (const float steps = interop::take_zoom_steps(); steps != 0) factor *= std::pow(1.15f, steps);
  float pan_x = 0, pan_y = 0;
  interop::take_pan(&pan_x, &pan_y);
  pan_and_zoom(factor, pan_x, pan_y);
  // A pinned cell of a rank > 3 tensor (arrows run on through the blocks) shows its block.
  if (selection.pinned.valid())
    if (const TensorItem* t = state.find_tensor(selection.pinned.tensor); t && t->tensor.dim() > 3)
      set_block(t->id, block_index(t->tensor.shape(), selection.pinned.element));
  // A new active cell: its sources or reach (explained now if the result is big), timed with
  // the hit test that found it.
  // Only when the cell or the state changed: a frame with nothing new reuses them.
  const double t0 = timings::now_ms();
  if (selection.active() != lit_for_ || state.version() != lit_version_) {
    lit_ = highlight_map(state, selection.active());
    lit_version_ = state.version();
    if (selection.active() != lit_for_) {
      lit_for_ = selection.active();
      if (lit_for_.valid()) timings::record_hover(timings::now_ms() - t0 + hover_hit_ms_);
    }
  }
  hover_hit_ms_ = 0;
  hit_ms = 0;
  cells_drawn = 0;
  hovered_next_ = {};
  grids_next_.clear();
  controls_next_.clear();
}

void App::end_frame() {
  if (hovered_next_ != selection.hovered) hover_hit_ms_ = hit_ms;
  selection.hovered = hovered_next_;
  grids_.swap(grids_next_);
  controls_.swap(controls_next_);
  drawn_stale_ = false;
  // Edits asked for during the frame.
  if (pending_call_) {
    history.record(state.text());
    state.apply(*pending_call_);
    trap_if_armed();
    pending_call_.reset();
    pending_text_.reset();
    after_change();
  } else if (pending_text_) {
    if (*pending_text_ != state.text()) history.record(state.text(), /*typing=*/true, ImGui::GetTime());
    state.set_text(*pending_text_);
    trap_if_armed();
    pending_text_.reset();
    // The user is typing in the call field: keep their text and their focus.
    call_buffer = state.text();
    selection.validate(state);
    interop::write_hash(state.text());
  }
  if (!equation_shown.empty()) last_equation = equation_shown;
  announce_selection();
  interop::set_captures_arrows(selection.pinned.valid());
  interop::set_text_input(ImGui::GetIO().WantTextInput);
  interop::set_wants_wheel(hovered_scrollable());
}

void App::pan_and_zoom(float factor, float pan_x, float pan_y) {
  // ImGui clamps a scroll to the last frame's content: a zoom's scroll is set again a frame later.
  if (ImGuiWindow* w = ImGui::FindWindowByID(rescroll_window_)) {
    if (rescroll_.x >= 0) ImGui::SetScrollX(w, rescroll_.x);
    if (rescroll_.y >= 0) ImGui::SetScrollY(w, rescroll_.y);
  }
  rescroll_window_ = 0;
  const float next = std::clamp(zoom * factor, kMinZoom, kMaxZoom);
  const float f = next / zoom;
  zoom = next;
  if (f == 1 && pan_x == 0 && pan_y == 0) return;
  const ImVec2 at = ImGui::GetIO().MousePos;
  // The scrollable windows under the pointer, innermost first, take the pan and keep the point
  // under the pointer where it was. A zoom moves the cards: a gesture keeps the window it began on.
  ImGuiWindow* under = GImGui->HoveredWindow;
  if (ImGuiWindow* w = ImGui::FindWindowByID(zoom_window_); w && f != 1 && ImGui::GetTime() - zoom_time_ < 0.5)
    under = w;
  for (ImGuiWindow* w = under; w; w = w->ParentWindow) {
    const ImVec2 local(at.x - w->InnerRect.Min.x, at.y - w->InnerRect.Min.y);
    // From a scroll still to be applied (the last frame's zoom), else from where it is.
    const ImVec2 from(w->ScrollTarget.x < FLT_MAX ? w->ScrollTarget.x : w->Scroll.x,
                      w->ScrollTarget.y < FLT_MAX ? w->ScrollTarget.y : w->Scroll.y);
    ImVec2 target(-1, -1);
    if (w->ScrollMax.x > 0 && (f != 1 || pan_x != 0)) {
      target.x = std::max(0.0f, (from.x + local.x) * f - local.x - pan_x);
      ImGui::SetScrollX(w, target.x);
      pan_x = 0;
    }
    if (w->ScrollMax.y > 0 && (f != 1 || pan_y != 0)) {
      target.y = std::max(0.0f, (from.y + local.y) * f - local.y - pan_y);
      ImGui::SetScrollY(w, target.y);
      pan_y = 0;
    }
    if (f != 1 && (target.x >= 0 || target.y >= 0)) {
      rescroll_window_ = zoom_window_ = w->ID;
      rescroll_ = target;
      zoom_time_ = ImGui::GetTime();
      break;
    }
    if (!(w->Flags & ImGuiWindowFlags_ChildWindow)) break;
  }
}

bool App::hovered_scrollable() {
  // The hovered window or one of its parents can scroll (ImGui sends the wheel there).
  for (ImGuiWindow* w = GImGui->HoveredWindow; w; w = w->ParentWindow) {
    if (w->ScrollMax.y > 0 || w->ScrollMax.x > 0) return true;
    if (!(w->Flags & ImGuiWindowFlags_ChildWindow)) break;
  }
  return false;
}

const DrawnGrid* App::drawn_grid(const std::string& tensor) const {
  if (drawn_stale_) return nullptr;
  for (const auto& g : grids_)
    if (g.tensor == tensor) return &g;
  return nullptr;
}

void App::report_control(const std::string& name) {
  report_control(name, ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()));
}

void App::report_control(const std::string& name, ImRect r) {
  // Clipped to what is visible, so a scrolled-away control has no rect.
  r.ClipWith(ImRect(ImGui::GetWindowDrawList()->GetClipRectMin(), ImGui::GetWindowDrawList()->GetClipRectMax()));
  if (r.GetWidth() > 0 && r.GetHeight() > 0) controls_next_.emplace_back(name, r);
}

const ImRect* App::drawn_control(const std::string& name) const {
  if (drawn_stale_) return nullptr;
  for (const auto& [n, r] : controls_)
    if (n == name) return &r;
  return nullptr;
}

void App::undo() {
  if (!history.can_undo()) return;
  state.set_text(history.undo(state.text()));
  after_change();
}

void App::redo() {
  if (!history.can_redo()) return;
  state.set_text(history.redo(state.text()));
  after_change();
}

void App::reset_example() {
  if (state.default_example().empty() || state.default_example() == state.text()) return;
  request_text_edit(state.default_example());
}

void App::random_fill() {
  if (!state.parsed()) return;
  static std::uint32_t seed = 12345;
  Call call = state.call();
  bool changed = false;
  for (const TensorItem& in : state.inputs()) {
    const DType d = in.tensor.dtype();
    if (!is_floating(d) && d != DType::Bool) continue;
    Tensor t = in.tensor.to(d);  // a copy: the last good call shares the argument's storage
    for (std::int64_t e = 0; e < t.numel(); ++e) {
      seed = seed * 1664525u + 1013904223u;  // a fixed LCG: the same clicks give the same values
      const std::uint32_t r = seed >> 8;
      t.set(e, d == DType::Bool ? Scalar::from_bool(r & 1) : Scalar::from_float(double(int(r % 81) - 40) / 10.0));
    }
    call = with_arg(call, in.id, Value(t));
    changed = true;
  }
  if (changed) request_call(call);
}

void App::request_text_edit(const std::string& text) {
  history.record(state.text());
  state.set_text(text);
  after_change();
}

std::string App::latex() const { return last_equation.empty() ? std::string() : equation_latex(last_equation); }

// The cell's name ("out[1][0]") and value, then its equation, for screen readers.
void App::announce_selection() {
  const CellRef& c = selection.active();
  std::string text;
  if (c.valid())
    if (const TensorItem* item = state.find_tensor(c.tensor); item && c.element < std::int64_t(item->text.size())) {
      const std::string name = cell_name(item->label, item->tensor.shape(), c.element);
      // The equation starts with the cell's name and value already ("out[1] = ... = 14.0").
      text = std::string(selection.pinned.valid() ? "Selected " : "Pointing at ") +
             (equation_shown.empty() ? name + " = " + item->text[std::size_t(c.element)] : equation_shown);
    }
  if (text == announced) return;
  announced = text;
  if (!text.empty()) interop::announce(text);
}

const BroadcastInfo& App::broadcast() {
  if (broadcast_version_ != state.version()) {
    broadcast_ = analyse_broadcast(state);
    broadcast_version_ = state.version();
  }
  return broadcast_;
}

void App::start_edit(const CellRef& cell) {
  const TensorItem* t = state.find_tensor(cell.tensor);
  if (!t || is_output(cell.tensor) || !state.parsed() || cell.element >= t->tensor.numel()) return;
  edit.cell = cell;
  edit.buffer = format_for_edit(t->tensor, cell.element);
  edit.focus = true;
  edit.invalid = false;
  edit.field_active = false;
  edit.frames_waited = 0;
}

void App::tab_to_grid(int direction) {
  const CellRef& from = selection.active();
  const TensorItem* here = state.find_tensor(from.tensor);
  const int n = int(grids_.size());
  int at = -1;
  for (int i = 0; i < n; ++i)
    if (grids_[std::size_t(i)].tensor == from.tensor) at = i;
  if (!here || at < 0) return;
  for (int step = 1; step < n; ++step) {
    const std::string& id = grids_[std::size_t(((at + direction * step) % n + n) % n)].tensor;
    const TensorItem* next = state.find_tensor(id);
    if (!next || next->tensor.numel() == 0) continue;
    selection.pinned = CellRef{id, next->tensor.shape() == here->tensor.shape() ? from.element : 0};
    reveal = selection.pinned;
    return;
  }
}

namespace {

// Keyboard outside text fields: Esc unpins, arrows move the pinned cell, Enter edits it.
void handle_keys(App& app) {
  const ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || app.edit.active()) return;
  Selection& sel = app.selection;
  // Ctrl+Z undoes an edit of the call; Ctrl+Shift+Z and Ctrl+Y redo (in the call field,
  // the field's own undo works on its text instead).
  if ((io.KeyCtrl || io.KeySuper) && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Z), false)) {
    if (io.KeyShift)
      app.redo();
    else
      app.undo();
    return;
  }
  if ((io.KeyCtrl || io.KeySuper) && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Y), false)) {
    app.redo();
    return;
  }
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) sel.pinned = {};
  if (!sel.pinned.valid()) {
    // Without a mouse: an arrow key pins the result's first element, to move from there.
    for (ImGuiKey k : {ImGuiKey_LeftArrow, ImGuiKey_RightArrow, ImGuiKey_UpArrow, ImGuiKey_DownArrow})
      if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(k)) && app.state.has_result() &&
          app.state.outputs()[0].tensor.numel() > 0) {
        sel.pinned = CellRef{app.state.outputs()[0].id, 0};
        return;
      }
    return;
  }
  const struct {
    ImGuiKey key;
    int drow, dcol;
  } moves[] = {
      {ImGuiKey_LeftArrow, 0, -1}, {ImGuiKey_RightArrow, 0, 1}, {ImGuiKey_UpArrow, -1, 0}, {ImGuiKey_DownArrow, 1, 0}};
  for (const auto& m : moves)
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(m.key))) {
      sel.pinned = moved(app.state, sel.pinned, m.drow, m.dcol);
      app.reveal = sel.pinned;
    }
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) ||
      ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter)))
    app.start_edit(sel.pinned);
}

}  // namespace

void draw_app(App& app) {
  app.begin_frame();
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                 ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse |
                                 ImGuiWindowFlags_NoBackground;  // main.cpp clears to the same colour
  ImGui::Begin("Whence", nullptr, flags);
  if (app.show_header) draw_header(app);
  draw_call_editor(app);
  draw_equation(app);
  draw_broadcast(app);
  draw_cards(app);
  draw_floating_equation(app);
  // A click on empty space unpins.
  if (ImGui::IsMouseClicked(0) && !ImGui::IsAnyItemHovered() && ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows))
    app.selection.pinned = {};
  handle_keys(app);
  ImGui::End();
  app.end_frame();
}

}  // namespace whence::web
