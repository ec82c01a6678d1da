#include "cell_stamp.hpp"

#include <algorithm>

#include <imgui_internal.h>  // ImDrawList's write pointers

namespace whence::web {

namespace {

// One tessellated cell at the origin: its vertices and indices, and for each vertex which of
// the four colours it takes: 0 fill, 1 fill transparent (an anti-aliasing fringe), 2 border, 3
// border transparent.
struct Stamp {
  float w, h, rounding, border_w, fringe;
  ImDrawListFlags flags;
  ImVec4 atlas_uv;  // the font atlas's white pixel and first line: a rebuilt atlas (new dpr) moves them
  std::vector<ImDrawVert> vtx;
  std::vector<ImDrawIdx> idx;
  std::vector<unsigned char> colour;
};

ImVec4 atlas_uv(const ImDrawList* dl) {
  return ImVec4(dl->_Data->TexUvWhitePixel.x, dl->_Data->TexUvWhitePixel.y, dl->_Data->TexUvLines[1].x,
                dl->_Data->TexUvLines[1].y);
}

bool same(const Stamp& s, float w, float h, float rounding, float border_w, const ImDrawList* dl, ImVec4 uv) {
  return s.w == w && s.h == h && s.rounding == rounding && s.border_w == border_w && s.fringe == dl->_FringeScale &&
         s.flags == dl->Flags && s.atlas_uv.x == uv.x && s.atlas_uv.y == uv.y && s.atlas_uv.z == uv.z &&
         s.atlas_uv.w == uv.w;
}

Stamp make_stamp(float w, float h, float rounding, float border_w, const ImDrawList* dl) {
  ImDrawList scratch(dl->_Data);
  scratch._ResetForNewFrame();
  scratch.Flags = dl->Flags;
  scratch._FringeScale = dl->_FringeScale;
  scratch.PushClipRectFullScreen();
  scratch.PushTextureID(dl->_CmdHeader.TextureId);
  const ImU32 opaque = IM_COL32_WHITE;
  // Under a border the fill needs no fringe (cell_stamp.hpp).
  if (border_w >= 1) scratch.Flags &= ~ImDrawListFlags_AntiAliasedFill;
  scratch.AddRectFilled(ImVec2(0, 0), ImVec2(w, h), opaque, rounding);
  scratch.Flags = dl->Flags;
  const int fill_vertices = scratch.VtxBuffer.Size;
  if (border_w > 0) {
    const float inset = border_w * 0.5f;  // keep thick borders inside the cell
    scratch.AddRect(ImVec2(inset, inset), ImVec2(w - inset, h - inset), opaque, rounding, 0, border_w);
  }
  Stamp s{w, h, rounding, border_w, dl->_FringeScale, dl->Flags, atlas_uv(dl), {}, {}, {}};
  s.vtx.assign(scratch.VtxBuffer.begin(), scratch.VtxBuffer.end());
  s.idx.assign(scratch.IdxBuffer.begin(), scratch.IdxBuffer.end());
  for (int i = 0; i < scratch.VtxBuffer.Size; ++i) {
    const bool transparent = ((scratch.VtxBuffer[i].col >> IM_COL32_A_SHIFT) & 0xFF) == 0;
    s.colour.push_back(static_cast<unsigned char>((i >= fill_vertices ? 2 : 0) + (transparent ? 1 : 0)));
  }
  return s;
}

const Stamp& stamp_for(float w, float h, float rounding, float border_w, const ImDrawList* dl) {
  static std::vector<Stamp> kept;  // a grid's few sizes and border widths
  const ImVec4 uv = atlas_uv(dl);
  for (const Stamp& s : kept)
    if (same(s, w, h, rounding, border_w, dl, uv)) return s;
  if (kept.size() >= 16) kept.clear();  // the zoom changed: the old sizes are gone
  kept.push_back(make_stamp(w, h, rounding, border_w, dl));
  return kept.back();
}

// ImDrawList::PrimRect's work (a rectangle's 4 vertices and 6 indices, room reserved), here
// where it is compiled for speed.
void write_rect(ImDrawList* dl, ImVec2 a, ImVec2 c, ImU32 col) {
  const ImVec2 uv = dl->_Data->TexUvWhitePixel;
  const auto base = static_cast<ImDrawIdx>(dl->_VtxCurrentIdx);
  for (int k : {0, 1, 2, 0, 2, 3}) dl->PrimWriteIdx(static_cast<ImDrawIdx>(base + k));
  dl->PrimWriteVtx(a, uv, col);
  dl->PrimWriteVtx(ImVec2(c.x, a.y), uv, col);
  dl->PrimWriteVtx(c, uv, col);
  dl->PrimWriteVtx(ImVec2(a.x, c.y), uv, col);
}

}  // namespace

void draw_rounded_cell(ImDrawList* dl, ImVec2 a, ImVec2 size, float rounding, ImU32 fill, ImU32 border,
                       float border_w) {
  const Stamp& s = stamp_for(size.x, size.y, rounding, border_w, dl);
  const int vertices = int(s.vtx.size()), indices = int(s.idx.size());
  dl->PrimReserve(indices, vertices);
  const ImU32 colours[4] = {fill, fill & ~IM_COL32_A_MASK, border, border & ~IM_COL32_A_MASK};
  const ImDrawVert* from = s.vtx.data();
  const unsigned char* colour = s.colour.data();
  ImDrawVert* to = dl->_VtxWritePtr;
  for (int i = 0; i < vertices; ++i) {
    to[i].pos.x = from[i].pos.x + a.x;
    to[i].pos.y = from[i].pos.y + a.y;
    to[i].uv = from[i].uv;
    to[i].col = colours[colour[i]];
  }
  const auto base = static_cast<ImDrawIdx>(dl->_VtxCurrentIdx);
  const ImDrawIdx* idx = s.idx.data();
  ImDrawIdx* out = dl->_IdxWritePtr;
  for (int k = 0; k < indices; ++k) out[k] = static_cast<ImDrawIdx>(base + idx[k]);
  dl->_VtxWritePtr += vertices;
  dl->_IdxWritePtr += indices;
  dl->_VtxCurrentIdx += unsigned(vertices);
}

// ImGui's outline (AddRect) had been a third of a zoomed-out frame's CPU time: its polyline's
// normals and anti-aliased fringe, 12 vertices a cell.
void draw_square_cell(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 fill, ImU32 border, float border_w) {
  if (border_w <= 0) {
    dl->PrimReserve(6, 4);
    write_rect(dl, a, b, fill);
    return;
  }
  const float w = std::min({border_w, (b.x - a.x) * 0.5f, (b.y - a.y) * 0.5f});
  dl->PrimReserve(12, 8);
  write_rect(dl, a, b, border);
  write_rect(dl, ImVec2(a.x + w, a.y + w), ImVec2(b.x - w, b.y - w), fill);
}

}  // namespace whence::web
