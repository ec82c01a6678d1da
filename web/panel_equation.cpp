// The equation bar: what the hovered or pinned cell means, in numbers, and the role legend.
#include <cctype>

#include <algorithm>
#include <utility>
#include <vector>

#include "panels.hpp"
#include "theme.hpp"

namespace whence::web {

namespace {

constexpr float kBarPad = 12.0f;

// "input[1][2]" for element 2... of a tensor (just "input" for 0-d).
std::string cell_name(const TensorItem& item, std::int64_t flat) {
  const Shape& shape = item.tensor.shape();
  std::int64_t index[kMaxRank] = {};
  for (int d = int(shape.size()) - 1; d >= 0; --d) {
    index[d] = shape[d] > 0 ? flat % shape[d] : 0;
    flat = shape[d] > 0 ? flat / shape[d] : 0;
  }
  std::string name = item.label;
  for (std::size_t d = 0; d < shape.size(); ++d) name += "[" + std::to_string(index[d]) + "]";
  return name;
}

// The colour of the tensor an identifier names, if it names one.
bool tensor_colour(const App& app, const std::string& word, ImU32* colour) {
  for (const auto* list : {&app.state.inputs(), &app.state.outputs()})
    for (const TensorItem& item : *list) {
      const std::string base = item.label.substr(0, item.label.find('['));
      if (base == word) {
        *colour = theme::tensor_colors(item.slot).strong;
        return true;
      }
    }
  return false;
}

std::string describe_reaches(const App& app, const TensorItem& item, std::int64_t element) {
  const std::string head = cell_name(item, element) + " = " + item.text[std::size_t(element)];
  if (app.state.stale()) return head;
  if (app.state.trace_gave_up())
    return head + "  (its outputs are not traced: the result has more than " + std::to_string(ReachIndex::kMaxLinks) +
           " source links)";
  if (app.state.tracing())
    return head + "  (tracing which outputs read it: " + std::to_string(int(app.state.trace_progress() * 100)) + "%)";
  if (!app.state.reverse_known()) return head;
  const auto& reaches = app.state.reaches(item.id, element);
  if (reaches.empty()) return head + "  is not read by any output element";
  std::string text = head + "  \xe2\x86\x92  ";  // →
  const std::size_t shown = std::min<std::size_t>(reaches.size(), 4);
  for (std::size_t i = 0; i < shown; ++i) {
    const Reach& r = reaches[i];
    const TensorItem* out = app.state.find_tensor(r.tensor);
    if (i) text += ", ";
    text += (out ? cell_name(*out, r.element) : r.tensor) + " (" + r.role + ")";
  }
  if (reaches.size() > shown) text += ", +" + std::to_string(reaches.size() - shown) + " more";
  return text;
}

void draw_muted(const char* text, ImFont* font) {
  ImGui::PushFont(font);
  ImGui::PushStyleColor(ImGuiCol_Text, theme::palette().muted);
  ImGui::TextUnformatted(text);
  ImGui::PopStyleColor();
  ImGui::PopFont();
}

// The width legend_item draws: its swatch, then the role's hint.
float legend_item_width(theme::Role role) {
  ImFont* ui = theme::fonts().ui;
  return 24 + 2 + ui->CalcTextSizeA(font_px(ui), 1e9f, 0, theme::role_hint(role)).x;
}

// A small swatch drawn the way the grid draws a source of this role, in the first argument's
// colour (the colour most highlights take): the shape tells the role, the grid's colour the tensor.
void legend_item(theme::Role role) {
  const theme::TensorColors& c = theme::tensor_colors(0);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float h = ImGui::GetTextLineHeight();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const ImVec2 a(p.x, p.y + 2), b(p.x + 18, p.y + h - 2);
  switch (role) {
    case theme::Role::Value: dl->AddRectFilled(a, b, c.strong, 3); break;
    case theme::Role::Index:
      dl->AddRectFilled(a, b, c.soft, 3);
      dl->AddRect(a, b, c.strong, 3, 0, 2);
      break;
    case theme::Role::Mask:
      dl->AddRectFilled(a, b, c.soft, 3);
      dl->AddRect(a, b, c.strong, 3, 0, 1);
      break;
    case theme::Role::Compare:
      dl->AddRectFilled(a, b, c.tint, 3);
      dl->AddRect(a, b, c.ring, 3, 0, 1);
      break;
    case theme::Role::Random:  // (a draw has no cell: the equation names it)
      dl->AddRect(a, b, c.strong, 3, 0, 1);
      break;
    case theme::Role::None: break;
  }
  ImGui::Dummy(ImVec2(24, h));
  ImGui::SameLine(0, 2);
  draw_muted(theme::role_hint(role), theme::fonts().ui);
}

}  // namespace

namespace {

constexpr int kEquationMaxLines = 4;

// The [begin, end) of each line of `text` within `width`: breaks after a space (an equation's
// terms are separated by " + ", ", " and " = "); a word wider than the width stays whole. One
// measure per word.
std::vector<std::pair<std::size_t, std::size_t>> wrap_lines(const std::string& text, ImFont* font, float width) {
  const float size = font_px(font);
  auto measure = [&](std::size_t b, std::size_t e) {
    return font->CalcTextSizeA(size, 1e9f, 0, text.c_str() + b, text.c_str() + e).x;
  };
  if (width <= 0 || measure(0, text.size()) <= width) return {{0, text.size()}};
  std::vector<std::pair<std::size_t, std::size_t>> lines;
  std::size_t begin = 0, at = 0;
  float used = 0;
  while (at < text.size()) {
    std::size_t end = text.find(' ', at);
    end = end == std::string::npos ? text.size() : end + 1;  // a word and the space after it
    const float w = measure(at, end);
    if (used + w > width && at > begin) {
      lines.push_back({begin, at});
      begin = at, used = 0;
    }
    used += w;
    at = end;
  }
  lines.push_back({begin, text.size()});
  return lines;
}

// One line, each identifier that names a tensor in that tensor's colour.
float draw_coloured_line(ImDrawList* dl, const App& app, const std::string& text, ImFont* font, ImVec2 p) {
  const float size = font_px(font);
  const float x0 = p.x;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = i;
    ImU32 colour = theme::palette().text;
    if (std::isalpha(static_cast<unsigned char>(text[i])) || text[i] == '_') {
      while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
      tensor_colour(app, text.substr(i, j - i), &colour);
    } else {
      while (j < text.size() && !std::isalpha(static_cast<unsigned char>(text[j])) && text[j] != '_') ++j;
    }
    const char* b = text.c_str() + i;
    const char* e = text.c_str() + j;
    dl->AddText(font, size, p, colour, b, e);
    p.x += font->CalcTextSizeA(size, 1e9f, 0, b, e).x;
    i = j;
  }
  return p.x - x0;
}

}  // namespace

int coloured_code_lines(const std::string& text, ImFont* font, float width) {
  return int(wrap_lines(text, font, width).size());
}

namespace {

// Draws the wrapped lines at `start` into `dl`; returns the size they take.
ImVec2 draw_code_lines(ImDrawList* dl, const App& app, const std::string& text, ImFont* font, float width,
                       int max_lines, ImVec2 start) {
  const auto lines = wrap_lines(text, font, width);
  const float line_h = font_px(font) + 4;
  float widest = 0;
  const int shown = std::min<int>(int(lines.size()), std::max(1, max_lines));
  for (int l = 0; l < shown; ++l) {
    std::string line =
        text.substr(lines[std::size_t(l)].first, lines[std::size_t(l)].second - lines[std::size_t(l)].first);
    if (l + 1 == shown && shown < int(lines.size())) line += "\xe2\x80\xa6";  // …
    widest = std::max(widest, draw_coloured_line(dl, app, line, font, ImVec2(start.x, start.y + float(l) * line_h)));
  }
  return ImVec2(widest, float(shown) * line_h - 4);
}

}  // namespace

void draw_coloured_code(const App& app, const std::string& text, ImFont* font, float width, int max_lines) {
  ImGui::Dummy(
      draw_code_lines(ImGui::GetWindowDrawList(), app, text, font, width, max_lines, ImGui::GetCursorScreenPos()));
}

void draw_equation(App& app) {
  const auto& f = theme::fonts();
  const State& state = app.state;
  const CellRef& cell = app.selection.active();
  const TensorItem* item = cell.valid() ? state.find_tensor(cell.tensor) : nullptr;
  app.equation_shown.clear();
  const bool coded = item && !state.stale();
  if (coded && is_output(cell.tensor)) {
    const Relation* rel = state.relation(cell.tensor, cell.element);
    app.equation_shown = rel && !rel->eq.empty()
                             ? rel->eq
                             : cell_name(*item, cell.element) + " = " + item->text[std::size_t(cell.element)];
  } else if (coded) {
    app.equation_shown = describe_reaches(app, *item, cell.element);
  }
  const float text_width = ImGui::GetContentRegionAvail().x - kBarPad * 2 - 4;
  if (app.equation_lines_version != state.version() || app.equation_lines_width != text_width) {
    // As many lines as the longest equation of a result explained whole needs, found before
    // any is pointed at: the bar must not grow under the pointer and move the grids away.
    app.equation_lines = 1, app.equation_lines_version = state.version(), app.equation_lines_width = text_width;
    if (state.explained_all())
      for (const TensorItem& out : state.outputs())
        for (std::int64_t e = 0; e < out.tensor.numel() && app.equation_lines < kEquationMaxLines; ++e)
          if (const Relation* rel = state.relation(out.id, e))  // (at most kEquationMaxLines, as when pointed at)
            app.equation_lines =
                std::min(kEquationMaxLines,
                         std::max(app.equation_lines, coloured_code_lines(rel->eq, f.mono_large, text_width)));
  }
  if (coded)
    app.equation_lines =
        std::min(kEquationMaxLines,
                 std::max(app.equation_lines, coloured_code_lines(app.equation_shown, f.mono_large, text_width)));
  const float line1 = (font_px(f.mono_large) + 4) * float(app.equation_lines);
  // The legend names the roles this op's relations use, in a fixed order (value alone when
  // none are known yet), on as many lines as the bar's width needs (a phone's: two or three).
  std::vector<theme::Role> legend;
  for (const auto& [name, role] : {std::pair<const char*, theme::Role>{"value", theme::Role::Value},
                                   {"index", theme::Role::Index},
                                   {"mask", theme::Role::Mask},
                                   {"compare", theme::Role::Compare},
                                   {"random", theme::Role::Random}}) {
    const auto& seen = state.roles_seen();
    const bool used = std::find(seen.begin(), seen.end(), name) != seen.end();
    if (used || (legend.empty() && role == theme::Role::Value && seen.empty())) legend.push_back(role);
  }
  constexpr float kLegendGap = 20;
  std::vector<bool> legend_breaks;  // per item: starts a new line
  float legend_x = 0;
  for (theme::Role role : legend) {
    const float w = legend_item_width(role);
    const bool wrap = legend_x > 0 && legend_x + kLegendGap + w > text_width;
    legend_breaks.push_back(wrap);
    legend_x = (wrap || legend_x == 0) ? w : legend_x + kLegendGap + w;
  }
  const int legend_lines = 1 + int(std::count(legend_breaks.begin(), legend_breaks.end(), true));
  const float line2 =
      ImGui::GetTextLineHeight() * float(legend_lines) + ImGui::GetStyle().ItemSpacing.y * float(legend_lines - 1);
  const float height = kBarPad * 2 + line1 + 8 + line2;
  const ImVec2 a = ImGui::GetCursorScreenPos();
  const ImVec2 b(a.x + ImGui::GetContentRegionAvail().x, a.y + height);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(a, b, theme::palette().surface, theme::kCardRounding);
  dl->AddRect(a, b, theme::palette().border, theme::kCardRounding);
  dl->PushClipRect(a, b, true);

  const ImVec2 text_at(a.x + kBarPad + 2, a.y + kBarPad);
  ImGui::SetCursorScreenPos(text_at);
  ImGui::BeginGroup();
  // The equation floats over the grids while the bar is off screen (draw_floating_equation).
  const ImRect& seen = app.visible;
  app.equation_floats = coded && seen.GetHeight() > 0 && (text_at.y < seen.Min.y || text_at.y + line1 > seen.Max.y);
  if (!app.equation_floats)
    app.report_control("equation", ImRect(text_at, ImVec2(text_at.x + text_width, text_at.y + line1)));
  if (state.stale()) {
    const char* long_note = "This result is from the last call that worked; fix the error to explore it again.";
    draw_muted(ImGui::CalcTextSize(long_note).x <= text_width ? long_note : "An old result: fix the error.", f.ui);
  } else if (coded) {
    draw_coloured_code(app, app.equation_shown, f.mono_large, text_width, app.equation_lines);
  } else if (state.has_result()) {
    ImGui::Dummy(ImVec2(0, (font_px(f.mono_large) + 4 - ImGui::GetTextLineHeight()) * 0.5f - 1));
    // The longest wording that fits the bar's width (a phone's takes the last).
    const char* hints[] = {
        "Point at a cell of out to see which elements it comes from; point at an input cell to see where it goes.",
        "Point at a cell of out to see where it comes from.", "Point at out to see its sources."};
    const char* hint = hints[2];
    for (const char* h : hints)
      if (ImGui::CalcTextSize(h).x <= text_width) {
        hint = h;
        break;
      }
    draw_muted(hint, f.ui);
  } else {
    ImGui::Dummy(ImVec2(0, line1 - ImGui::GetTextLineHeight()));
  }
  ImGui::SetCursorScreenPos(ImVec2(a.x + kBarPad + 2, a.y + kBarPad + line1 + 8));
  for (std::size_t k = 0; k < legend.size(); ++k) {
    if (k > 0 && !legend_breaks[k]) ImGui::SameLine(0, kLegendGap);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    legend_item(legend[k]);
    app.report_control(std::string("legend:") + theme::role_name(legend[k]),
                       ImRect(at, ImVec2(at.x + legend_item_width(legend[k]), at.y + ImGui::GetTextLineHeight())));
  }
  const char* hint = app.selection.pinned.valid()
                         ? "arrows move \xc2\xb7 Enter or double-click edits \xc2\xb7 Esc unpins"
                         : "click a cell to pin it \xc2\xb7 double-click to edit";
  const float hint_w = ImGui::CalcTextSize(hint).x;
  ImGui::SameLine();
  const float x = b.x - kBarPad - hint_w;
  if (x > ImGui::GetCursorScreenPos().x + 20) {
    ImGui::SetCursorScreenPos(ImVec2(x, ImGui::GetCursorScreenPos().y));
    draw_muted(hint, f.ui);
  } else {
    ImGui::NewLine();
  }
  ImGui::EndGroup();
  dl->PopClipRect();
  ImGui::SetCursorScreenPos(ImVec2(a.x, b.y + ImGui::GetStyle().ItemSpacing.y + 6));
  ImGui::Dummy(ImVec2(0, 0));
}

void draw_floating_equation(App& app) {
  if (!app.equation_floats || app.equation_shown.empty()) return;
  ImFont* font = theme::fonts().mono_large;
  const ImRect& seen = app.visible;
  constexpr float kMargin = 8, kPad = 10;
  const float max_w = seen.GetWidth() - 2 * kMargin - 2 * kPad - 4;
  if (max_w < 40) return;
  const float line_h = font_px(font) + 4;
  // Twice the bar's lines: a phone's narrow float would otherwise cut off the numbers at the end.
  const int lines = std::min(2 * kEquationMaxLines, coloured_code_lines(app.equation_shown, font, max_w));
  const float one_line_w = font->CalcTextSizeA(font_px(font), 1e9f, 0, app.equation_shown.c_str()).x;
  const ImVec2 size(std::min(max_w, one_line_w) + 2 * kPad + 4, float(lines) * line_h - 4 + 2 * kPad);
  // At the top of what is on screen, or at its bottom when the pointer is in the top half: as
  // far from the pointed cell as it can be, so that it hides neither it nor what it lights nearby.
  ImVec2 p(seen.Min.x + kMargin, seen.Min.y + kMargin);
  const ImVec2 m = ImGui::GetIO().MousePos;
  if (m.y < (seen.Min.y + seen.Max.y) * 0.5f) p.y = seen.Max.y - kMargin - size.y;
  const ImRect box(p, ImVec2(p.x + size.x, p.y + size.y));
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  for (int i = 3; i >= 1; --i)  // a soft shadow
    dl->AddRectFilled(ImVec2(box.Min.x - float(i), box.Min.y - float(i) + 2),
                      ImVec2(box.Max.x + float(i), box.Max.y + float(i) + 2),
                      theme::with_alpha(IM_COL32(0, 0, 0, 255), 0.05f), theme::kCardRounding + float(i));
  dl->AddRectFilled(box.Min, box.Max, theme::palette().surface, theme::kCardRounding);
  dl->AddRect(box.Min, box.Max, theme::palette().border, theme::kCardRounding);
  dl->AddRectFilled(ImVec2(box.Min.x, box.Min.y + 4), ImVec2(box.Min.x + 3, box.Max.y - 4), theme::palette().focus,
                    1.5f);
  draw_code_lines(dl, app, app.equation_shown, font, max_w, lines, ImVec2(box.Min.x + kPad + 4, box.Min.y + kPad));
  app.report_control("equation", box);
}

}  // namespace whence::web
