// provenance.js - what the pitfalls page (program.js) and the live program page
// (program_page.js) share: drawing sources and reach onto the grids' cells
// (td[data-cell="line:name:element"]): sources shaded by depth, reach, the selection outlined.
// Neither walks relations itself: trace and reach come from the program engine
// (core/program/provenance.cpp), at build time for the pitfalls page and from the page's
// WebAssembly session for the live one.
(function () {
  "use strict";

  // key -> td of every cell under root (for paint; a page that redraws often keeps it).
  function cellsOf(root) {
    const cells = new Map();
    root.querySelectorAll("td[data-cell]").forEach((td) => cells.set(td.dataset.cell, td));
    return cells;
  }

  // Lights the cells under `root` for the selected keys, their sources `back` and their reach
  // `forward` (key -> depth in steps).
  function paint(root, keys, back, forward, cells) {
    root.querySelectorAll("td.lit").forEach((td) => td.classList.remove("lit", "self", "source", "reach", "d1", "d2", "d3"));
    if (!keys.length) return;
    cells = cells || cellsOf(root);
    forward.forEach((d, k) => { const c = cells.get(k); if (c) c.classList.add("lit", "reach"); });
    back.forEach((d, k) => {
      const c = cells.get(k);
      if (c) { c.classList.remove("reach"); c.classList.add("lit", "source", "d" + Math.min(d, 3)); }
    });
    for (const k of keys) { const c = cells.get(k); if (c) c.classList.add("lit", "self"); }
  }

  window.WhenceProvenance = { paint, cellsOf };
})();
