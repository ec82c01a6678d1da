// program_steps.js - a program's steps as HTML for the live program page: each line of code in a
// collapsible row beside its tensors (name, dtype, shape, a grid of values; 3-D and up as
// labelled 2-D slices), the failing line marked with PyTorch's error and the lines after it
// marked as not run. Cells carry data-cell="line:name:element" and the classes of the pitfalls
// page (scripts/pitfalls_page.py), so provenance.js lights both pages alike.
(function () {
  "use strict";
  const MAX_CELLS = 16384;  // per tensor; beyond it the first elements are shown

  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // Python's "%.4g".
  function g4(x) {
    if (x === 0) return Object.is(x, -0) ? "-0" : "0";
    const trim = (s) => (s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s);
    let e = Math.floor(Math.log10(Math.abs(x)));
    if (Math.abs(Number(x.toPrecision(4))) >= Math.pow(10, e + 1)) e += 1;  // 9.9996 -> 10
    if (e < -4 || e >= 4) {
      const [m, ex] = x.toExponential(3).split("e");
      const n = Number(ex);
      return trim(m) + "e" + (n < 0 ? "-" : "+") + String(Math.abs(n)).padStart(2, "0");
    }
    return trim(x.toFixed(Math.max(0, 3 - e)));
  }

  // An element as the pitfalls page writes it (scripts/pitfalls_page.py's _number).
  function number(x, dtype) {
    if (typeof x === "boolean") return x ? "True" : "False";
    if (typeof x === "string") return x;  // "nan", "inf", "-inf"
    if (typeof x !== "number") return JSON.stringify(x);
    if (/^u?int/.test(dtype)) return String(x);
    const text = g4(x);
    return /[.en]/.test(text) ? text : text + ".";
  }

  function pyvalue(value) {
    if (value && typeof value === "object" && Array.isArray(value.tuple))
      return "(" + value.tuple.map(pyvalue).join(", ") + ")";
    if (value && typeof value === "object" && typeof value.grad_fn === "string") return "<" + value.grad_fn + " object>";
    if (value && typeof value === "object" && typeof value.repr === "string") return value.repr;  // a module, a dict
    if (value && typeof value === "object" && value.generator) return "<torch._C.Generator object>";
    if (value === null) return "None";  // as Python writes them
    if (value === true || value === false) return value ? "True" : "False";
    return JSON.stringify(value);
  }

  function table(value, key, start, rows, cols) {
    const t = el("table");
    for (let r = 0; r < rows; ++r) {
      const tr = el("tr");
      for (let c = 0; c < cols; ++c) {
        const i = start + r * cols + c;
        if (i >= value.data.length) break;
        const td = el("td", "", number(value.data[i], value.dtype));
        if (key) td.dataset.cell = key + i;
        tr.appendChild(td);
      }
      t.appendChild(tr);
    }
    return t;
  }

  // A tensor as a figure: a 0-d or 1-d one as one row, 2-d as a table, higher ranks as a table
  // per index of the leading dims, each labelled [i, j, :, :].
  function tensor(value, line, name) {
    if (value && typeof value === "object" && typeof value.repr === "string" && value.repr.includes("\n"))
      return el("pre", "pyvalue object", (name ? name + " = " : "") + value.repr);  // a module's repr, as print shows it
    if (!(value && typeof value === "object" && Array.isArray(value.data)))
      return el("span", "pyvalue", (name ? name + " = " : "") + pyvalue(value));
    const shape = value.shape;
    const fig = el("figure", "grid");
    fig.appendChild(el("figcaption", "", (name ? name + " " : "") + value.dtype + " · [" + shape.join(", ") + "]"));
    const key = name ? line + ":" + name + ":" : "";  // print(...) binds no name: not traced
    const cols = shape.length ? shape[shape.length - 1] : 1;
    const rows = shape.length >= 2 ? shape[shape.length - 2] : 1;
    const total = shape.reduce((a, b) => a * b, 1);
    if (total === 0) {
      fig.appendChild(el("p", "empty", "empty"));
      return fig;
    }
    const per = rows * cols;
    const lead = shape.slice(0, Math.max(0, shape.length - 2));
    const shown = Math.min(total, MAX_CELLS);
    for (let s = 0; s * per < shown; ++s) {
      if (lead.length) {
        const idx = [];
        for (let k = lead.length - 1, rest = s; k >= 0; --k) { idx.unshift(rest % lead[k]); rest = Math.floor(rest / lead[k]); }
        fig.appendChild(el("div", "slice-label", "[" + idx.concat([":", ":"]).join(", ") + "]"));
      }
      fig.appendChild(table(value, key, s * per, Math.min(rows, Math.ceil((shown - s * per) / cols)), cols));
    }
    if (shown < total) fig.appendChild(el("p", "empty", "first " + shown + " of " + total + " elements"));
    return fig;
  }

  // Draws `text` and its response into `root` (emptied first): a details row per non-blank line,
  // or per statement where one spans several lines (its step's end_line); what a print wrote
  // below its row.
  function render(root, text, response) {
    root.textContent = "";
    // A line run several times (a loop, a function called again) shows its last run, how many
    // runs there were, and everything its prints wrote.
    const steps = new Map(), runs = new Map(), printed = new Map();
    for (const s of response.steps || []) {
      steps.set(s.line, s);
      runs.set(s.line, (runs.get(s.line) || 0) + 1);
      if (s.stdout !== undefined) printed.set(s.line, (printed.get(s.line) || "") + s.stdout);
    }
    const error = response.ok === false ? response.error : null;
    const failing = error && error.line ? error.line : 0;
    // An error inside a function: the lines that called it are marked, and "not run" starts
    // after the outermost one.
    const stack = error && error.stack ? error.stack : [];
    const callers = new Map(stack.slice(0, -1).map((s, k) => [s.line, stack[k + 1]]));
    const lastRun = stack.length ? stack[0].line : failing;
    const lines = text.split("\n");
    let covered = 0;  // the last line of the statement drawn last
    lines.forEach((first, i) => {
      const line = i + 1;
      if (line <= covered || !first.trim()) return;
      const step = steps.get(line);
      const code = step && step.end_line ? lines.slice(i, step.end_line).join("\n") : first;
      if (step && step.end_line) covered = step.end_line;
      const row = el("details", "step");
      row.open = true;
      row.id = "step-" + line;
      row.dataset.line = line;
      const summary = el("summary");
      const pre = el("pre", "code");
      pre.appendChild(el("span", "line-number", String(line)));
      pre.appendChild(document.createTextNode(code));
      summary.appendChild(pre);
      row.appendChild(summary);
      const tensors = el("div", "tensors");
      if (callers.has(line)) {
        row.classList.add("failing");
        tensors.appendChild(el("p", "error", "the call on this line raised, in " + callers.get(line).in + " (line " +
                                             callers.get(line).line + ")"));
      }
      if (step) {
        const n = runs.get(line);
        if (n > 1 || step.where)
          tensors.appendChild(el("span", "pyvalue runs", (step.where ? "in " + step.where + (n > 1 ? ", " : "") : "") +
                                                         (n > 1 ? "ran " + n + " times, the last shown" : "")));
        (step.warnings || []).forEach((w) => tensors.appendChild(el("pre", "pyvalue stdout warning", w)));
        if (printed.has(line)) tensors.appendChild(el("pre", "pyvalue stdout", printed.get(line)));
        step.results.forEach((v, k) => tensors.appendChild(tensor(v, line, step.names[k] || "")));
        if (!step.results.length && !printed.has(line)) tensors.appendChild(el("span", "pyvalue", "no result"));
      }
      if (line === failing) {
        row.classList.add("failing");
        tensors.appendChild(el("p", "error", error.type + ": " + error.message));
        // The module whose forward raised it (inside nn.Sequential, say): the message does not say.
        if (error.module) tensors.appendChild(el("p", "error-module", "in " + error.module));
      } else if (!step && !callers.has(line) && failing && line > lastRun) {
        row.classList.add("not-run");
        tensors.appendChild(el("span", "pyvalue", "not run"));
      }
      row.appendChild(tensors);
      root.appendChild(row);
    });
    if (error && !failing) {
      const p = el("p", "error", error.type + ": " + error.message);
      root.appendChild(p);
    }
  }

  window.WhenceProgramSteps = { render, number };
})();
