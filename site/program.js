// program.js - the pitfalls page's provenance: hover (or focus) an element of any step and the
// elements it comes from light up at every earlier step, shaded by depth, and the elements it
// reaches in later steps too. Both come from the program engine (programs.json, written at build
// time from `whence eval` sessions: the same trace and reach as the CLI and the live page).
(function () {
  "use strict";
  const P = window.WhenceProvenance;
  const status = document.getElementById("program-status");
  fetch("programs.json").then((r) => r.json()).then((programs) => {
    document.querySelectorAll("section.program").forEach((section) => {
      const cellsOf = programs[Number(section.dataset.program)];
      const cells = P.cellsOf(section);
      section.querySelectorAll("td[data-cell]").forEach((td) => { td.tabIndex = 0; });
      const show = (td) => {
        const key = td.dataset.cell;
        const known = cellsOf[key] || { b: {}, f: {} };
        const back = new Map(Object.entries(known.b)), forward = new Map(Object.entries(known.f));
        P.paint(section, [key], back, forward, cells);
        const [line, name, element] = key.split(":");
        status.textContent = name + " element " + element + " at line " + line + ": comes from " + back.size +
          " element(s) of earlier lines, reaches " + forward.size + " later.";
      };
      section.addEventListener("mouseover", (e) => { if (e.target.dataset && e.target.dataset.cell) show(e.target); });
      section.addEventListener("focusin", (e) => { if (e.target.dataset && e.target.dataset.cell) show(e.target); });
      section.addEventListener("mouseleave", () => { P.paint(section, [], new Map(), new Map(), cells); status.textContent = ""; });
    });
  });
})();
