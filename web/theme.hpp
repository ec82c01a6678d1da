// theme.hpp - the app's look: palette, one colour per tensor, role styles, fonts, metrics.
// Everything visual that more than one panel uses is named here.
#pragma once
#include <string>

#include <imgui.h>

namespace whence::web::theme {

// One colour family per tensor: a strong colour for highlights and a tint for its cells.
struct TensorColors {
  ImU32 strong;  // fill of a "value" source, rings, the name dot
  ImU32 tint;    // resting cell fill
  ImU32 ring;    // resting cell border
  ImU32 soft;    // fill of an "index"/"mask"/"compare" source
};

// --- palette: a light and a dark variant, chosen at run time (the page's theme) ------------
// Light is restrained, saturated colour only where it carries meaning. Dark keeps the same
// hues, brighter strong colours (with dark text on them) and tints that stay apart on a
// near-black background. Every panel reads palette(); nothing keeps a copy across frames.
struct Palette {
  const char* name;                   // "light" or "dark"
  ImU32 background, surface, border;  // canvas, cards, hairlines
  ImU32 text, muted, faint;
  ImU32 error, error_tint, stale, stale_tint;
  ImU32 focus;              // ring around the hovered/pinned cell
  ImU32 on_strong;          // text on a "value" cell (filled with a tensor's strong colour)
  ImU32 accent, selection;  // check marks and focus outlines; selected text
  ImU32 frame, frame_hovered, frame_active;
  ImU32 button, button_hovered, button_active;
  ImU32 header, header_hovered, header_active;
  ImU32 scroll_grab, scroll_grab_hovered, scroll_grab_active;
  TensorColors args[4];  // slot 0.. for arguments in call order
  TensorColors output;
  TensorColors neutral;  // the legend's grey swatches
};
const Palette& palette();
// Switches the palette ("dark" or anything else for light) and restyles ImGui. Returns
// whether it changed.
bool set_palette(const std::string& name);

// Slot 0.. for arguments in call order; the output has its own colour.
const TensorColors& tensor_colors(int slot);
constexpr int kOutputSlot = -1;

// --- roles (DESIGN.md): how a highlighted cell is drawn ------------------------------------
enum class Role { None, Value, Index, Mask, Compare, Random };
Role role_from_name(const std::string& name);
const char* role_name(Role r);
const char* role_hint(Role r);  // one line for the legend

// --- fonts -----------------------------------------------------------------------------------
struct Fonts {
  ImFont* ui = nullptr;          // Inter 14
  ImFont* ui_bold = nullptr;     // Inter SemiBold 14
  ImFont* title = nullptr;       // Inter SemiBold 20
  ImFont* small = nullptr;       // Inter 12 (axis indices, badges)
  ImFont* mono = nullptr;        // JetBrains Mono 15 (cells, code)
  ImFont* mono_large = nullptr;  // JetBrains Mono 17 (the equation)
};
const Fonts& fonts();
// (Re)builds the font atlas rasterized at `dpr` device pixels per CSS pixel and sets
// FontGlobalScale to 1/dpr, so text is drawn 1:1 on the device pixel grid.
void load_fonts(float dpr);

// Dear ImGui style: spacing, rounding, widget colours.
void apply_style();

// --- metrics (CSS pixels) ----------------------------------------------------------------------
constexpr float kCellHeight = 32.0f;
constexpr float kCellMinWidth = 40.0f;
constexpr float kCellPadX = 10.0f;
constexpr float kCellGap = 3.0f;
constexpr float kCellRounding = 4.0f;
constexpr float kCardPad = 12.0f;
constexpr float kCardGap = 14.0f;
constexpr float kCardRounding = 8.0f;

ImU32 with_alpha(ImU32 c, float alpha);
// `top` laid over an opaque `under`, as the GPU blends it: an opaque colour.
ImU32 over(ImU32 top, ImU32 under);

}  // namespace whence::web::theme
