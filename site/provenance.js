// provenance.js - what the pitfalls page (program.js) and the live program page
// (program_page.js) share: a program's relations (one `whence eval` response with "explain")
// indexed both ways, walked one hop per step, and drawn onto the grids' cells
// (td[data-cell="line:name:element"]): sources shaded by depth, reach, the selection outlined.
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

  // Lights the cells under `root` for the selected keys; returns {back, forward} (key -> depth).
  function light(root, relations, keys, cells) {
    root.querySelectorAll("td.lit").forEach((td) => td.classList.remove("lit", "self", "source", "reach", "d1", "d2", "d3"));
    if (!keys.length) return { back: new Map(), forward: new Map() };
    cells = cells || cellsOf(root);
    const back = walk(keys, relations.sources);
    const forward = walk(keys, relations.readers);
    forward.forEach((d, k) => { const c = cells.get(k); if (c) c.classList.add("lit", "reach"); });
    back.forEach((d, k) => {
      const c = cells.get(k);
      if (c) { c.classList.remove("reach"); c.classList.add("lit", "source", "d" + Math.min(d, 3)); }
    });
    for (const k of keys) { const c = cells.get(k); if (c) c.classList.add("lit", "self"); }
    return { back, forward };
  }

  window.WhenceProvenance = { index, walk, light, cellsOf };
})();
