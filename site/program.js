// program.js - the pitfalls page's provenance: hover (or focus) an element of any step and the
// elements it comes from light up at every earlier step, shaded by depth, and the elements it
// reaches in later steps too. Both come from the program engine (programs.json, written at build
// time from `whence eval` sessions: the same trace and reach as the CLI and the live page).
(function () {
  "use strict";
  const P = window.WhenceProvenance;
  const status = document.getElementById("program-status");
  const touch = window.matchMedia && window.matchMedia("(hover: none)").matches;
  const HELP = (touch ? "Tap an element" : "Point at an element") + ": its sources light up at every earlier step " +
    "(darker is closer), what it reaches in amber.";
  status.textContent = HELP;

  // "x[1, 2] at line 3 (value 0.5)", from the cell's key, its table's data-shape and its text.
  function describe(td) {
    const [line, name, element] = td.dataset.cell.split(":");
    const table = td.closest("table");
    const shape = table && table.dataset.shape ? table.dataset.shape.split(",").map(Number) : [];
    if (!shape.length) return name + " at line " + line + " (value " + td.textContent + ")";
    const idx = [];
    let rest = Number(element);
    for (let d = shape.length - 1; d >= 0; --d) { idx.unshift(rest % shape[d]); rest = Math.floor(rest / shape[d]); }
    return name + "[" + idx.join(", ") + "] at line " + line + " (value " + td.textContent + ")";
  }
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
        // The live program page's words (program_page.js), so both pages read alike.
        status.textContent = describe(td) + " comes from " + back.size + " element" + (back.size === 1 ? "" : "s") +
          " at earlier steps and reaches " + forward.size + " later.";
      };
      section.addEventListener("mouseover", (e) => { if (e.target.dataset && e.target.dataset.cell) show(e.target); });
      section.addEventListener("focusin", (e) => { if (e.target.dataset && e.target.dataset.cell) show(e.target); });
      section.addEventListener("mouseleave", () => { P.paint(section, [], new Map(), new Map(), cells); status.textContent = HELP; });
    });
  });
})();
