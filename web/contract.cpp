// contract.cpp - the C++ side of window.whence (DESIGN.md, "Browser contract"), wrapped by
// contract_pre.js. Reads the app; changes it only through App::set_text.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "app.hpp"
#include "panels.hpp"
#include "theme.hpp"

namespace whence::web {

namespace {

using emscripten::val;

std::string get_state() { return app().state.text(); }

void set_state(const std::string& text) { app().set_text(text); }

// Centre of a cell as last drawn, in CSS pixels of the canvas; null when not drawn (no such
// tensor or element, or scrolled out of view).
val cell_at(const std::string& tensor, double element) {
  const DrawnGrid* g = app().drawn_grid(tensor);
  const auto e = std::int64_t(element);
  const Shape& shape = g && g->broadcast ? g->own_shape : g ? g->layout.shape : Shape{};
  if (!g || e < 0 || e >= shape_numel(shape) || double(e) != element) return val::null();
  if (!g->layout.drawn(g->cell_of(e))) return val::null();  // rank > 3: another block
  const ImVec2 c = g->layout.cell_min(g->cell_of(e));
  const float x = g->origin.x + c.x + g->layout.cell_w * 0.5f;
  const float y = g->origin.y + c.y + g->layout.cell_h * 0.5f;
  if (x < g->clip_min.x || x > g->clip_max.x || y < g->clip_min.y || y > g->clip_max.y) return val::null();
  val p = val::object();
  p.set("x", x);
  p.set("y", y);
  return p;
}

val highlighted() {
  val list = val::array();
  int i = 0;
  for (const Highlight& h : highlights(app().state, app().selection.active())) {
    val item = val::object();
    item.set("tensor", h.tensor);
    item.set("element", double(h.element));
    item.set("role", h.role);
    list.set(i++, item);
  }
  return list;
}

val error() {
  const auto& e = app().state.error();
  if (!e) return val::null();
  val out = val::object();
  out.set("type", e->type);
  out.set("message", e->message);
  if (!e->arg.empty()) out.set("arg", e->arg);
  if (!e->explanation.empty()) out.set("explanation", e->explanation);
  if (e->element >= 0) out.set("element", double(e->element));
  return out;
}

// The active (hovered or pinned) cell, for tests and embedding pages.
val selected() {
  const CellRef& c = app().selection.active();
  if (!c.valid()) return val::null();
  val out = val::object();
  out.set("tensor", c.tensor);
  out.set("element", double(c.element));
  out.set("pinned", app().selection.pinned.valid());
  return out;
}

// A named control's rect (App::report_control) in CSS pixels of the canvas, or null.
val control_rect(const std::string& name) {
  const ImRect* r = app().drawn_control(name);
  if (!r) return val::null();
  val out = val::object();
  out.set("x", r->Min.x);
  out.set("y", r->Min.y);
  out.set("width", r->GetWidth());
  out.set("height", r->GetHeight());
  return out;
}

// The equation bar's text as drawn in the last frame; null while it shows the hint.
val equation() {
  const std::string& text = app().equation_shown;
  return text.empty() ? val::null() : val(text);
}

val shape_list(const Shape& s) {
  val list = val::array();
  for (std::size_t i = 0; i < s.size(); ++i) list.set(int(i), double(s[i]));
  return list;
}

// The broadcast bar: {lines: ["  (2, 1)", ...], warning, expanded: ["arg:1"]}, or null.
val broadcast() {
  const BroadcastInfo& info = app().broadcast();
  if (!info.active) return val::null();
  std::vector<Shape> shapes;
  val expanded = val::array();
  int n = 0;
  for (const auto& op : info.operands) {
    shapes.push_back(op.shape);
    if (op.expanded) expanded.set(n++, op.id);
  }
  val lines = val::array();
  int i = 0;
  for (const auto& l : aligned_shapes(shapes, info.result)) lines.set(i++, l);
  val out = val::object();
  out.set("lines", lines);
  out.set("expanded", expanded);
  out.set("warning", info.warning.empty() ? val::null() : val(info.warning));
  return out;
}

// The storage strip: {of, strides, offset, contiguous, length, selected, text}, or null.
val storage() {
  const StorageInfo info = storage_info(app());
  if (!info.view) return val::null();
  val out = val::object();
  out.set("of", info.view->of);
  out.set("strides", shape_list(info.view->strides));
  out.set("offset", double(info.view->offset));
  out.set("contiguous", info.contiguous);
  out.set("length", double(info.length));
  out.set("selected", info.selected >= 0 ? val(double(info.selected)) : val::null());
  out.set("viewCells", shape_list(info.view_cells));
  out.set("text", app().storage_text);
  return out;
}

// "Copy equation as LaTeX"'s text now; null when no equation was shown yet.
val latex() {
  const std::string text = app().latex();
  return text.empty() ? val::null() : val(text);
}

// The grids' zoom (Ctrl+wheel) and whether the values fit in the cells at it.
val zoom() {
  val out = val::object();
  out.set("zoom", app().zoom);
  const DrawnGrid* g = app().drawn_grid("out:0");
  out.set("valuesFit", g ? g->layout.values_fit : true);
  return out;
}

// Rank > 3: the note under a tensor's block picker naming the hidden blocks where something is
// lit ("also lit in blocks [0], [1]"), "" when nothing is, null without a picker.
val block_note(const std::string& tensor) {
  for (const auto& [id, note] : app().block_notes)
    if (id == tensor && app().drawn_grid(tensor) && app().drawn_grid(tensor)->layout.rank() > 3) return val(note);
  return val::null();
}

// How far a big result's inputs are traced forward: {known, progress (0..1), gaveUp}.
val traced() {
  val out = val::object();
  out.set("known", app().state.reverse_known());
  out.set("progress", app().state.trace_progress());
  out.set("gaveUp", app().state.trace_gave_up());
  return out;
}

// Whether the result drawn is not the current call's (the call failed; the last call that
// worked is drawn, greyed and hatched).
bool stale() { return app().state.stale(); }

// The palette the app draws with now: "light" or "dark" (whence.setTheme asks for one).
std::string theme_name() { return theme::palette().name; }

}  // namespace

}  // namespace whence::web

EMSCRIPTEN_BINDINGS(whence_contract) {
  using namespace whence::web;
  emscripten::function("whenceGetState", &get_state);
  emscripten::function("whenceSetState", &set_state);
  emscripten::function("whenceCellAt", &cell_at);
  emscripten::function("whenceHighlighted", &highlighted);
  emscripten::function("whenceError", &error);
  emscripten::function("whenceSelected", &selected);
  emscripten::function("whenceEquation", &equation);
  emscripten::function("whenceControlRect", &control_rect);
  emscripten::function("whenceGetTheme", &theme_name);
  emscripten::function("whenceBroadcast", &broadcast);
  emscripten::function("whenceStorage", &storage);
  emscripten::function("whenceLatex", &latex);
  emscripten::function("whenceZoom", &zoom);
  emscripten::function("whenceBlockNote", &block_note);
  emscripten::function("whenceTraced", &traced);
  emscripten::function("whenceStale", &stale);
}
