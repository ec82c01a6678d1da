// cell_stamp.hpp - grid cells drawn fast, thousands a frame (compiled for speed: web/CMakeLists.txt).
// A rounded cell is tessellated once and copied for every cell. ImGui
// tessellates each rounded rectangle anew (its corner arcs, the anti-aliased fringe's normals,
// the outline's polyline): with hundreds of same-sized cells that was most of a frame's
// drawing. The copy is exact: a cell's triangles do not depend on where it is, only on its
// size, rounding, border width and the draw list's anti-aliasing.
#pragma once

#include <vector>

#include <imgui.h>

namespace whence::web {

// Draws a rounded rectangle at `a` of `size` filled with `fill` and, when border_w > 0, outlined
// inside its edge by border_w of `border`: what AddRectFilled then AddRect, inset by border_w / 2,
// draw, except that a fill under a border at least a pixel wide has no anti-aliased fringe (the
// border covers it: 16 vertices and 42 indices with rounding 4, not 32 and 138). The size is the grid's cell size, not b - a: that differs from cell to cell in its
// last bits, and each difference would tessellate a stamp of its own.
void draw_rounded_cell(ImDrawList* dl, ImVec2 a, ImVec2 size, float rounding, ImU32 fill, ImU32 border, float border_w);

// A square cell (zoomed out past the values) as plain triangles, without ImGui's anti-aliased
// outline: the border's rectangle with the fill's on top, 8 vertices. For opaque colours (a
// translucent fill would show the border's colour through it).
void draw_square_cell(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 fill, ImU32 border, float border_w);

}  // namespace whence::web
