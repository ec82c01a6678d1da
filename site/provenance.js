// provenance.js - what the pitfalls page (program.js) and the live program page
// (program_page.js) share: drawing sources and reach onto the grids' cells
// (td[data-cell="line:name:element"]): sources shaded by depth, reach, the selection outlined;
// and, for the pitfalls page, a program's relations (one `whence eval` response with "explain")
// indexed both ways and walked one hop per step.
(function () {
  "use strict";

  // {sources: key -> [key], readers: key -> [key]}, keys "line:name:element".
  function index(response) {
    const sources = new Map();
    const readers = new Map();
    for (const step of response.steps || []) {
      for (const rel of step.relations || []) {
        const name = step.names[rel.out[0]];
        if (!name) continue;
        const key = step.line + ":" + name + ":" + rel.out[1];
        const srcs = rel.src.filter((s) => s.name).map((s) => s.line + ":" + s.name + ":" + s.element);
        sources.set(key, srcs);
        for (const s of srcs) {
          if (!readers.has(s)) readers.set(s, []);
          readers.get(s).push(key);
        }
      }
    }
    return { sources, readers };
  }

  // Breadth first from every start at once: key -> depth (steps back or forward), starts left out.
  function walk(starts, next) {
    const depth = new Map(starts.map((k) => [k, 0]));
    const queue = starts.slice();
    for (let i = 0; i < queue.length; ++i) {
      const key = queue[i];
      for (const k of next.get(key) || []) {
        if (!depth.has(k)) { depth.set(k, depth.get(key) + 1); queue.push(k); }
      }
    }
    for (const k of starts) depth.delete(k);
    return depth;
  }

  // key -> td of every cell under root (for light; a page that redraws often keeps it).
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

  // paint() with the sources and reach walked from one response's relations; returns {back, forward}.
  function light(root, relations, keys, cells) {
    const back = keys.length ? walk(keys, relations.sources) : new Map();
    const forward = keys.length ? walk(keys, relations.readers) : new Map();
    paint(root, keys, back, forward, cells);
    return { back, forward };
  }

  window.WhenceProvenance = { index, walk, light, paint, cellsOf };
})();
