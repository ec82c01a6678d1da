#include "theme.hpp"

#include <cmath>

#include <imgui_impl_opengl3.h>

#include "fonts.hpp"

namespace whence::web::theme {

namespace {

#define RGB(r, g, b) IM_COL32(r, g, b, 255)

// Light. Strong colours chosen to stay apart for common colour-vision deficiencies (blue,
// orange, purple, pink) with white text on them; the output is teal.
const Palette kLight = {
    "light",
    RGB(255, 255, 255),
    RGB(248, 249, 251),
    RGB(226, 229, 234),
    RGB(24, 28, 35),
    RGB(104, 112, 125),
    RGB(160, 167, 178),
    RGB(200, 30, 40),
    RGB(253, 236, 237),
    RGB(180, 120, 0),
    RGB(255, 244, 214),
    RGB(24, 28, 35),
    RGB(255, 255, 255),
    RGB(37, 99, 235),
    RGB(191, 210, 250),
    RGB(255, 255, 255),
    RGB(246, 248, 251),
    RGB(241, 244, 249),
    RGB(255, 255, 255),
    RGB(240, 243, 247),
    RGB(228, 232, 238),
    RGB(238, 243, 253),
    RGB(228, 236, 252),
    RGB(214, 226, 250),
    RGB(208, 213, 221),
    RGB(180, 187, 198),
    RGB(150, 158, 170),
    {{RGB(37, 99, 235), RGB(238, 243, 253), RGB(203, 217, 248), RGB(191, 210, 250)},
     {RGB(217, 108, 0), RGB(253, 244, 232), RGB(246, 215, 176), RGB(252, 214, 166)},
     {RGB(124, 58, 237), RGB(244, 239, 254), RGB(221, 206, 250), RGB(220, 204, 252)},
     {RGB(219, 39, 119), RGB(253, 239, 246), RGB(247, 202, 224), RGB(250, 200, 224)}},
    {RGB(13, 148, 136), RGB(235, 248, 246), RGB(185, 229, 223), RGB(170, 228, 220)},
    {RGB(88, 96, 110), RGB(244, 245, 247), RGB(214, 218, 224), RGB(226, 229, 234)},
};

// Dark. The same hues, lighter (400-level) strong colours so highlights stand out on the
// near-black canvas, with near-black text on them (contrast above 7:1); tints are the hue at
// low lightness, so resting cells of different tensors stay apart and light text on them
// keeps above 10:1; index/mask fills ("soft") sit between tint and strong.
const Palette kDark = {
    "dark",
    RGB(17, 20, 26),
    RGB(25, 29, 37),
    RGB(48, 54, 66),
    RGB(230, 233, 238),
    RGB(157, 166, 179),
    RGB(110, 118, 132),
    RGB(248, 113, 113),
    RGB(62, 24, 28),
    RGB(240, 180, 70),
    RGB(58, 44, 16),
    RGB(240, 243, 247),
    RGB(14, 17, 22),
    RGB(96, 165, 250),
    RGB(40, 66, 120),
    RGB(25, 29, 37),
    RGB(32, 37, 46),
    RGB(38, 44, 54),
    RGB(30, 35, 43),
    RGB(42, 48, 59),
    RGB(52, 59, 72),
    RGB(30, 44, 74),
    RGB(38, 55, 92),
    RGB(46, 67, 112),
    RGB(62, 69, 82),
    RGB(84, 92, 107),
    RGB(106, 115, 130),
    {{RGB(96, 165, 250), RGB(23, 33, 55), RGB(46, 69, 117), RGB(39, 66, 122)},
     {RGB(251, 146, 60), RGB(44, 31, 19), RGB(102, 66, 32), RGB(110, 64, 24)},
     {RGB(167, 139, 250), RGB(34, 28, 56), RGB(76, 60, 126), RGB(74, 52, 136)},
     {RGB(244, 114, 182), RGB(49, 24, 37), RGB(112, 46, 80), RGB(120, 40, 82)}},
    {RGB(45, 212, 191), RGB(17, 41, 41), RGB(31, 92, 86), RGB(22, 98, 90)},
    {RGB(160, 168, 180), RGB(32, 36, 44), RGB(64, 70, 82), RGB(58, 64, 76)},
};

#undef RGB

const Palette* g_palette = &kLight;

Fonts g_fonts;

static_assert(sizeof(ImWchar) == sizeof(unsigned short), "FontBytes::ranges are ImWchar ranges");

// Each font's atlas glyphs: the ranges its file was subset to (web/embed_fonts.py).
ImFont* add_font(const FontBytes& bytes, float size_px, float dpr) {
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // static bytes in the wasm data section
  cfg.OversampleH = 1;               // rasterized at device resolution already
  cfg.OversampleV = 1;
  cfg.PixelSnapH = true;
  return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(bytes.data), bytes.size, size_px * dpr,
                                                    &cfg, bytes.ranges);
}

}  // namespace

const Palette& palette() { return *g_palette; }

bool set_palette(const std::string& name) {
  const Palette* next = name == "dark" ? &kDark : &kLight;
  if (next == g_palette) return false;
  g_palette = next;
  apply_style();
  return true;
}

const TensorColors& tensor_colors(int slot) {
  const Palette& p = palette();
  if (slot < 0) return p.output;
  return p.args[slot % int(sizeof(p.args) / sizeof(p.args[0]))];
}

Role role_from_name(const std::string& name) {
  if (name == "value") return Role::Value;
  if (name == "index") return Role::Index;
  if (name == "mask") return Role::Mask;
  if (name == "compare") return Role::Compare;
  if (name == "random") return Role::Random;
  return Role::None;
}

const char* role_name(Role r) {
  switch (r) {
    case Role::Value: return "value";
    case Role::Index: return "index";
    case Role::Mask: return "mask";
    case Role::Compare: return "compare";
    case Role::Random: return "random";
    case Role::None: break;
  }
  return "";
}

const char* role_hint(Role r) {
  switch (r) {
    case Role::Value: return "value: flows into the result";
    case Role::Index: return "index: chooses which element is read";
    case Role::Mask: return "mask: decides which element is taken";
    case Role::Compare: return "compare: compared, not chosen";
    case Role::Random: return "random: a draw of the random generator";
    case Role::None: break;
  }
  return "";
}

const Fonts& fonts() { return g_fonts; }

void load_fonts(float dpr) {
  ImGuiIO& io = ImGui::GetIO();
  // On the first call the renderer creates its font texture at its first NewFrame; later
  // calls (the pixel ratio changed) replace the texture here.
  const bool had_texture = io.Fonts->TexID != ImTextureID(0);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  io.Fonts->Clear();
  g_fonts.ui = add_font(kFontInterRegular, 14.0f, dpr);  // first = default font
  g_fonts.ui_bold = add_font(kFontInterSemiBold, 14.0f, dpr);
  g_fonts.title = add_font(kFontInterSemiBold, 20.0f, dpr);
  g_fonts.small = add_font(kFontInterRegular, 11.5f, dpr);
  g_fonts.mono = add_font(kFontMonoRegular, 15.0f, dpr);
  g_fonts.mono_large = add_font(kFontMonoRegular, 18.0f, dpr);
  io.Fonts->Build();
  io.FontGlobalScale = 1.0f / dpr;
  if (had_texture) ImGui_ImplOpenGL3_CreateFontsTexture();
}

void apply_style() {
  ImGuiStyle& s = ImGui::GetStyle();
  s.WindowPadding = ImVec2(20, 18);
  s.WindowRounding = 0;
  s.WindowBorderSize = 0;
  s.ChildRounding = 6;
  s.ChildBorderSize = 0;
  s.FramePadding = ImVec2(8, 5);
  s.FrameRounding = 5;
  s.FrameBorderSize = 1;
  s.ItemSpacing = ImVec2(8, 8);
  s.ItemInnerSpacing = ImVec2(6, 4);
  s.PopupRounding = 6;
  s.PopupBorderSize = 1;
  s.ScrollbarSize = 10;
  s.ScrollbarRounding = 5;
  s.GrabRounding = 4;
  s.DisabledAlpha = 0.45f;

  const Palette& p = palette();
  auto rgb = [](ImU32 c) { return ImGui::ColorConvertU32ToFloat4(c); };
  ImVec4* c = s.Colors;
  c[ImGuiCol_Text] = rgb(p.text);
  c[ImGuiCol_TextDisabled] = rgb(p.faint);
  c[ImGuiCol_WindowBg] = rgb(p.background);
  c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_PopupBg] = rgb(p.background);
  c[ImGuiCol_Border] = rgb(p.border);
  c[ImGuiCol_BorderShadow] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_FrameBg] = rgb(p.frame);
  c[ImGuiCol_FrameBgHovered] = rgb(p.frame_hovered);
  c[ImGuiCol_FrameBgActive] = rgb(p.frame_active);
  c[ImGuiCol_Button] = rgb(p.button);
  c[ImGuiCol_ButtonHovered] = rgb(p.button_hovered);
  c[ImGuiCol_ButtonActive] = rgb(p.button_active);
  c[ImGuiCol_Header] = rgb(p.header);
  c[ImGuiCol_HeaderHovered] = rgb(p.header_hovered);
  c[ImGuiCol_HeaderActive] = rgb(p.header_active);
  c[ImGuiCol_CheckMark] = rgb(p.accent);
  c[ImGuiCol_TextSelectedBg] = rgb(p.selection);
  c[ImGuiCol_ScrollbarBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_ScrollbarGrab] = rgb(p.scroll_grab);
  c[ImGuiCol_ScrollbarGrabHovered] = rgb(p.scroll_grab_hovered);
  c[ImGuiCol_ScrollbarGrabActive] = rgb(p.scroll_grab_active);
  c[ImGuiCol_Separator] = rgb(p.border);
  c[ImGuiCol_NavHighlight] = rgb(p.accent);
}

ImU32 with_alpha(ImU32 c, float alpha) {
  const ImU32 a = ImU32(float((c >> IM_COL32_A_SHIFT) & 0xFF) * alpha);
  return (c & ~IM_COL32_A_MASK) | (a << IM_COL32_A_SHIFT);
}

ImU32 over(ImU32 top, ImU32 under) {
  if (((top >> IM_COL32_A_SHIFT) & 0xFF) == 0xFF) return top;  // most cells: nothing to blend
  const float a = float((top >> IM_COL32_A_SHIFT) & 0xFF) / 255.0f;
  auto channel = [&](int shift) {
    const float t = float((top >> shift) & 0xFF), u = float((under >> shift) & 0xFF);
    return ImU32(std::lround(t * a + u * (1 - a))) << shift;
  };
  return channel(IM_COL32_R_SHIFT) | channel(IM_COL32_G_SHIFT) | channel(IM_COL32_B_SHIFT) | IM_COL32_A_MASK;
}

}  // namespace whence::web::theme
