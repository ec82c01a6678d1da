// The cards: one per argument in call order (a tensor grid with its dtype and shape editors,
// or a field for a scalar such as dim), then "→" and the result. Cards flow left to right
// and wrap; an error naming an argument is shown on that argument's card.
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstring>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "broadcast.hpp"
#include "core/call_format.hpp"
#include "format.hpp"
#include "panels.hpp"
#include "tensor_edit.hpp"
#include "theme.hpp"

namespace whence::web {

namespace {

constexpr float kHeaderGap = 10.0f;  // header to grid, grid to shape editor
constexpr float kMaxGridHeight = 380.0f;
constexpr float kArrowWidth = 34.0f;
constexpr float kScalarFieldWidth = 104.0f;
constexpr float kDTypeWidth = 86.0f;
constexpr float kErrorMinWidth = 260.0f;
constexpr DType kDTypes[] = {DType::Float32, DType::Float64, DType::Float16, DType::BFloat16, DType::Int64,
                             DType::Int32,   DType::Int16,   DType::Int8,    DType::UInt8,    DType::Bool};

enum class CardKind { Tensor, Scalar, Output };

struct Card {
  CardKind kind;
  const ArgItem* arg = nullptr;      // Tensor and Scalar cards
  const TensorItem* item = nullptr;  // Tensor and Output cards
  GridLayout layout;
  const Shape* drawn_shape = nullptr;  // a broadcast operand: the result's shape
  ImVec2 grid_box;
  float lead = 0;  // space before the card (the arrow before the result)
  const ErrorInfo* error = nullptr;
  bool stale = false;  // an Output card showing the last call that worked (the call failed)
  std::string type;    // Scalar cards: Python's type name ("int", "bool")
  ImVec2 size;
};

// Under a result that is not the current call's (stale): said in words, not only by its grey.
constexpr const char* kStaleNote = "From the last call that worked, not from this one.";

constexpr float kFramePadY = 5.0f;
// Height of the small widgets inside cards (FramePadding.y = kFramePadY around 14 px text).
float frame_h() { return font_px(theme::fonts().ui) + 2 * kFramePadY; }

float text_w(ImFont* font, const std::string& s) { return font->CalcTextSizeA(font_px(font), 1e9f, 0, s.c_str()).x; }

std::string shape_text(const Tensor& t) { return format_shape(t.shape()); }

// Python's repr for what a card shows read-only.
std::string repr(const Value& v) {
  if (v.is<None>()) return "None";
  if (v.is<bool>()) return v.as<bool>() ? "True" : "False";
  if (v.is<std::int64_t>()) return std::to_string(v.as<std::int64_t>());
  if (v.is<double>()) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v.as<double>());
    return buf;
  }
  if (v.is<std::string>()) return "'" + v.as<std::string>() + "'";
  if (v.is<DType>()) return std::string(dtype_torch_name(v.as<DType>()));
  if (v.is<Tensor>()) return "tensor";
  if (v.is<Slice>() || v.is<Ellipsis>()) return format_index_item(v);  // as inside x[...]: 1:, ::2, ...
  std::string s = v.is_tuple ? "(" : "[";
  const List& items = v.as<List>();
  for (std::size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + repr(items[i]);
  if (v.is_tuple && items.size() == 1) s += ",";
  return s + (v.is_tuple ? ")" : "]");
}

float stale_note_height(float width) {
  ImFont* font = theme::fonts().small;
  return font->CalcTextSizeA(font_px(font), 1e9f, width, kStaleNote).y;
}

float header_width(const Card& card) {
  const auto& f = theme::fonts();
  if (card.kind == CardKind::Scalar) return text_w(f.ui_bold, card.arg->label) + 8 + text_w(f.ui, card.type);
  const TensorItem& item = *card.item;
  float w = 14 + text_w(f.ui_bold, item.label) + 10 + text_w(f.ui, shape_text(item.tensor)) + 16;
  w += card.kind == CardKind::Tensor ? kDTypeWidth : text_w(f.ui, dtype_name(item.tensor.dtype()));
  return w;
}

float shape_editor_width(const Tensor& t) {
  const float stepper = 2 * frame_h() + 22;
  const float times = text_w(theme::fonts().ui, "\xc3\x97") + 8;
  return float(t.dim()) * (stepper + times) - (t.dim() ? times : 0) + 8 + frame_h();
}

// The shape editor's lines within `width` (a phone's card is narrower than a 4-D tensor's
// steppers): which steppers start a new line (with their "×"), and whether the "…" menu does.
struct ShapeRows {
  std::vector<bool> breaks;
  bool more_breaks = false;
  int lines = 1;
};
constexpr float kShapeRowGap = 6;

float stepper_width(std::int64_t n) {
  return 2 * frame_h() + std::max(22.0f, text_w(theme::fonts().mono, std::to_string(n)) + 8);
}

ShapeRows shape_editor_rows(const Tensor& t, float width) {
  ShapeRows r;
  const float times = text_w(theme::fonts().ui, "\xc3\x97") + 8;
  float x = 0;
  for (int d = 0; d < t.dim(); ++d) {
    const float w = stepper_width(t.shape()[std::size_t(d)]) + (d ? times : 0);
    const bool wrap = d > 0 && x + w > width;
    r.breaks.push_back(wrap);
    r.lines += wrap;
    x = wrap ? w : x + w;
  }
  r.more_breaks = t.dim() > 0 && x + 8 + frame_h() > width;
  r.lines += r.more_breaks;
  return r;
}

float shape_editor_height(const Tensor& t, float width) {
  const int lines = shape_editor_rows(t, width).lines;
  return float(lines) * frame_h() + float(lines - 1) * kShapeRowGap;
}

// Rank > 3: a row that picks the 3-D block the grid shows, "block [− 1 +, − 0 +, :, :, :]",
// and a line under it naming the other blocks where something is lit.
float block_picker_height(const GridLayout& g) {
  return g.rank() > 3 ? frame_h() + font_px(theme::fonts().small) + 4 + kHeaderGap : 0;
}
float block_picker_width(const GridLayout& g) {
  return text_w(theme::fonts().ui, "block  [") + float(g.rank() - 3) * (2 * frame_h() + 40) +
         text_w(theme::fonts().mono, ":, :, :]") + 8;
}

Card measure(Card card, float max_w, const ErrorInfo* error, const Call& call) {
  const float pad = theme::kCardPad;
  float w = header_width(card);
  float h = frame_h();
  if (card.kind == CardKind::Scalar) {
    w = std::max(w, kScalarFieldWidth);
    // A value without an editor (a list, an index) is shown whole, up to the row's width.
    const Value* v = find_arg(call, card.arg->id);
    if (v && (v->is<List>() || v->is<Slice>() || v->is<Ellipsis>()))
      w = std::min(std::max(w, text_w(theme::fonts().mono, repr(*v))), max_w - 2 * pad);
    h += kHeaderGap + frame_h();
  } else {
    card.layout = grid_layout(*card.item, card.drawn_shape);
    card.grid_box = grid_box_size(card.layout, ImVec2(max_w - 2 * pad, kMaxGridHeight));
    w = std::max(w, card.grid_box.x);
    h += kHeaderGap + card.grid_box.y + block_picker_height(card.layout);
    if (card.layout.rank() > 3) w = std::max(w, block_picker_width(card.layout));
    if (card.kind == CardKind::Tensor) w = std::max(w, shape_editor_width(card.item->tensor));
  }
  if (error) {
    card.error = error;
    w = std::max(w, std::min(kErrorMinWidth, max_w - 2 * pad));
    h += 8 + error_text_height(*error, w);
  }
  if (card.stale) {
    w = std::max(w, std::min(kErrorMinWidth, max_w - 2 * pad));
    h += 8 + stale_note_height(std::min(w, max_w - 2 * pad));
  }
  if (card.kind == CardKind::Tensor)  // its lines at the card's final width
    h += kHeaderGap + shape_editor_height(card.item->tensor, std::min(w, max_w - 2 * pad));
  card.size = ImVec2(std::min(w, max_w - 2 * pad) + 2 * pad, h + 2 * pad);
  return card;
}

// --- pieces of a card ---------------------------------------------------------------------------

void name_dot(ImU32 colour) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float h = frame_h();
  ImGui::GetWindowDrawList()->AddCircleFilled(ImVec2(p.x + 4, p.y + h * 0.5f), 4, colour);
  ImGui::Dummy(ImVec2(8, h));
  ImGui::SameLine(0, 6);
}

// Text as an item of height frame_h(), vertically centred, so it lines up with small
// widgets on the same row (SameLine keeps the row's top).
void row_text(ImFont* font, ImU32 colour, const std::string& s) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = text_w(font, s);
  ImGui::GetWindowDrawList()->AddText(
      font, font_px(font), ImVec2(p.x, std::floor(p.y + (frame_h() - font_px(font)) * 0.5f)), colour, s.c_str());
  ImGui::Dummy(ImVec2(w, frame_h()));
}

// A dtype combo with a light chevron instead of ImGui's arrow button. True when the user
// picks another dtype (in *chosen).
bool dtype_picker(App& app, const std::string& name, DType current, DType* chosen, float width) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float h = ImGui::GetFrameHeight();
  bool picked = false;
  ImGui::SetNextItemWidth(width);
  if (ImGui::BeginCombo("##dtype", dtype_name(current),
                        ImGuiComboFlags_NoArrowButton | ImGuiComboFlags_HeightLargest)) {
    for (DType d : kDTypes) {
      if (ImGui::Selectable(dtype_name(d), d == current) && d != current) {
        *chosen = d;
        picked = true;
      }
      app.report_control(name + ":" + dtype_name(d));  // "arg:0/dtype:float32"
    }
    ImGui::EndCombo();
  }
  app.report_control(name, ImRect(p, ImVec2(p.x + width, p.y + h)));
  const ImVec2 c(p.x + width - 12, p.y + h * 0.5f);
  const ImVec2 chevron[] = {ImVec2(c.x - 3.5f, c.y - 1.5f), ImVec2(c.x, c.y + 2), ImVec2(c.x + 3.5f, c.y - 1.5f)};
  dl->AddPolyline(chevron, 3, theme::palette().muted, 0, 1.5f);
  return picked;
}

// Right-aligned in the header row, whose right edge is `right` (screen x) and top `top`.
void dtype_combo(App& app, const TensorItem& item, float right, float top) {
  ImGui::SetCursorScreenPos(ImVec2(right - kDTypeWidth, top));
  DType d;
  if (dtype_picker(app, item.id + "/dtype", item.tensor.dtype(), &d, kDTypeWidth))
    app.request_call(with_arg(app.state.call(), item.id, with_dtype(item.tensor, d)));
}

void stale_badge(float right, float top) {
  const char* text = "old result";
  ImFont* font = theme::fonts().small;
  const float w = text_w(font, text) + 14;
  const float h = frame_h() - 4;
  const ImVec2 p(right - w, top + 2);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), theme::palette().stale_tint, h * 0.5f);
  dl->AddText(font, font_px(font), ImVec2(p.x + 7, std::floor(p.y + (h - font_px(font)) * 0.5f)),
              theme::palette().stale, text);
}

bool small_button(const char* label, const char* tooltip, bool enabled) {
  ImGui::BeginDisabled(!enabled);
  const float w = std::strlen(label) <= 3 ? frame_h() : 0;  // square for one glyph
  const bool pressed = ImGui::Button(label, ImVec2(w, frame_h()));
  ImGui::EndDisabled();
  if (tooltip && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", tooltip);
  return pressed && enabled;
}

// What one step along dimension d of a rank-r tensor adds or removes, for tooltips.
std::string dim_noun(int d, int rank) {
  if (d == rank - 1) return "column";
  if (d == rank - 2) return "row";
  return "slice along dim " + std::to_string(d);
}

// shape  [-] 2 [+]  x  [-] 3 [+]   [...], on as many lines as `width` needs
void shape_editor(App& app, const TensorItem& item, float width) {
  const Tensor& t = item.tensor;
  const Call& call = app.state.call();
  const ShapeRows rows = shape_editor_rows(t, width);
  const float left = ImGui::GetCursorScreenPos().x;
  float top = ImGui::GetCursorScreenPos().y;
  const auto new_line = [&] {
    top += frame_h() + kShapeRowGap;
    ImGui::SetCursorScreenPos(ImVec2(left, top));
  };
  for (int d = 0; d < t.dim(); ++d) {
    ImGui::PushID(d);
    if (d) {
      if (rows.breaks[std::size_t(d)])
        new_line();
      else
        ImGui::SameLine(0, 4);
      row_text(theme::fonts().ui, theme::palette().faint, "\xc3\x97");  // ×
      ImGui::SameLine(0, 4);
    }
    const std::int64_t n = t.shape()[d];
    const std::string noun = dim_noun(d, t.dim());
    // Growing one dimension by one adds numel / n elements.
    const std::int64_t grown = n > 0 ? t.numel() / n * (n + 1) : 1;
    const std::string less = "Remove the last " + noun, more = "Add a " + noun + " of zeros";
    const std::string name = item.id + "/dim" + std::to_string(d);
    if (small_button("\xe2\x88\x92", less.c_str(), n > 0))  // −
      app.request_call(with_arg(call, item.id, with_dim_size(t, d, n - 1)));
    app.report_control(name + "-");
    ImGui::SameLine(0, 0);
    const std::string label = std::to_string(n);
    ImFont* mono = theme::fonts().mono;
    const float w = std::max(22.0f, text_w(mono, label) + 8);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(w, frame_h()));
    ImGui::GetWindowDrawList()->AddText(mono, font_px(mono),
                                        ImVec2(std::floor(p.x + (w - text_w(mono, label)) * 0.5f),
                                               std::floor(p.y + (frame_h() - font_px(mono)) * 0.5f)),
                                        theme::palette().text, label.c_str());
    ImGui::SameLine(0, 0);
    if (small_button("+", more.c_str(), grown <= kMaxElements))
      app.request_call(with_arg(call, item.id, with_dim_size(t, d, n + 1)));
    app.report_control(name + "+");
    ImGui::PopID();
  }
  // Rank changes are rarer: a small menu at the end of the row.
  if (rows.more_breaks)
    new_line();
  else if (t.dim())
    ImGui::SameLine(0, 8);
  if (small_button("\xe2\x80\xa6", "More shape edits", true)) ImGui::OpenPopup("rank");  // …
  app.report_control(item.id + "/more");
  if (ImGui::BeginPopup("rank")) {
    if (ImGui::MenuItem("Add a dimension of size 1", nullptr, false, t.dim() < kMaxRank))
      app.request_call(with_arg(call, item.id, with_axis_added(t)));
    if (ImGui::MenuItem("Remove the last dimension", nullptr, false, t.dim() > 0))
      app.request_call(with_arg(call, item.id, with_last_axis_removed(t)));
    ImGui::EndPopup();
  }
}

void scalar_editor(App& app, const ArgItem& arg) {
  const Value* v = find_arg(app.state.call(), arg.id);
  if (!v) return;
  const Call& call = app.state.call();
  ImGui::SetNextItemWidth(kScalarFieldWidth);
  if (v->is<std::int64_t>()) {
    std::int64_t x = v->as<std::int64_t>();
    const std::int64_t step = 1;
    if (ImGui::InputScalar("##int", ImGuiDataType_S64, &x, &step, nullptr, "%" PRId64))
      app.request_call(with_arg(call, arg.id, Value(x)));
  } else if (v->is<bool>()) {
    bool x = v->as<bool>();
    if (ImGui::Checkbox(x ? "True" : "False", &x)) app.request_call(with_arg(call, arg.id, Value(x)));
  } else if (v->is<double>()) {
    double x = v->as<double>();
    if (ImGui::InputDouble("##float", &x, 0, 0, "%g")) app.request_call(with_arg(call, arg.id, Value(x)));
  } else if (v->is<std::string>()) {
    std::string x = v->as<std::string>();
    if (ImGui::InputText("##str", &x)) app.request_call(with_arg(call, arg.id, Value(x)));
  } else if (v->is<DType>()) {
    DType d;
    if (dtype_picker(app, arg.id, v->as<DType>(), &d, kScalarFieldWidth))
      app.request_call(with_arg(call, arg.id, Value(d)));
  } else {
    row_text(theme::fonts().mono, theme::palette().muted, repr(*v));
  }
}

const char* type_name(const App& app, const ArgItem& arg) {
  const Value* v = find_arg(app.state.call(), arg.id);
  if (!v) return "";
  if (v->is<std::int64_t>()) return "int";
  if (v->is<bool>()) return "bool";
  if (v->is<double>()) return "float";
  if (v->is<std::string>()) return "str";
  if (v->is<DType>()) return "dtype";
  if (v->is<None>()) return "None";
  return v->is_tuple ? "tuple" : "list";
}

// What is lit in blocks the grid does not show: "also lit in blocks [0, 1], [1, 2]", under the
// picker (the pointer's sources or reach must never be all out of sight).
void block_note(App& app, const TensorItem& item, const GridLayout& g) {
  std::vector<std::vector<std::int64_t>> hidden;
  if (const auto it = app.lit().find(item.id); it != app.lit().end())
    for (const std::int64_t e : it->second.elements) {
      const std::int64_t cell = g.shape == item.tensor.shape() ? e : broadcast_home(item.tensor.shape(), g.shape, e);
      if (!g.drawn(cell)) hidden.push_back(block_index(g.shape, cell));
    }
  std::sort(hidden.begin(), hidden.end());
  hidden.erase(std::unique(hidden.begin(), hidden.end()), hidden.end());
  std::string note;
  for (std::size_t i = 0; i < hidden.size() && i < 6; ++i) {
    note += i ? ", [" : "[";
    for (std::size_t d = 0; d < hidden[i].size(); ++d) note += (d ? ", " : "") + std::to_string(hidden[i][d]);
    note += "]";
  }
  if (hidden.size() > 6) note += " and " + std::to_string(hidden.size() - 6) + " more";
  if (!note.empty()) note = (hidden.size() == 1 ? "also lit in block " : "also lit in blocks ") + note;
  app.set_block_note(item.id, note);
  ImFont* small = theme::fonts().small;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float h = font_px(small) + 4;
  if (!note.empty()) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImU32 dot = theme::tensor_colors(item.slot).strong;
    dl->AddCircleFilled(ImVec2(p.x + 4, p.y + h * 0.5f), 3.5f, dot);
    dl->AddText(small, font_px(small), ImVec2(p.x + 12, p.y + 2), theme::palette().text, note.c_str());
  }
  ImGui::Dummy(ImVec2(1, h));
}

void block_picker(App& app, const TensorItem& item, const GridLayout& g) {
  const Shape& shape = g.shape;
  std::vector<std::int64_t> index = block_index(shape, g.slice_base * g.rows * g.cols);
  row_text(theme::fonts().ui, theme::palette().muted, "block  [");
  for (int d = 0; d + 3 < g.rank(); ++d) {
    ImGui::PushID(1000 + d);
    ImGui::SameLine(0, 2);
    const std::string name = item.id + "/lead" + std::to_string(d);
    const std::string tip = "Index along dim " + std::to_string(d);
    if (small_button("\xe2\x88\x92", tip.c_str(), index[std::size_t(d)] > 0)) {  // −
      index[std::size_t(d)] -= 1;
      app.set_block(item.id, index);
      if (app.selection.pinned.tensor == item.id) app.selection.pinned = {};
    }
    app.report_control(name + "-");
    ImGui::SameLine(0, 0);
    ImFont* mono = theme::fonts().mono;
    const std::string label = std::to_string(index[std::size_t(d)]);
    const float w = std::max(22.0f, text_w(mono, label) + 8);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(w, frame_h()));
    ImGui::GetWindowDrawList()->AddText(mono, font_px(mono),
                                        ImVec2(std::floor(p.x + (w - text_w(mono, label)) * 0.5f),
                                               std::floor(p.y + (frame_h() - font_px(mono)) * 0.5f)),
                                        theme::palette().text, label.c_str());
    ImGui::SameLine(0, 0);
    if (small_button("+", tip.c_str(), index[std::size_t(d)] + 1 < shape[std::size_t(d)])) {
      index[std::size_t(d)] += 1;
      app.set_block(item.id, index);
      if (app.selection.pinned.tensor == item.id) app.selection.pinned = {};
    }
    app.report_control(name + "+");
    ImGui::SameLine(0, 2);
    row_text(theme::fonts().mono, theme::palette().muted, ",");
    ImGui::PopID();
  }
  ImGui::SameLine(0, 6);
  row_text(theme::fonts().mono, theme::palette().muted, ":, :, :]");
  block_note(app, item, g);
}

void draw_card(App& app, const Card& card, ImVec2 pos) {
  const float pad = theme::kCardPad;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 a = pos, b(pos.x + card.size.x, pos.y + card.size.y);
  const bool is_arg_error = card.error != nullptr;
  dl->AddRectFilled(a, b, theme::palette().surface, theme::kCardRounding);
  const ImU32 edge = is_arg_error ? theme::palette().error
                     : card.stale ? theme::palette().stale
                                  : theme::palette().border;
  dl->AddRect(a, b, edge, theme::kCardRounding, 0, is_arg_error || card.stale ? 1.5f : 1);
  app.report_control("card:" + (card.item ? card.item->id : card.arg->id), ImRect(a, b));
  if (card.lead > 0) {  // "→" into the result
    ImFont* font = theme::fonts().title;
    const float y =
        pos.y + pad + frame_h() + kHeaderGap + std::min(card.grid_box.y, 120.0f) * 0.5f - font_px(font) * 0.5f;
    dl->AddText(font, font_px(font), ImVec2(pos.x - card.lead + 6, std::floor(y)), theme::palette().faint,
                "\xe2\x86\x92");
  }

  ImGui::SetCursorScreenPos(ImVec2(a.x + pad, a.y + pad));
  ImGui::BeginGroup();
  const auto& f = theme::fonts();
  const bool editable = app.state.parsed();
  ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(7, kFramePadY));
  if (card.kind == CardKind::Scalar) {
    row_text(f.ui_bold, theme::palette().text, card.arg->label);
    ImGui::SameLine(0, 8);
    row_text(f.ui, theme::palette().faint, card.type);
    ImGui::SetCursorScreenPos(ImVec2(a.x + pad, a.y + pad + frame_h() + kHeaderGap));
    ImGui::BeginDisabled(!editable);
    scalar_editor(app, *card.arg);
    app.report_control(card.arg->id);
    ImGui::EndDisabled();
  } else {
    const TensorItem& item = *card.item;
    const bool stale = card.stale;
    name_dot(theme::tensor_colors(item.slot).strong);
    row_text(f.ui_bold, theme::palette().text, item.label);
    ImGui::SameLine(0, 10);
    row_text(f.ui, theme::palette().muted, shape_text(item.tensor));
    // Right-aligned: the dtype (a picker on arguments), or the stale badge on a result.
    const float right = b.x - pad, top = a.y + pad;
    if (card.kind == CardKind::Tensor) {
      ImGui::BeginDisabled(!editable);
      dtype_combo(app, item, right, top);
      ImGui::EndDisabled();
    } else if (stale) {
      stale_badge(right, top);
    } else {
      const std::string d = dtype_name(item.tensor.dtype());
      ImGui::SetCursorScreenPos(ImVec2(right - text_w(f.ui, d), top));
      row_text(f.ui, theme::palette().muted, d);
    }
    ImGui::SetCursorScreenPos(ImVec2(a.x + pad, a.y + pad + frame_h() + kHeaderGap));
    const float picker_h = block_picker_height(card.layout);
    if (picker_h > 0) {
      block_picker(app, item, card.layout);
      ImGui::SetCursorScreenPos(ImVec2(a.x + pad, a.y + pad + frame_h() + kHeaderGap + picker_h));
    }
    GridOptions options;
    options.editable = card.kind == CardKind::Tensor && editable;
    options.stale = stale;
    draw_grid(app, item, card.layout, card.grid_box, options);
    if (card.kind == CardKind::Tensor) {
      ImGui::SetCursorScreenPos(
          ImVec2(a.x + pad, a.y + pad + frame_h() + kHeaderGap + picker_h + card.grid_box.y + kHeaderGap));
      ImGui::BeginDisabled(!editable);
      shape_editor(app, item, card.size.x - 2 * pad);
      ImGui::EndDisabled();
    }
  }
  ImGui::PopStyleVar();
  if (card.error) {
    const float err_h = error_text_height(*card.error, card.size.x - 2 * pad);
    ImGui::SetCursorScreenPos(ImVec2(a.x + pad, b.y - pad - err_h));
    draw_error_text(*card.error, card.size.x - 2 * pad);
    app.report_control("error");
  }
  if (card.stale) {
    const float w = card.size.x - 2 * pad, h = stale_note_height(w);
    ImGui::SetCursorScreenPos(ImVec2(a.x + pad, b.y - pad - h));
    ImGui::PushFont(theme::fonts().small);
    ImGui::PushStyleColor(ImGuiCol_Text, theme::palette().stale);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + w);
    ImGui::TextUnformatted(kStaleNote);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    ImGui::PopFont();
    app.report_control("stale");
  }
  ImGui::EndGroup();
}

}  // namespace

void draw_cards(App& app) {
  const State& state = app.state;
  const BroadcastInfo& broadcast = app.broadcast();
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::BeginChild("cards", ImVec2(0, 0), false);
  ImGui::PopStyleVar();
  const float avail = ImGui::GetContentRegionAvail().x;

  // Which argument the error names, if any.
  const ErrorInfo* error = state.error() ? &*state.error() : nullptr;
  const ArgItem* error_arg = nullptr;
  if (error && state.parsed())
    for (const ArgItem& arg : state.args())
      if (!error_arg && arg.named_by(error->arg)) error_arg = &arg;

  // While the text does not parse, the last call that did stays on screen (not editable).
  std::vector<Card> cards;
  {
    for (const ArgItem& arg : state.args()) {
      const ErrorInfo* e = &arg == error_arg ? error : nullptr;
      if (arg.tensors.empty()) {
        Card card{CardKind::Scalar};
        card.arg = &arg;
        card.type = type_name(app, arg);
        cards.push_back(measure(card, avail, e, app.state.call()));
      }
      for (std::size_t k = 0; k < arg.tensors.size(); ++k) {
        Card card{CardKind::Tensor};
        card.arg = &arg;
        card.item = &state.inputs()[std::size_t(arg.tensors[k])];
        for (const BroadcastOperand& op : broadcast.operands)
          if (broadcast.active && op.expanded && op.id == card.item->id) card.drawn_shape = &broadcast.result;
        cards.push_back(measure(card, avail, k == 0 ? e : nullptr, app.state.call()));
      }
    }
  }
  for (const TensorItem& out : state.outputs()) {
    Card card{CardKind::Output};
    card.item = &out;
    card.stale = state.stale();
    card.lead = kArrowWidth;
    cards.push_back(measure(card, avail - kArrowWidth, nullptr, app.state.call()));
  }

  // Flow left to right, wrapping. An argument card that does not fit at the row's end goes
  // under an earlier card of the row where that column has room for it (a scalar under a short
  // grid, beside a tall one) before a new row starts.
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  struct Column {
    float x, w, bottom;
  };
  std::vector<Column> columns;  // the current row's
  float x = 0, y = 0, row_h = 0;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const Card& card = cards[i];
    const float w = card.lead + card.size.x;
    ImVec2 at(x + card.lead, y);
    if (x > 0 && x + w > avail) {
      const auto room = std::find_if(columns.begin(), columns.end(), [&](const Column& c) {
        return card.lead == 0 && card.size.x <= c.w && c.bottom + theme::kCardGap + card.size.y <= y + row_h;
      });
      if (room != columns.end()) {
        ImGui::PushID(int(i));
        draw_card(app, card, ImVec2(origin.x + room->x, origin.y + room->bottom + theme::kCardGap));
        ImGui::PopID();
        room->bottom += theme::kCardGap + card.size.y;
        continue;
      }
      x = 0;
      y += row_h + theme::kCardGap;
      row_h = 0;
      columns.clear();
      at = ImVec2(card.lead, y);
    }
    ImGui::PushID(int(i));
    draw_card(app, card, ImVec2(origin.x + at.x, origin.y + at.y));
    ImGui::PopID();
    columns.push_back(Column{at.x, card.size.x, y + card.size.y});
    x += w + theme::kCardGap;
    row_h = std::max(row_h, card.size.y);
  }
  // A view's storage strip under the grids (moving the cursor there only then: it extends
  // the scroll region).
  if (!state.views().empty() && !state.stale()) {
    ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + y + row_h + theme::kCardGap));
    draw_storage(app, avail);
    const float storage_h = ImGui::GetCursorScreenPos().y - (origin.y + y + row_h + theme::kCardGap);
    if (storage_h > 1) row_h += theme::kCardGap + storage_h;
  }
  // Extend the scroll region to the last row, with room for focus rings.
  ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + y + row_h + 4));
  // The height all of it needs (pages may size the canvas to it), with a little slack so
  // the child never shows a scrollbar for the last pixel.
  app.content_height = origin.y + ImGui::GetScrollY() + y + row_h + 4 + ImGui::GetStyle().WindowPadding.y + 4;
  ImGui::Dummy(ImVec2(1, 1));
  ImGui::EndChild();
}

}  // namespace whence::web
