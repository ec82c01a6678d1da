// program_graph.js - a program as a graph, inline SVG, for the live program page: a node per
// step (its line and ops; the failing step's node red), an edge per tensor a step reads from an
// earlier step (labelled name · dtype[shape]), dashed where the step's result is a view of it
// (aliasing). Edges come from the step's relations (or, from a session, the tensors it read), its views, and the earlier names its code
// mentions (a read that moves no element, e.g. zeros_like(x), and the failing line).
(function () {
  "use strict";
  const NS = "http://www.w3.org/2000/svg";
  const ROW = 46, NODE_W = 180, NODE_H = 26, X = 8;

  function svg(tag, attrs, text) {
    const e = document.createElementNS(NS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  const OPERATORS = { __getitem__: "[]", __setitem__: "[]=", __add__: "+", __radd__: "+", __sub__: "-", __rsub__: "-",
                      __mul__: "*", __rmul__: "*", __truediv__: "/", __rtruediv__: "/", __floordiv__: "//",
                      __mod__: "%", __pow__: "**", __rpow__: "**", __matmul__: "@", __neg__: "-x", __invert__: "~",
                      __and__: "&", __or__: "|", __xor__: "^", __eq__: "==", __ne__: "!=", __lt__: "<",
                      __le__: "<=", __gt__: ">", __ge__: ">=" };
  function shortOp(op) {
    const parts = op.split(".");
    const last = parts[parts.length - 1];
    return OPERATORS[last] || last.replace(/^__(\w+)__$/, "$1");
  }

  // [{line, label, failing}] and [{from, to, name, label, alias}] (from/to: node indices).
  function model(text, response) {
    const lines = text.split("\n");
    const error = response.ok === false ? response.error : null;
    const nodes = [];
    const at = new Map();  // line -> node index
    const bound = [];      // [{name, line, value}] in order
    for (const step of response.steps || []) {
      at.set(step.line, nodes.length);
      const ops = (step.ops || []).map(shortOp);
      // A statement that ran no op and bound nothing (loss.backward()) by its code.
      const code = (step.code || "step").split("\n")[0];
      const label = ops.length ? ops.join(" · ") : step.names[0] ? "= " + step.names[0] : code.length > 22 ? code.slice(0, 21) + "…" : code;
      nodes.push({ line: step.line, label, step });
    }
    if (error && error.line && !at.has(error.line)) {
      at.set(error.line, nodes.length);
      nodes.push({ line: error.line, label: error.type, failing: true });
    }
    const edges = new Map();  // "from>to>name" -> edge
    const producer = (name, before) => {  // the latest step before line `before` binding name
      for (let i = bound.length - 1; i >= 0; --i) if (bound[i].name === name && bound[i].line < before) return bound[i];
      return null;
    };
    const add = (src, to, alias) => {
      if (!src) return;
      const key = at.get(src.line) + ">" + to + ">" + src.name;
      const v = src.value;
      const label = v && v.dtype ? src.name + " · " + v.dtype + "[" + v.shape.join(", ") + "]" : src.name;
      const old = edges.get(key);
      if (old) { old.alias = old.alias || alias; return; }
      edges.set(key, { from: at.get(src.line), to, name: src.name, label, alias });
    };
    nodes.forEach((node, to) => {
      const step = node.step;
      if (step) {
        const boundAt = (s) => bound.find((b) => b.name === s.name && b.line === s.line) || producer(s.name, node.line);
        for (const rel of step.relations || []) for (const s of rel.src) if (s.name) add(boundAt(s), to, false);
        for (const s of step.reads || []) add(boundAt(s), to, false);
        for (const v of step.views || []) add(producer(v.of, node.line), to, true);
      }
      const code = (lines[node.line - 1] || "").replace(/#.*$/, "").replace(/(["'])(?:\\.|(?!\1).)*\1/g, "");
      const mentioned = new Set(code.match(/[A-Za-z_][A-Za-z0-9_]*/g) || []);
      mentioned.forEach((name) => add(producer(name, node.line), to, false));
      if (step) step.names.forEach((name, k) => { if (name) bound.push({ name, line: node.line, value: step.results[k] }); });
    });
    return { nodes, edges: [...edges.values()].filter((e) => e.from !== undefined && e.from !== e.to) };
  }

  // Draws into `root` (emptied first); onPick(line) when a node is clicked or chosen by key.
  function render(root, text, response, onPick) {
    root.textContent = "";
    const { nodes, edges } = model(text, response);
    if (!nodes.length) return;
    const spans = edges.map((e) => e.to - e.from);
    const width = X + NODE_W + 40 + 26 * Math.max(1, ...spans) + 150;
    const height = nodes.length * ROW;
    const s = svg("svg", { width, height, viewBox: "0 0 " + width + " " + height, class: "program-graph", role: "img",
                           "aria-label": "The program as a graph: a node per step, an edge per tensor" });
    const defs = svg("defs");
    const marker = svg("marker", { id: "graph-arrow", viewBox: "0 0 8 8", refX: 7, refY: 4, markerWidth: 7, markerHeight: 7, orient: "auto" });
    marker.appendChild(svg("path", { d: "M0,0 L8,4 L0,8 z", class: "arrow" }));
    defs.appendChild(marker);
    s.appendChild(defs);
    const top = (i) => i * ROW + 8, bottom = (i) => i * ROW + 8 + NODE_H;
    const right = X + NODE_W, mid = X + NODE_W / 2;
    // Edges between neighbours go straight down the middle; longer ones bow out to the right,
    // further the more steps they skip. Labels sit beside their edge.
    const perTarget = new Map();
    for (const e of edges) {
      const g = svg("g", { class: "edge" + (e.alias ? " alias" : "") });
      const span = e.to - e.from;
      const n = perTarget.get(e.to) || 0;
      perTarget.set(e.to, n + 1);
      let d, lx, ly;
      if (span === 1 && n === 0) {
        d = "M" + mid + "," + bottom(e.from) + " L" + mid + "," + top(e.to);
        lx = mid + 6; ly = (bottom(e.from) + top(e.to)) / 2 + 4;
      } else {
        const bow = right + 18 + 26 * span;
        const y1 = bottom(e.from) - 8, y2 = top(e.to) + 8;
        d = "M" + right + "," + y1 + " C" + bow + "," + y1 + " " + bow + "," + y2 + " " + right + "," + y2;
        lx = right + 0.75 * (bow - right) + 4; ly = (y1 + y2) / 2 + 4;  // the curve's far point
      }
      g.appendChild(svg("path", { d, "marker-end": "url(#graph-arrow)" }));
      g.appendChild(svg("text", { x: lx, y: ly }, e.label));
      s.appendChild(g);
    }
    nodes.forEach((node, i) => {
      const g = svg("g", { class: "node" + (node.failing ? " failing" : ""), tabindex: 0, role: "button",
                           "data-line": node.line, "aria-label": "Line " + node.line + ": " + node.label });
      g.appendChild(svg("rect", { x: X, y: top(i), width: NODE_W, height: NODE_H, rx: 6 }));
      const label = node.label.length > 21 ? node.label.slice(0, 20) + "…" : node.label;
      g.appendChild(svg("text", { x: X + 8, y: top(i) + 17 }, node.line + "  " + label));
      g.appendChild(svg("title", {}, "line " + node.line + ": " + node.label));
      s.appendChild(g);
    });
    const pick = (e) => {
      const g = e.target.closest && e.target.closest("g.node");
      if (g) onPick(Number(g.getAttribute("data-line")));
    };
    s.addEventListener("click", pick);
    s.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(e); } });
    root.appendChild(s);
  }

  window.WhenceProgramGraph = { render, model };
})();
