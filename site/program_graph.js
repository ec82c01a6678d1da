// program_graph.js - a program as a graph, inline SVG, for the live program page: a node per
// line that ran (its ops; ×N where a loop or a second call ran it again; the failing line's node
// red), an edge per tensor a step reads from the step that bound it (labelled name ·
// dtype[shape]), dashed where the step's result is a view of it (aliasing). Edges come from the
// step's relations (or, from a session, the tensors it read), its views, and the names its code
// mentions (a read that moves no element, e.g. zeros_like(x), and the failing line). The lines
// of a function or method (Net.forward) are boxed under its name, and fold into one node, as
// torchvista folds a module; a group that holds the failing line is red.
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

  // A node per line that ran (a loop's or a function's repeated runs are one node, counted), in
  // the order lines first ran; an edge per tensor a step read from the step that last bound it
  // (an edge back up: a loop carries the tensor to its next iteration). Nodes of a function or
  // method (step.where: "Net.forward") form a group, drawn boxed and collapsible to one node.
  // { nodes: [{line, label, runs, where, failing}], edges: [{from, to, name, label, names, alias}],
  //   groups: [{where, first, last, failing}] }; `collapsed`: the groups (by where) drawn as one node.
  function model(text, response, collapsed) {
    const lines = text.split("\n");
    const error = response.ok === false ? response.error : null;
    const nodes = [];
    const at = new Map();        // line -> node index
    const lastBound = new Map(); // name -> {node, value}: the step that bound it last, as they ran
    const byLine = new Map();    // "name@line" -> value, for a relation's source
    const edges = new Map();     // "from>to>name" -> edge
    const add = (from, to, name, value, alias) => {
      if (from === undefined || from === to) return;
      const key = from + ">" + to + ">" + name;
      const old = edges.get(key);
      if (old) { old.alias = old.alias || alias; return; }
      const label = value && value.dtype ? name + " · " + value.dtype + "[" + value.shape.join(", ") + "]" : name;
      edges.set(key, { from, to, name, label, alias });
    };
    // Edges into node `to` from the steps that last bound the names line `line` mentions.
    const readsMentioned = (line, to) => {
      const code = (lines[line - 1] || "").replace(/#.*$/, "").replace(/(["'])(?:\\.|(?!\1).)*\1/g, "");
      for (const name of new Set(code.match(/[A-Za-z_][A-Za-z0-9_]*/g) || [])) {
        const b = lastBound.get(name);
        if (b) add(b.node, to, name, b.value, false);
      }
    };
    for (const step of response.steps || []) {
      let to = at.get(step.line);
      if (to === undefined) {
        const ops = (step.ops || []).map(shortOp).filter((op, k, all) => all.indexOf(op) === k);
        // A statement that ran no op and bound nothing (loss.backward()) by its code.
        const code = (step.code || "step").split("\n")[0];
        const label = ops.length ? ops.join(" · ") : step.names[0] ? "= " + step.names[0] : code;
        to = nodes.length;
        at.set(step.line, to);
        nodes.push({ line: step.line, label, runs: 0, where: step.where || "", step });
      }
      nodes[to].runs += 1;
      nodes[to].step = step;  // the last run's
      const source = (name, line) => {
        const b = lastBound.get(name);
        if (line !== undefined && at.has(line)) add(at.get(line), to, name, byLine.get(name + "@" + line), false);
        else if (b) add(b.node, to, name, b.value, false);
      };
      for (const rel of step.relations || []) for (const src of rel.src) if (src.name) source(src.name, src.line);
      for (const r of step.reads || []) source(r.name, r.line);
      for (const v of step.views || []) { const b = lastBound.get(v.of); if (b) add(b.node, to, v.of, b.value, true); }
      readsMentioned(step.line, to);  // x = x * 2 reads the x an earlier step bound
      step.names.forEach((name, k) => {
        if (!name) return;
        lastBound.set(name, { node: to, value: step.results[k] });
        byLine.set(name + "@" + step.line, step.results[k]);
      });
    }
    if (error && error.line) {
      let i = at.get(error.line);
      if (i === undefined) {
        i = nodes.length;
        const frames = error.stack || [];
        const where = frames.length > 1 ? frames[frames.length - 1].in : "";
        nodes.push({ line: error.line, label: error.type, runs: 1, where: where === "<module>" ? "" : where });
      }
      nodes[i].failing = true;
      if (error.module) nodes[i].module = error.module;  // "model.2 (Linear)": shown on the node
      readsMentioned(error.line, i);
    }
    // Groups: runs of consecutive nodes of one function or method.
    const groups = [];
    nodes.forEach((node, i) => {
      const last = groups[groups.length - 1];
      if (node.where && last && last.where === node.where && last.last === i - 1) last.last = i;
      else if (node.where) groups.push({ where: node.where, first: i, last: i });
    });
    for (const g of groups) g.failing = nodes.slice(g.first, g.last + 1).some((n) => n.failing);
    // Collapsed groups: one node each, the group's edges moved onto it, those inside dropped.
    const shown = [], index = new Map();  // node index -> shown index
    for (let i = 0; i < nodes.length; ++i) {
      const g = groups.find((x) => x.first <= i && i <= x.last && collapsed && collapsed.has(x.where));
      if (g && i > g.first) { index.set(i, index.get(g.first)); continue; }
      index.set(i, shown.length);
      if (g) {
        const members = nodes.slice(g.first, g.last + 1);
        shown.push({ line: nodes[g.first].line, label: g.where, lines: members.length, runs: Math.max(...members.map((n) => n.runs)),
                     where: g.where, failing: g.failing, group: g.where });
      } else {
        shown.push(nodes[i]);
      }
    }
    // One edge per pair of nodes: a layer's weight and bias are one edge, "net.fc1.weight +1".
    const moved = new Map();
    for (const e of edges.values()) {
      const from = index.get(e.from), to = index.get(e.to);
      if (from === undefined || to === undefined || from === to) continue;
      const key = from + ">" + to;
      const old = moved.get(key);
      if (!old) { moved.set(key, Object.assign({}, e, { from, to, names: [e.label] })); continue; }
      if (old.names.includes(e.label)) continue;
      old.names.push(e.label);
      old.alias = old.alias && e.alias;
      old.label = old.names[0] + " +" + (old.names.length - 1);
    }
    const shownGroups = [];
    for (const g of groups) {
      if (collapsed && collapsed.has(g.where)) continue;
      shownGroups.push({ where: g.where, first: index.get(g.first), last: index.get(g.last), failing: g.failing });
    }
    return { nodes: shown, edges: [...moved.values()], groups: shownGroups };
  }

  const collapsedGroups = new Set();  // kept across re-renders: an edit keeps what the reader folded

  // Draws into `root` (emptied first); onPick(line) when a node is clicked or chosen by key.
  function render(root, text, response, onPick) {
    root.textContent = "";
    const { nodes, edges, groups } = model(text, response, collapsedGroups);
    if (!nodes.length) return;
    const spans = edges.map((e) => Math.abs(e.to - e.from));
    const G = groups.length ? 14 : 0;  // the groups' inset
    const width = X + G + NODE_W + 40 + 26 * Math.max(1, ...spans) + 150;
    const height = nodes.length * ROW + 8;
    const s = svg("svg", { width, height, viewBox: "0 0 " + width + " " + height, class: "program-graph", role: "img",
                           "aria-label": "The program as a graph: a node per line that ran, an edge per tensor" });
    const defs = svg("defs");
    const marker = svg("marker", { id: "graph-arrow", viewBox: "0 0 8 8", refX: 7, refY: 4, markerWidth: 7, markerHeight: 7, orient: "auto" });
    marker.appendChild(svg("path", { d: "M0,0 L8,4 L0,8 z", class: "arrow" }));
    defs.appendChild(marker);
    s.appendChild(defs);
    const left = X + G;
    const top = (i) => i * ROW + 12, bottom = (i) => i * ROW + 12 + NODE_H;
    const right = left + NODE_W, mid = left + NODE_W / 2;
    // A function's or method's lines, boxed under its name; its header folds it to one node.
    for (const g of groups) {
      const box = svg("g", { class: "group" + (g.failing ? " failing" : ""), "data-where": g.where, tabindex: 0, role: "button",
                             "aria-label": g.where + ": fold its lines into one node" });
      box.appendChild(svg("rect", { x: X, y: top(g.first) - 10, width: NODE_W + 2 * G, height: bottom(g.last) - top(g.first) + 16, rx: 8 }));
      box.appendChild(svg("text", { x: X + 6, y: top(g.first) - 1 }, "▾ " + g.where));
      s.appendChild(box);
    }
    // Edges between neighbours go straight down the middle; longer ones (and a loop's edges back
    // up) bow out to the right, further the more steps they skip. Labels sit beside their edge.
    const perTarget = new Map();
    for (const e of edges) {
      const g = svg("g", { class: "edge" + (e.alias ? " alias" : "") + (e.to < e.from ? " back" : "") });
      const span = Math.abs(e.to - e.from);
      const n = perTarget.get(e.to) || 0;
      perTarget.set(e.to, n + 1);
      let d, lx, ly;
      if (e.to === e.from + 1 && n === 0) {
        d = "M" + mid + "," + bottom(e.from) + " L" + mid + "," + top(e.to);
        lx = mid + 6; ly = (bottom(e.from) + top(e.to)) / 2 + 4;
      } else {
        const bow = right + G + 18 + 26 * span;
        const y1 = e.to > e.from ? bottom(e.from) - 8 : top(e.from) + 8, y2 = e.to > e.from ? top(e.to) + 8 : bottom(e.to) - 8;
        d = "M" + right + "," + y1 + " C" + bow + "," + y1 + " " + bow + "," + y2 + " " + right + "," + y2;
        lx = right + 0.75 * (bow - right) + 4; ly = (y1 + y2) / 2 + 4;  // the curve's far point
      }
      g.appendChild(svg("path", { d, "marker-end": "url(#graph-arrow)" }));
      // A loop's edges back up go unlabelled (their tensor's name is on the edge that made it).
      if (e.to > e.from) g.appendChild(svg("text", { x: lx, y: ly }, e.label));
      g.appendChild(svg("title", {}, e.names.join(", ") + (e.to > e.from ? "" : " (from a later line: the loop's previous iteration)")));
      s.appendChild(g);
    }
    nodes.forEach((node, i) => {
      const runs = node.runs > 1 ? " ×" + node.runs : "";
      const g = svg("g", { class: "node" + (node.failing ? " failing" : "") + (node.group ? " folded" : ""), tabindex: 0, role: "button",
                           "data-line": node.line, "data-runs": node.runs, "aria-label": "Line " + node.line + ": " + node.label + (runs ? ", ran " + node.runs + " times" : "") });
      if (node.group) g.setAttribute("data-where", node.group);
      g.appendChild(svg("rect", { x: left, y: top(i), width: NODE_W, height: NODE_H, rx: 6 }));
      const room = 21 - runs.length;
      const text = node.module ? node.module : node.label;  // a failing module's name, torchvista's red node
      const label = text.length > room ? text.slice(0, room - 1) + "…" : text;
      g.appendChild(svg("text", { x: left + 8, y: top(i) + 17 }, (node.group ? "▸ " : node.line + "  ") + label + runs));
      g.appendChild(svg("title", {}, node.group ? node.group + ": " + node.lines + " lines folded (click to unfold)" + (runs ? ", ran " + node.runs + " times" : "")
                                     : "line " + node.line + (node.where ? " in " + node.where : "") + ": " + node.label +
                                       (node.module ? ", failed in " + node.module : "") +
                                       (runs ? " (ran " + node.runs + " times)" : "")));
      s.appendChild(g);
    });
    const toggle = (where) => {
      if (collapsedGroups.has(where)) collapsedGroups.delete(where); else collapsedGroups.add(where);
      render(root, text, response, onPick);
    };
    const pick = (e) => {
      const folded = e.target.closest && e.target.closest("g.node.folded");
      if (folded) return toggle(folded.getAttribute("data-where"));
      const group = e.target.closest && e.target.closest("g.group");
      if (group) return toggle(group.getAttribute("data-where"));
      const g = e.target.closest && e.target.closest("g.node");
      if (g) onPick(Number(g.getAttribute("data-line")));
    };
    s.addEventListener("click", pick);
    s.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(e); } });
    root.appendChild(s);
  }

  window.WhenceProgramGraph = { render, model };
})();
