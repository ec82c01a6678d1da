// theme.hpp - the app's look: palette, one colour per tensor, role styles, fonts, metrics.
// Everything visual that more than one panel uses is named here.
#pragma once
#include <string>

#include <imgui.h>

namespace whence::web::theme {

// --- palette (light, restrained; saturated colour only where it carries meaning) ----------
constexpr ImU32 kBackground = IM_COL32(255, 255, 255, 255);
constexpr ImU32 kSurface = IM_COL32(248, 249, 251, 255);  // cards
constexpr ImU32 kBorder = IM_COL32(226, 229, 234, 255);
constexpr ImU32 kText = IM_COL32(24, 28, 35, 255);
constexpr ImU32 kMuted = IM_COL32(104, 112, 125, 255);
constexpr ImU32 kFaint = IM_COL32(160, 167, 178, 255);
constexpr ImU32 kError = IM_COL32(200, 30, 40, 255);
constexpr ImU32 kErrorTint = IM_COL32(253, 236, 237, 255);
constexpr ImU32 kStale = IM_COL32(180, 120, 0, 255);
constexpr ImU32 kStaleTint = IM_COL32(255, 244, 214, 255);
constexpr ImU32 kFocus = IM_COL32(24, 28, 35, 255);  // ring around the hovered/pinned cell
constexpr ImU32 kCellIdle = IM_COL32(255, 255, 255, 255);

// One colour family per tensor: a strong colour for highlights and a tint for its cells.
struct TensorColors {
  ImU32 strong;  // fill of a "value" source, rings, the name dot
  ImU32 tint;    // resting cell fill
  ImU32 ring;    // resting cell border
  ImU32 soft;    // fill of an "index"/"mask"/"compare" source
};
// Slot 0.. for arguments in call order; the output has its own colour.
const TensorColors& tensor_colors(int slot);
constexpr int kOutputSlot = -1;

// --- roles (DESIGN.md): how a highlighted cell is drawn ------------------------------------
enum class Role { None, Value, Index, Mask, Compare };
Role role_from_name(const std::string& name);
const char* role_name(Role r);
const char* role_hint(Role r);  // one line for the legend

// --- fonts -----------------------------------------------------------------------------------
struct Fonts {
  ImFont* ui = nullptr;        // Inter 14
  ImFont* ui_bold = nullptr;   // Inter SemiBold 14
  ImFont* title = nullptr;     // Inter SemiBold 20
  ImFont* small = nullptr;     // Inter 12 (axis indices, badges)
  ImFont* mono = nullptr;      // JetBrains Mono 15 (cells, code)
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

}  // namespace whence::web::theme
