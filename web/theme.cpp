#include "theme.hpp"

#include <imgui_impl_opengl3.h>

#include "fonts.hpp"

namespace whence::web::theme {

namespace {

// Strong colours chosen to stay apart for common colour-vision deficiencies (blue, orange,
// purple, pink) with white text on them; the output is teal.
const TensorColors kArgColors[] = {
    {IM_COL32(37, 99, 235, 255), IM_COL32(238, 243, 253, 255), IM_COL32(203, 217, 248, 255), IM_COL32(191, 210, 250, 255)},
    {IM_COL32(217, 108, 0, 255), IM_COL32(253, 244, 232, 255), IM_COL32(246, 215, 176, 255), IM_COL32(252, 214, 166, 255)},
    {IM_COL32(124, 58, 237, 255), IM_COL32(244, 239, 254, 255), IM_COL32(221, 206, 250, 255), IM_COL32(220, 204, 252, 255)},
    {IM_COL32(219, 39, 119, 255), IM_COL32(253, 239, 246, 255), IM_COL32(247, 202, 224, 255), IM_COL32(250, 200, 224, 255)},
};
const TensorColors kOutputColors = {IM_COL32(13, 148, 136, 255), IM_COL32(235, 248, 246, 255),
                                    IM_COL32(185, 229, 223, 255), IM_COL32(170, 228, 220, 255)};

Fonts g_fonts;

static_assert(sizeof(ImWchar) == sizeof(unsigned short), "FontBytes::ranges are ImWchar ranges");

// Each font's atlas glyphs: the ranges its file was subset to (web/embed_fonts.py).
ImFont* add_font(const FontBytes& bytes, float size_px, float dpr) {
  ImFontConfig cfg;
  cfg.FontDataOwnedByAtlas = false;  // static bytes in the wasm data section
  cfg.OversampleH = 1;  // rasterized at device resolution already
  cfg.OversampleV = 1;
  cfg.PixelSnapH = true;
  return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(bytes.data), bytes.size,
                                                    size_px * dpr, &cfg, bytes.ranges);
}

}  // namespace

const TensorColors& tensor_colors(int slot) {
  if (slot < 0) return kOutputColors;
  return kArgColors[slot % int(sizeof(kArgColors) / sizeof(kArgColors[0]))];
}

Role role_from_name(const std::string& name) {
  if (name == "value") return Role::Value;
  if (name == "index") return Role::Index;
  if (name == "mask") return Role::Mask;
  if (name == "compare") return Role::Compare;
  return Role::None;
}

const char* role_name(Role r) {
  switch (r) {
    case Role::Value: return "value";
    case Role::Index: return "index";
    case Role::Mask: return "mask";
    case Role::Compare: return "compare";
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

  auto rgb = [](ImU32 c) { return ImGui::ColorConvertU32ToFloat4(c); };
  ImVec4* c = s.Colors;
  c[ImGuiCol_Text] = rgb(kText);
  c[ImGuiCol_TextDisabled] = rgb(kFaint);
  c[ImGuiCol_WindowBg] = rgb(kBackground);
  c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_PopupBg] = rgb(kBackground);
  c[ImGuiCol_Border] = rgb(kBorder);
  c[ImGuiCol_BorderShadow] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_FrameBg] = rgb(IM_COL32(255, 255, 255, 255));
  c[ImGuiCol_FrameBgHovered] = rgb(IM_COL32(246, 248, 251, 255));
  c[ImGuiCol_FrameBgActive] = rgb(IM_COL32(241, 244, 249, 255));
  c[ImGuiCol_Button] = rgb(IM_COL32(255, 255, 255, 255));
  c[ImGuiCol_ButtonHovered] = rgb(IM_COL32(240, 243, 247, 255));
  c[ImGuiCol_ButtonActive] = rgb(IM_COL32(228, 232, 238, 255));
  c[ImGuiCol_Header] = rgb(IM_COL32(238, 243, 253, 255));
  c[ImGuiCol_HeaderHovered] = rgb(IM_COL32(228, 236, 252, 255));
  c[ImGuiCol_HeaderActive] = rgb(IM_COL32(214, 226, 250, 255));
  c[ImGuiCol_CheckMark] = rgb(IM_COL32(37, 99, 235, 255));
  c[ImGuiCol_TextSelectedBg] = rgb(IM_COL32(191, 210, 250, 255));
  c[ImGuiCol_ScrollbarBg] = ImVec4(0, 0, 0, 0);
  c[ImGuiCol_ScrollbarGrab] = rgb(IM_COL32(208, 213, 221, 255));
  c[ImGuiCol_ScrollbarGrabHovered] = rgb(IM_COL32(180, 187, 198, 255));
  c[ImGuiCol_ScrollbarGrabActive] = rgb(IM_COL32(150, 158, 170, 255));
  c[ImGuiCol_Separator] = rgb(kBorder);
  c[ImGuiCol_NavHighlight] = rgb(IM_COL32(37, 99, 235, 255));
}

ImU32 with_alpha(ImU32 c, float alpha) {
  const ImU32 a = ImU32(float((c >> IM_COL32_A_SHIFT) & 0xFF) * alpha);
  return (c & ~IM_COL32_A_MASK) | (a << IM_COL32_A_SHIFT);
}

}  // namespace whence::web::theme
