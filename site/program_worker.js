// program_worker.js - runs the whence_programs module (app/whence_programs.js) off the page's
// thread for program_page.js, so that typing never waits for a big program's explain: the
// message {id, text} is answered {id, line (the response, JSON text), ms}; {ready: true} once
// the module is compiled, {error} if it is not.
"use strict";
importScripts("app/whence_programs.js");
const ready = self.WhencePrograms({ locateFile: (path) => "app/" + path });
ready.then(() => postMessage({ ready: true }), (e) => postMessage({ error: String(e) }));
self.onmessage = (e) => {
  ready.then((module) => {
    const t0 = performance.now();
    const line = module.evaluate(JSON.stringify({ id: 1, program: e.data.text, explain: true }));
    postMessage({ id: e.data.id, line, ms: performance.now() - t0 });
  });
};
