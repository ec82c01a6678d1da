// test_cell_stamp.cpp - web/cell_stamp.hpp against Dear ImGui itself: a stamped rounded cell is
// exactly what ImGui draws for it at that place (vertices, UVs, colours, indices), wherever it
// is, for every border width the grid uses, after the atlas moves; a square cell is its border
// and its fill where they should be. Built into the WebAssembly unit tests only (ImGui is
// built for WebAssembly only: web/CMakeLists.txt).
#include <catch2/catch.hpp>

#include <cmath>
#include <memory>

#include <imgui.h>
#include <imgui_internal.h>

#include "web/cell_stamp.hpp"

namespace {

using whence::web::draw_rounded_cell;
using whence::web::draw_square_cell;

// ImGui's drawing state without a context or a font: the white pixel and the line UVs are
// what a font atlas would give.
struct Drawing {
  ImDrawListSharedData data;
  ImVec4 lines[IM_DRAWLIST_TEX_LINES_WIDTH_MAX + 1];
  Drawing() {
    data.TexUvWhitePixel = ImVec2(0.0625f, 0.125f);
    for (int i = 0; i <= IM_DRAWLIST_TEX_LINES_WIDTH_MAX; ++i)
      lines[i] = ImVec4(0.01f * float(i), 0.5f, 0.02f * float(i), 0.75f);
    data.TexUvLines = lines;
    data.InitialFlags =
        ImDrawListFlags_AntiAliasedLines | ImDrawListFlags_AntiAliasedLinesUseTex | ImDrawListFlags_AntiAliasedFill;
    data.ClipRectFullscreen = ImVec4(-8192, -8192, 8192, 8192);
    data.SetCircleTessellationMaxError(0.30f);
  }
  std::unique_ptr<ImDrawList> list() {
    auto dl = std::make_unique<ImDrawList>(&data);
    dl->_ResetForNewFrame();
    dl->PushClipRectFullScreen();
    dl->PushTextureID(ImTextureID(nullptr));
    return dl;
  }
};

// What ImGui draws for a rounded cell: the fill, then the border inset by half its width.
// Under a border at least a pixel wide the fill is drawn without its anti-aliased fringe,
// which the border covers (cell_stamp.hpp).
void imgui_cell(ImDrawList* dl, ImVec2 a, ImVec2 size, float rounding, ImU32 fill, ImU32 border, float border_w) {
  const ImVec2 b(a.x + size.x, a.y + size.y);
  const ImDrawListFlags flags = dl->Flags;
  if (border_w >= 1) dl->Flags &= ~ImDrawListFlags_AntiAliasedFill;
  dl->AddRectFilled(a, b, fill, rounding);
  dl->Flags = flags;
  if (border_w > 0) {
    const float inset = border_w * 0.5f;
    dl->AddRect(ImVec2(a.x + inset, a.y + inset), ImVec2(b.x - inset, b.y - inset), border, rounding, 0, border_w);
  }
}

void require_same(const ImDrawList& got, const ImDrawList& want) {
  REQUIRE(got.VtxBuffer.Size == want.VtxBuffer.Size);
  REQUIRE(got.IdxBuffer.Size == want.IdxBuffer.Size);
  for (int i = 0; i < want.VtxBuffer.Size; ++i) {
    INFO("vertex " << i);
    // The stamp adds the cell's place to positions computed at the origin: equal to float rounding.
    REQUIRE(std::fabs(got.VtxBuffer[i].pos.x - want.VtxBuffer[i].pos.x) < 1e-3f);
    REQUIRE(std::fabs(got.VtxBuffer[i].pos.y - want.VtxBuffer[i].pos.y) < 1e-3f);
    REQUIRE(got.VtxBuffer[i].uv.x == want.VtxBuffer[i].uv.x);
    REQUIRE(got.VtxBuffer[i].uv.y == want.VtxBuffer[i].uv.y);
    REQUIRE(got.VtxBuffer[i].col == want.VtxBuffer[i].col);
  }
  for (int k = 0; k < want.IdxBuffer.Size; ++k) REQUIRE(got.IdxBuffer[k] == want.IdxBuffer[k]);
}

// Twice the signed area of the triangles of `dl` whose vertices all have colour `col`.
double area_of(const ImDrawList& dl, ImU32 col) {
  double sum = 0;
  for (int k = 0; k + 2 < dl.IdxBuffer.Size; k += 3) {
    const ImDrawVert& p = dl.VtxBuffer[int(dl.IdxBuffer[k])];
    const ImDrawVert& q = dl.VtxBuffer[int(dl.IdxBuffer[k + 1])];
    const ImDrawVert& r = dl.VtxBuffer[int(dl.IdxBuffer[k + 2])];
    if (p.col != col || q.col != col || r.col != col) continue;
    sum += std::fabs(double(q.pos.x - p.pos.x) * (r.pos.y - p.pos.y) - double(r.pos.x - p.pos.x) * (q.pos.y - p.pos.y));
  }
  return sum / 2;
}

}  // namespace

TEST_CASE(
    "a stamped rounded cell is what ImGui draws for it, anywhere, for each border width and after the atlas moves") {
  Drawing d;
  const ImVec2 size(37.5f, 22.0f);
  const ImU32 fill = IM_COL32(200, 230, 220, 178), border = IM_COL32(20, 140, 120, 153);
  for (int atlas = 0; atlas < 2; ++atlas) {
    if (atlas == 1) d.data.TexUvWhitePixel = ImVec2(0.25f, 0.375f);  // a rebuilt atlas (another pixel ratio)
    for (float border_w : {0.0f, 1.0f, 1.5f, 2.5f})
      for (ImVec2 a : {ImVec2(0, 0), ImVec2(113.25f, 40.5f), ImVec2(1033.0f, 2211.75f)}) {
        INFO("border " << border_w << " at " << a.x << ", " << a.y << ", atlas " << atlas);
        auto got = d.list(), want = d.list();
        // A cell already in the list: the stamp's indices continue from its vertices.
        imgui_cell(got.get(), ImVec2(-50, -50), size, 4, fill, border, 1);
        imgui_cell(want.get(), ImVec2(-50, -50), size, 4, fill, border, 1);
        draw_rounded_cell(got.get(), a, size, 4, fill, border, border_w);
        imgui_cell(want.get(), a, size, 4, fill, border, border_w);
        require_same(*got, *want);
      }
  }
}

TEST_CASE("a square cell is its border's rectangle with the fill's on top, the border as wide as asked") {
  Drawing d;
  const ImVec2 a(10.5f, 20.0f), b(34.5f, 32.0f);
  const double outer = double(b.x - a.x) * (b.y - a.y);
  const ImU32 fill = IM_COL32(200, 230, 220, 255), border = IM_COL32(20, 140, 120, 255);
  for (float w : {1.0f, 2.5f}) {
    INFO("border " << w);
    auto dl = d.list();
    draw_square_cell(dl.get(), a, b, fill, border, w);
    REQUIRE(dl->VtxBuffer.Size == 8);
    REQUIRE(area_of(*dl, border) == Approx(outer));
    REQUIRE(area_of(*dl, fill) == Approx(double(b.x - a.x - 2 * w) * (b.y - a.y - 2 * w)));
    REQUIRE(dl->VtxBuffer[4].col == fill);  // drawn second, on top
    REQUIRE(dl->VtxBuffer[4].pos.x == a.x + w);
    REQUIRE(dl->VtxBuffer[4].pos.y == a.y + w);
  }
  SECTION("no border: the fill alone") {
    auto dl = d.list();
    draw_square_cell(dl.get(), a, b, fill, border, 0);
    REQUIRE(dl->VtxBuffer.Size == 4);
    REQUIRE(area_of(*dl, fill) == Approx(outer));
  }
}
