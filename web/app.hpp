// app.hpp - the app: state, selection, the cell being edited, and what the last frame drew.
// Panels (panels.hpp) read it and ask for changes; changes are applied between frames so a
// panel never sees the state change under it.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <imgui_internal.h>  // ImRect

#include "broadcast.hpp"
#include "history.hpp"
#include "layout.hpp"
#include "selection.hpp"
#include "state.hpp"

namespace whence::web {

// A cell value being typed (double-click or Enter on a pinned argument cell).
struct CellEdit {
  CellRef cell;
  std::string buffer;
  bool focus = false;         // give the field keyboard focus on its first frame
  bool invalid = false;       // the last Enter did not read as a value of the tensor's dtype
  bool field_active = false;  // the field has keyboard focus (it takes a frame or two)
  int frames_waited = 0;      // frames spent waiting for that focus
  bool active() const { return cell.valid(); }
  bool starting() const { return active() && !field_active; }
};

class App {
 public:
  State state;
  Selection selection;
  CellEdit edit;
  std::string call_buffer;        // the call field's text
  bool call_field_reset = false;  // the text changed from outside: drop the field's focus
  double copied_at = -1e9;        // time of the last "Copy as PyTorch"
  bool double_click = false;      // the browser reported a double-click (this frame only)
  bool show_header = true;        // the page may show the op's name and signature itself
  float content_height = 0;       // CSS pixels the last frame needed, top to bottom
  ImRect visible;                 // the part of the canvas on screen (the page scrolls it)
  std::string storage_text;       // the storage strip's line for the pointed-at element
  std::string equation_shown;     // the equation bar's text in the last frame ("" for the hint)
  bool equation_floats = false;   // this frame: the bar is off screen, the equation floats in view
  // The equation bar's lines: the most any equation of this result has needed (at most
  // kEquationMaxLines), so that the grids below do not jump as the pointer moves.
  int equation_lines = 1;
  std::uint64_t equation_lines_version = 0;
  float equation_lines_width = 0;

  // Startup: the URL hash, or the op's default example.
  void start(const std::string& page_op, const std::string& hash_text);

  // Between frames (setState, hashchange): replace the call text.
  void set_text(const std::string& text);
  // From panels, during a frame: applied by end_frame().
  void request_text(const std::string& text) { pending_text_ = text; }
  void request_call(const Call& call) { pending_call_ = call; }

  // Frame bookkeeping around the panels.
  void begin_frame();
  void end_frame();

  // What the panels draw with this frame.
  const HighlightMap& lit() const { return lit_; }
  void report_hover(const CellRef& cell) { hovered_next_ = cell; }
  void report_grid(DrawnGrid grid) { grids_next_.push_back(std::move(grid)); }
  // A grid as drawn in the last complete frame (browser contract), or nullptr; also nullptr
  // when set_text changed the call after that frame (its layout is not drawn yet).
  const DrawnGrid* drawn_grid(const std::string& tensor) const;
  // Named controls as drawn (for tests and tours): "call", "copy", "arg:1" (a scalar's field),
  // "arg:0/dtype", "arg:0/dim1-", "arg:0/dim1+". Records the last ImGui item under `name`.
  void report_control(const std::string& name);
  void report_control(const std::string& name, ImRect rect);
  const ImRect* drawn_control(const std::string& name) const;

  void start_edit(const CellRef& cell);
  // A cell the keyboard moved the pin to (arrows, Tab): its grid scrolls to show it when drawn next.
  CellRef reveal;
  // Tab (+1) or Shift+Tab (-1): pins the next or previous grid's cell, the same element where
  // the shapes match, else the first.
  void tab_to_grid(int direction);

  // Undo and redo of edits to the call (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y, and the buttons).
  History history;
  void undo();
  void redo();
  // The op's teaching example, and the same call with random values in its floating-point
  // and boolean arguments (integer ones are often indices, so they stay).
  void reset_example();
  void random_fill();
  // The equation of the pinned cell, else of the last cell pointed at, as LaTeX ("" if none).
  std::string latex() const;
  std::string last_equation;  // the equation bar's last non-hint text
  // Rank > 3: the leading indices of the 3-D block each tensor's grid shows (slice picker).
  std::vector<std::pair<std::string, std::vector<std::int64_t>>> blocks;
  std::vector<std::int64_t> block_of(const std::string& tensor) const {
    for (const auto& [id, index] : blocks)
      if (id == tensor) return index;
    return {};
  }
  void set_block(const std::string& tensor, std::vector<std::int64_t> index) {
    for (auto& [id, old] : blocks)
      if (id == tensor) {
        old = std::move(index);
        return;
      }
    blocks.emplace_back(tensor, std::move(index));
  }
  // Rank > 3: the note under each block picker ("also lit in blocks [0], [2]"; "" for none).
  std::vector<std::pair<std::string, std::string>> block_notes;
  void set_block_note(const std::string& tensor, std::string note) {
    for (auto& [id, old] : block_notes)
      if (id == tensor) {
        old = std::move(note);
        return;
      }
    block_notes.emplace_back(tensor, std::move(note));
  }
  float zoom = 1;           // the grids' scale (Ctrl+wheel), kMinZoom .. kMaxZoom
  bool export_png = false;  // draw, then hand the canvas to the page as a PNG download
  std::string announced;    // the live region's text, last sent to the page
  // Timing (timings.hpp): the grids' hit tests this frame, and grid cells drawn this frame.
  double hit_ms = 0;
  long cells_drawn = 0;

  // Whether the shown call broadcast its arguments (recomputed when the state changes).
  const BroadcastInfo& broadcast();

 private:
  void after_change();
  void announce_selection();
  void request_text_edit(const std::string& text);
  static bool hovered_scrollable();
  // Zooms by `factor` and pans the scrollable windows under the pointer by (pan_x, pan_y).
  void pan_and_zoom(float factor, float pan_x, float pan_y);
  ImGuiID rescroll_window_ = 0, zoom_window_ = 0;
  double zoom_time_ = -1;
  ImVec2 rescroll_;

  BroadcastInfo broadcast_;
  std::uint64_t broadcast_version_ = ~std::uint64_t(0);
  HighlightMap lit_;
  CellRef lit_for_;                // the cell lit_ was computed for
  std::uint64_t lit_version_ = 0;  // and the state's version then
  double hover_hit_ms_ = 0;        // the hit test of the frame that found a new hovered cell
  CellRef hovered_next_;
  std::vector<DrawnGrid> grids_, grids_next_;
  std::vector<std::pair<std::string, ImRect>> controls_, controls_next_;
  bool drawn_stale_ = false;  // set_text since the last end_frame: grids_ and controls_ show the old call
  std::optional<std::string> pending_text_;
  std::optional<Call> pending_call_;
};

App& app();

// Tests only (Module.debugTrap, web/bindings.cpp): the next evaluation of a call (set_text, a
// typed call, a UI edit) ends in a WebAssembly trap, so that a test can force one.
void arm_debug_trap();

// Draws the whole app for one frame (called between NewFrame and Render).
void draw_app(App& app);

}  // namespace whence::web
