// scripts/bench_program.cjs - the WebAssembly half of scripts/bench_program: runs the requests
// that scripts/bench_program sends the native CLI against the page's program module
// (build/wasm/web/whence_programs.js, built for web and worker) under node, and prints one JSON
// line: {"name": [ms, ms, ...], ...}. Node stands in for the page's worker: `self` and
// `importScripts` for the worker, `fetch` reading the .wasm beside the module.
//
//   node scripts/bench_program.cjs PROGRAM_FILE REPEATS TRACE_NAME TRACE_ELEMENT REACH_NAME REACH_ELEMENT
'use strict';
const fs = require('fs');
const path = require('path');
const vm = require('vm');

const [programFile, repeats, traceName, traceElement, reachName, reachElement] = process.argv.slice(2);
const dir = path.resolve(__dirname, '..', 'build', 'wasm', 'web');
globalThis.self = globalThis;
globalThis.importScripts = () => {};
globalThis.location = { href: 'file://' + dir + '/' };
globalThis.fetch = async (url) =>
  new Response(fs.readFileSync(path.join(dir, path.basename(String(url)))), { headers: { 'Content-Type': 'application/wasm' } });
vm.runInThisContext(fs.readFileSync(path.join(dir, 'whence_programs.js'), 'utf8'));

const program = fs.readFileSync(programFile, 'utf8');
globalThis.WhencePrograms({}).then((module) => {
  const times = { evaluate: [], session: [], trace: [], 'trace again': [], reach: [], 'reach again': [], grad: [], bytes: {} };
  const timed = (name, request) => {
    const t0 = performance.now();
    const line = module.evaluate(JSON.stringify(request));
    times[name].push(performance.now() - t0);
    times.bytes[name] = line.length;
    const answer = JSON.parse(line);
    if (!answer.ok) throw new Error(name + ': ' + line.slice(0, 300));
    return answer;
  };
  for (let i = 0; i < Number(repeats); ++i) {
    timed('evaluate', { id: 1, program });
    const session = timed('session', { id: 2, program, session: true }).session;
    timed('trace', { id: 3, session, trace: { name: traceName, element: Number(traceElement) }, grouped: true });
    timed('trace again', { id: 3, session, trace: { name: traceName, element: Number(traceElement) + 1 }, grouped: true });
    timed('reach', { id: 4, session, reach: { name: reachName, element: Number(reachElement) }, grouped: true });
    timed('reach again', { id: 4, session, reach: { name: reachName, element: Number(reachElement) + 1 }, grouped: true });
    timed('grad', { id: 5, session, grad: { name: reachName, element: Number(reachElement) } });
    module.evaluate(JSON.stringify({ session, close: true }));
  }
  console.log(JSON.stringify(times));
}).catch((e) => { console.error(String(e)); process.exit(1); });
