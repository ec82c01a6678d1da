// program.js - the pitfalls page's provenance: hover (or focus) an element of any step and the
// elements it comes from light up at every earlier step, shaded by depth, and the elements it
// reaches in later steps too. The relations are Whence's (programs.json, written at build
// time by `whence eval` with "explain"); provenance.js walks them, one hop per step.
(function () {
  "use strict";
  const P = window.WhenceProvenance;
  const status = document.getElementById("program-status");
  fetch("programs.json").then((r) => r.json()).then((responses) => {
    document.querySelectorAll("section.program").forEach((section) => {
      const relations = P.index(responses[Number(section.dataset.program)]);
      section.querySelectorAll("td[data-cell]").forEach((td) => { td.tabIndex = 0; });
      const show = (td) => {
        const key = td.dataset.cell;
        const { back, forward } = P.light(section, relations, [key]);
        const [line, name, element] = key.split(":");
        status.textContent = name + " element " + element + " at line " + line + ": comes from " + back.size +
          " element(s) of earlier lines, reaches " + forward.size + " later.";
      };
      section.addEventListener("mouseover", (e) => { if (e.target.dataset && e.target.dataset.cell) show(e.target); });
      section.addEventListener("focusin", (e) => { if (e.target.dataset && e.target.dataset.cell) show(e.target); });
      section.addEventListener("mouseleave", () => { P.light(section, relations, []); status.textContent = ""; });
    });
  });
})();
