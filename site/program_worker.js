// program_worker.js - runs the whence_programs module (app/whence_programs.js) off the page's
// thread for program_page.js, so that typing never waits for a big program. Messages:
//   {id, text}            evaluates the program as a session (core/program/program_json.cpp): its steps,
//                         values and the tensors each step read, no relations;
//   {id, session, start}  trace and reach of one element from that session, without running
//                         the program again (grouped: one entry per tensor, role and depth
//                         with its elements, a tenth of the bytes of one entry per element),
//                         and where its gradient in the last backward comes from ("eq");
// each answered {id, line (the response, JSON text), ms}, or {id, error} when the module failed
// (a trap, e.g. RuntimeError: unreachable, or an abort: the module is unusable then, and the page
// starts a fresh worker); {ready: true} once the module is compiled, {error} if it is not.
// {debugTrap: true}, for tests only, makes the module's next evaluate trap (web/programs.cpp).
// The two newest sessions are kept: the one shown and the next.
"use strict";
importScripts("app/whence_programs.js");
const ready = self.WhencePrograms({ locateFile: (path) => "app/" + path });
ready.then(() => postMessage({ ready: true }), (e) => postMessage({ error: String(e) }));
const sessions = [];
self.onmessage = (e) => {
  ready.then((module) => {
    const m = e.data;
    if (m.debugTrap) { module.debugTrap(); return; }
    const t0 = performance.now();
    let line;
    try {
      if (m.text !== undefined) {
        line = module.evaluate(JSON.stringify({ id: m.id, program: m.text, session: true }));
        const session = JSON.parse(line).session;
        if (session !== undefined) sessions.push(session);
        while (sessions.length > 2) module.evaluate(JSON.stringify({ session: sessions.shift(), close: true }));
      } else {
        line = module.evaluate(JSON.stringify({ id: m.id, session: m.session, trace: m.start, reach: m.start, grad: m.start,
                                                equation: m.start, grouped: true }));
      }
    } catch (err) {
      postMessage({ id: m.id, error: String(err) });
      return;
    }
    postMessage({ id: m.id, line, ms: performance.now() - t0 });
  });
};
