// program.js - the pitfalls page's provenance: hover (or focus) an element of any step and the
// elements it comes from light up at every earlier step, shaded by depth, and the elements it
// reaches in later steps too. The relations are Whence's (programs.json, written at build
// time by `whence eval` with "explain"); this walks them, one hop per step.
(function () {
  "use strict";
  const status = document.getElementById("program-status");
  fetch("programs.json").then((r) => r.json()).then((responses) => {
    document.querySelectorAll("section.program").forEach((section) => {
      const response = responses[Number(section.dataset.program)];
      const sources = new Map();  // "line:name:element" -> [{key, role}]
      const readers = new Map();  // the reverse
      for (const step of response.steps || []) {
        for (const rel of step.relations || []) {
          const name = step.names[rel.out[0]];
          if (!name) continue;
          const key = step.line + ":" + name + ":" + rel.out[1];
          const srcs = rel.src.filter((s) => s.name).map((s) => ({ key: s.line + ":" + s.name + ":" + s.element, role: s.role }));
          sources.set(key, srcs);
          for (const s of srcs) {
            if (!readers.has(s.key)) readers.set(s.key, []);
            readers.get(s.key).push(key);
          }
        }
      }
      const cells = new Map();
      section.querySelectorAll("td[data-cell]").forEach((td) => {
        cells.set(td.dataset.cell, td);
        td.tabIndex = 0;
      });
      // Breadth first: the depth of a cell is the number of steps back (or forward).
      const walk = (start, next) => {
        const depth = new Map([[start, 0]]);
        const queue = [start];
        while (queue.length) {
          const key = queue.shift();
          for (const n of next(key)) {
            const k = typeof n === "string" ? n : n.key;
            if (!depth.has(k)) { depth.set(k, depth.get(key) + 1); queue.push(k); }
          }
        }
        depth.delete(start);
        return depth;
      };
      const clear = () => section.querySelectorAll("td.lit").forEach((td) => { td.className = ""; });
      const show = (td) => {
        clear();
        const key = td.dataset.cell;
        const back = walk(key, (k) => sources.get(k) || []);
        const forward = walk(key, (k) => readers.get(k) || []);
        td.className = "lit self";
        back.forEach((d, k) => { const c = cells.get(k); if (c) c.className = "lit source d" + Math.min(d, 3); });
        forward.forEach((d, k) => { const c = cells.get(k); if (c) c.className = "lit reach"; });
        const [line, name, element] = key.split(":");
        status.textContent = name + " element " + element + " at line " + line + ": comes from " + back.size +
          " element(s) of earlier lines, reaches " + forward.size + " later.";
      };
      section.addEventListener("mouseover", (e) => { if (e.target.dataset && e.target.dataset.cell) show(e.target); });
      section.addEventListener("focusin", (e) => { if (e.target.dataset && e.target.dataset.cell) show(e.target); });
      section.addEventListener("mouseleave", () => { clear(); status.textContent = ""; });
    });
  });
})();
