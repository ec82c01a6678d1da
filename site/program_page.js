// program_page.js - the live program page (program/index.html): the program typed in the editor
// runs in the whence_programs module (app/whence_programs.js: core with every family and
// programs, Module.evaluate(line)) as you type, in a worker (program_worker.js), as a session:
// the module keeps the run, and each element pointed at is traced and reached from it (one
// request per element, answered in milliseconds, kept until the next edit) instead of every
// relation of every step being sent up front. program_steps.js draws the steps,
// program_graph.js the graph, provenance.js paints sources and reach. The program lives in the
// URL hash (# + encodeURIComponent(text)). window.whenceProgram: {ready (a promise), response
// (null while a restarted worker starts), ms (the last evaluation's time), pending (trace
// requests not yet answered), askMs and paintMs (the last trace request's time in the worker,
// and the page's time to parse and paint it), shown (the program whose steps are shown),
// restarts (workers started again), debugTrap()}.
//
// If the module traps or aborts (the worker answers {id, error}), the page says so, starts a
// fresh worker and runs the last program that ran again, so that its steps, traces and reach
// work; the editor keeps what was typed, and the next edit runs as usual. debugTrap() is for
// tests only: the worker's next evaluation traps.
(function () {
  "use strict";
  const P = window.WhenceProvenance, Steps = window.WhenceProgramSteps, Graph = window.WhenceProgramGraph;
  const editor = document.getElementById("program-editor");
  const gutter = document.getElementById("program-gutter");
  const backdrop = document.getElementById("program-backdrop");
  const stepsRoot = document.getElementById("program-steps");
  const graphRoot = document.getElementById("program-graph");
  const status = document.getElementById("program-status");
  const timing = document.getElementById("program-timing");
  const api = (window.whenceProgram = { response: null, ms: 0, pending: 0, shown: null, restarts: 0 });
  const workerUrl = document.currentScript.src.replace(/program_page\.js$/, "program_worker.js");

  let ready = false, busy = false, pending = false, sent = 0, evaluating = 0;
  let session = null, byLine = new Map(), cells = new Map();
  const answers = new Map();  // key -> {back, forward} (key -> depth) from the shown session
  const asking = new Map();   // request id -> {key, session}
  let hover = null, selection = [], timer = 0, shownText = null, lastTiming = "";
  let worker = null;
  let lastGood = null;    // the last program that ran (its steps are shown)
  let failedText = null;  // the program the module stopped on: not run again until edited
  let restoring = false;  // lastGood is running again in a fresh worker
  // Touch screens have no hover, shift or Escape: their help names the tap only.
  const touch = window.matchMedia && window.matchMedia("(hover: none)").matches;
  const HELP = (touch ? "Tap an element" : "Point at an element") + ": its sources light up at every earlier step " +
    "(darker is closer), what it reaches in amber. " +
    (touch ? "Tap another to move the pin, the same one again to clear it." : "Click pins it, shift-click adds more, Escape clears.");

  // What stopped, above the steps, until dismissed or the next edit is shown.
  const notice = document.createElement("div");
  notice.className = "program-notice";
  notice.id = "program-notice";
  notice.setAttribute("role", "alert");
  notice.hidden = true;
  const noticeText = document.createElement("p");
  const dismiss = document.createElement("button");
  dismiss.type = "button";
  dismiss.textContent = "Dismiss";
  dismiss.addEventListener("click", () => { notice.hidden = true; });
  notice.append(noticeText, dismiss);
  timing.before(notice);

  const fromHash = () => {
    try { return decodeURIComponent(location.hash.slice(1)); } catch (e) { return location.hash.slice(1); }
  };

  // The gutter's line numbers and the backdrop's line tints follow the text; the failing line red.
  function markLines(failing) {
    const n = editor.value.split("\n").length;
    gutter.textContent = "";
    backdrop.textContent = "";
    for (let i = 1; i <= n; ++i) {
      const num = document.createElement("div");
      const tint = document.createElement("div");
      num.textContent = String(i);
      tint.textContent = "\u200b";
      if (i === failing) { num.className = "failing"; tint.className = "failing"; }
      gutter.appendChild(num);
      backdrop.appendChild(tint);
    }
    syncScroll();
  }

  function syncScroll() {
    gutter.scrollTop = editor.scrollTop;
    backdrop.scrollTop = editor.scrollTop;
    backdrop.scrollLeft = editor.scrollLeft;
  }

  // Sends the editor's text to the worker unless it is shown already; one evaluation at a time,
  // the latest text next.
  function evaluate() {
    const text = editor.value;
    if (!ready) return;
    if (text === shownText || text === failedText) { timing.textContent = lastTiming; return; }
    if (busy) { pending = true; return; }
    failedText = null;
    send(text);
  }

  function send(text) {
    busy = true;
    shownText = text;
    if (fromHash() !== text) history.replaceState(null, "", "#" + encodeURIComponent(text));
    timing.textContent = "Running…";
    evaluating = ++sent;
    worker.postMessage({ id: evaluating, text });
  }

  function show(text, response, ms) {
    api.ms = ms;
    api.response = response;
    api.shown = lastGood = text;
    if (!restoring) notice.hidden = true;
    session = response.session;
    answers.clear();
    byLine = new Map((response.steps || []).map((s) => [s.line, s]));
    Steps.render(stepsRoot, text, response);
    cells = P.cellsOf(stepsRoot);
    Graph.render(graphRoot, text, response, pickLine);
    const failing = response.ok === false && response.error.line ? response.error.line : 0;
    markLines(restoring ? 0 : failing);  // restoring: the editor holds other text
    editor.setAttribute("aria-invalid", response.ok === false ? "true" : "false");
    const count = (response.steps || []).length;
    timing.textContent = count + " step" + (count === 1 ? "" : "s") + " in " + ms.toFixed(1) + " ms" +
      (response.ok === false ? (failing ? " · line " + failing + " fails" : " · " + response.error.type) : "");
    lastTiming = timing.textContent;
    hover = null;
    selection = selection.filter((k) => cells.has(k));
    redraw();
  }

  function pickLine(line) {
    const row = document.getElementById("step-" + line);
    if (!row) return;
    row.open = true;
    row.scrollIntoView({ block: "start", behavior: "auto" });
    stepsRoot.querySelectorAll("details.picked").forEach((d) => d.classList.remove("picked"));
    row.classList.add("picked");
    graphRoot.querySelectorAll("g.node.picked").forEach((g) => g.classList.remove("picked"));
    const node = graphRoot.querySelector('g.node[data-line="' + line + '"]');
    if (node) node.classList.add("picked");
  }

  // "x[1, 2] at line 3 = 0.5"
  function describe(key) {
    const [line, name, element] = key.split(":");
    const step = byLine.get(Number(line));
    const k = step ? step.names.indexOf(name) : -1;
    const value = k >= 0 ? step.results[k] : null;
    if (!value || !value.shape) return name + " element " + element + " at line " + line;
    const idx = [];
    let rest = Number(element);
    for (let d = value.shape.length - 1; d >= 0; --d) { idx.unshift(rest % value.shape[d]); rest = Math.floor(rest / value.shape[d]); }
    return name + "[" + idx.join(", ") + "] at line " + line + " (value " + Steps.number(value.data[Number(element)], value.dtype) + ")";
  }

  // "line:name:element" -> depth of the named cells of a grouped trace or reach answer.
  function depths(groups) {
    const m = new Map();
    for (const g of groups || []) {
      if (!g.name) continue;
      const prefix = g.line + ":" + g.name + ":";
      for (const e of g.elements) if (!m.has(prefix + e)) m.set(prefix + e, g.depth);
    }
    return m;
  }

  function ask(key) {
    for (const a of asking.values()) if (a.key === key && a.session === session) return;
    const [line, name, element] = key.split(":");
    const id = ++sent;
    asking.set(id, { key, session });
    api.pending = asking.size;
    worker.postMessage({ id, session, start: { name, element: Number(element), line: Number(line) } });
  }

  function answered(request, response) {
    if (request.session !== session) return;  // an earlier program's
    answers.set(request.key, response.ok ? { back: depths(response.trace), forward: depths(response.reach), grad: response.eq,
                                             stepEq: response.step_eq, stepOp: response.step_op }
                                          : { back: new Map(), forward: new Map() });
    redraw();
  }

  function redraw() {
    const keys = selection.length ? selection : hover ? [hover] : [];
    const missing = keys.filter((k) => !answers.has(k));
    if (missing.length && session !== undefined && session !== null) { missing.forEach(ask); return; }  // drawn when answered
    // The union of every selected element's sources and reach, each at its smallest depth.
    const back = new Map(), forward = new Map();
    for (const k of keys) {
      const a = answers.get(k) || { back: new Map(), forward: new Map() };
      a.back.forEach((d, c) => { if (!back.has(c) || back.get(c) > d) back.set(c, d); });
      a.forward.forEach((d, c) => { if (!forward.has(c) || forward.get(c) > d) forward.set(c, d); });
    }
    for (const k of keys) { back.delete(k); forward.delete(k); }
    P.paint(stepsRoot, keys, back, forward, cells);
    if (!keys.length) {
      status.textContent = HELP;
      return;
    }
    const what = keys.length === 1 ? describe(keys[0]) : keys.length + " elements selected";
    // One element's equation at its step, as the one-op pages write it, and its gradient in
    // the last backward, as the chain rule with numbers.
    const one = keys.length === 1 ? answers.get(keys[0]) : undefined;
    const grad = one ? one.grad : undefined;
    status.textContent = what + (selection.length ? ", pinned," : "") + " comes from " + back.size + " element" +
      (back.size === 1 ? "" : "s") + " at earlier steps and reaches " + forward.size + " later." +
      (one && one.stepEq ? " At its step, " + one.stepOp + ": " + one.stepEq + "." : "") +
      (grad ? " Gradient: " + grad : "");
  }

  const cellOf = (e) => (e.target && e.target.dataset && e.target.dataset.cell ? e.target.dataset.cell : null);
  stepsRoot.addEventListener("mouseover", (e) => { const k = cellOf(e); if (k && k !== hover) { hover = k; if (!selection.length) redraw(); } });
  stepsRoot.addEventListener("mouseleave", () => { hover = null; if (!selection.length) redraw(); });
  // Shift-click selects elements, not text.
  stepsRoot.addEventListener("mousedown", (e) => { if (e.shiftKey && cellOf(e)) e.preventDefault(); });
  stepsRoot.addEventListener("click", (e) => {
    const k = cellOf(e);
    if (!k) return;
    if (e.shiftKey) {
      const at = selection.indexOf(k);
      if (at >= 0) selection.splice(at, 1); else selection.push(k);
    } else {
      selection = selection.length === 1 && selection[0] === k ? [] : [k];
    }
    hover = k;
    redraw();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { selection = []; hover = null; redraw(); }
  });

  editor.addEventListener("input", () => {
    clearTimeout(timer);
    markLines(0);
    timer = setTimeout(evaluate, 150);
  });
  editor.addEventListener("scroll", syncScroll);
  window.addEventListener("hashchange", () => {
    const text = fromHash();
    if (text && text !== editor.value) { editor.value = text; evaluate(); }
  });
  document.querySelectorAll("button[data-example]").forEach((b) => b.addEventListener("click", () => {
    editor.value = b.dataset.example;
    evaluate();
  }));

  if (location.hash.length > 1) editor.value = fromHash();
  markLines(0);
  timing.textContent = "Loading the WebAssembly module…";
  let resolveReady, rejectReady;
  api.ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });

  // then: what to run once the module is ready.
  function startWorker(then) {
    const w = (worker = new Worker(workerUrl));
    w.onmessage = (e) => {
      if (w !== worker) return;  // a stopped worker's
      const m = e.data;
      if (m.error !== undefined && m.id === undefined) {
        timing.textContent = "The WebAssembly module did not load: " + m.error;
        rejectReady(new Error(m.error));
        return;
      }
      if (m.ready) { ready = true; resolveReady(); then(); return; }
      if (m.error !== undefined) { stopped(m); return; }
      if (asking.has(m.id)) {
        const request = asking.get(m.id);
        asking.delete(m.id);
        api.pending = asking.size;
        api.askMs = m.ms;
        const t0 = performance.now();
        answered(request, JSON.parse(m.line));
        api.paintMs = performance.now() - t0;
        return;
      }
      busy = false;
      if (m.id === evaluating) show(shownText, JSON.parse(m.line), m.ms);
      // After a restore, an edit made while the worker restarted runs now.
      const restored = restoring;
      restoring = false;
      if (pending || restored) { pending = false; evaluate(); }
    };
  }

  // The module trapped or aborted on request m: it is unusable. A fresh worker runs the last
  // program that ran again (its steps stay on screen meanwhile); the program that stopped it is
  // not run again until it is edited. The restored run stopping too is left at that.
  function stopped(m) {
    const onProgram = m.id === evaluating && busy;  // else a trace request of the program shown
    const failed = onProgram ? shownText : null;
    const again = restoring;
    worker.terminate();
    ++api.restarts;
    ready = busy = restoring = false;
    session = null;
    asking.clear();
    api.pending = 0;
    answers.clear();
    shownText = lastGood;
    api.response = null;  // until the fresh worker answers
    if (failed !== null) failedText = failed;
    const restore = again ? null : lastGood;
    const what = onProgram ? "on this program" : "while tracing an element";
    noticeText.textContent = again
      ? "Whence stopped (" + m.error + ") again when it ran the last program that worked; edit the program to run it."
      : "Whence stopped " + what + " (" + m.error + ") and restarted; " +
        (restore === null ? "no program has run yet: edit the program to run it." : "the last program that ran is shown.");
    notice.hidden = false;
    timing.textContent = "Restarting the WebAssembly module…";
    startWorker(() => {
      if (restore === null) { timing.textContent = lastTiming; pending = false; evaluate(); return; }
      restoring = true;
      send(restore);
    });
  }

  startWorker(evaluate);
  api.debugTrap = () => worker.postMessage({ debugTrap: true });  // tests only
})();
