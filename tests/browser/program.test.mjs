// program.test.mjs - the live program page (program/index.html, site/program_page.js): a program
// in the URL hash runs in the whence_programs module and every step is drawn; hovering an element
// lights exactly the elements the native CLI traces it back to (asked of the module's session for
// that one element: no relations are shipped) and writes its equation at its step as the CLI's
// "equation" query gives it, shift-click unites two traces;
// an error on line 3 keeps lines 1-2 and marks line 3 with PyTorch's message (the CLI's);
// editing the text updates the hash; clicking a graph node scrolls to its step.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { ARTIFACTS, baseUrl, cli, closeAll, newContext, startServer, watchPolicy } from './harness.mjs';

before(startServer);
after(closeAll);

function run(program, extra = {}) {
  return JSON.parse(cli(['eval'], JSON.stringify({ id: 1, program, ...extra }) + '\n').trim());
}

function traced(program, key) {
  const [line, name, element] = key.split(':');
  const r = run(program, { trace: { name, element: Number(element), line: Number(line) } });
  assert.ok(r.ok, JSON.stringify(r));
  return new Set(r.trace.filter((c) => c.name).map((c) => `${c.line}:${c.name}:${c.element}`));
}

// The lit cells once every trace request the page sent (one per element pointed at) is answered.
const lit = async (page, cls) => {
  await page.waitForFunction(() => window.whenceProgram.pending === 0);
  return page.locator(`#program-steps td.${cls}`).evaluateAll((tds) => tds.map((td) => td.dataset.cell).sort());
};

test('the program page runs the program in its hash and lights what the CLI traces', async () => {
  const context = await newContext(1, { width: 1200, height: 700 });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  watchPolicy(page);
  const program = 'x = torch.arange(6.).reshape(2, 3)\ny = x.t()\nz = y.softmax(-1)\nw = z.sum(1) + x[1]';
  await page.goto(baseUrl + 'program/index.html#' + encodeURIComponent(program));
  await page.waitForFunction(() => window.whenceProgram && window.whenceProgram.response);
  assert.ok(Number.isInteger(await page.evaluate(() => window.whenceProgram.response.session)), 'evaluated as a session');
  assert.ok(!(await page.evaluate(() => window.whenceProgram.response.steps.some((s) => s.relations))), 'no relations sent');
  assert.equal(await page.inputValue('#program-editor'), program, 'the hash restores the program');
  const rows = page.locator('#program-steps details.step');
  assert.equal(await rows.count(), 4);
  const codes = (await page.locator('#program-steps details.step summary').allTextContents()).map((t) => t.replace(/^\d+/, ''));
  assert.deepEqual(codes, program.split('\n'));
  assert.deepEqual(await page.locator('#program-steps figcaption').allTextContents(),
                   ['x float32 · [2, 3]', 'y float32 · [3, 2]', 'z float32 · [3, 2]', 'w float32 · [3]']);
  // The values are the CLI's, formatted as the pitfalls page writes them.
  const want = run(program).values.w.data;
  const shown = await page.locator('#program-steps td[data-cell^="4:w:"]').allTextContents();
  assert.deepEqual(shown.map(Number), want.map((v) => Number(v.toPrecision(4))));

  // Hover the last element of the last step: its sources at every earlier step, exactly.
  await page.locator('td[data-cell="4:w:2"]').hover();
  const wantSources = [...traced(program, '4:w:2')].sort();
  assert.ok(wantSources.length >= 6, wantSources.join(' '));
  assert.deepEqual(await lit(page, 'source'), wantSources);
  assert.match(await page.locator('#program-status').textContent(), new RegExp(`^w\\[2\\] at line 4 \\(value 6\\.\\) comes from ${wantSources.length} elements at earlier steps and reaches 0 later`));
  // ... and its equation at its step, the CLI's "equation" answer (the one-op pages' equation).
  const stepEq = run(program, { equation: { name: 'w', element: 2, line: 4 } });
  assert.ok(stepEq.ok && stepEq.step_eq && stepEq.step_op, JSON.stringify(stepEq));
  assert.ok((await page.locator('#program-status').textContent()).includes(`At its step, ${stepEq.step_op}: ${stepEq.step_eq}.`),
            `the status line has ${stepEq.step_eq}`);
  // Click pins w[2]; shift-click adds z[0, 0]; the sources are the union of both traces.
  await page.locator('td[data-cell="4:w:2"]').click();
  await page.locator('td[data-cell="3:z:0"]').click({ modifiers: ['Shift'] });
  await page.mouse.move(5, 5);
  const union = [...new Set([...traced(program, '4:w:2'), ...traced(program, '3:z:0')])].filter((k) => k !== '3:z:0').sort();
  assert.deepEqual(await lit(page, 'source'), union);
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#program-steps td.lit').count(), 0, 'Escape clears');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.locator('td[data-cell="4:w:2"]').hover();
  await page.screenshot({ path: path.join(ARTIFACTS, 'program-page.png'), fullPage: true });

  // Clicking a graph node scrolls its step into view and marks it.
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = () => page.locator('#step-4').evaluate((e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; });
  const [below, , height] = await box();
  assert.ok(below > height, `step 4 starts out of view (${below} > ${height})`);
  await page.locator('#program-graph g.node[data-line="4"]').click();
  const [top, bottom] = await box();
  assert.ok(top >= 0 && bottom <= height, `step 4 scrolled into view (${top}..${bottom} of ${height})`);
  assert.ok(await page.locator('#step-4.picked').count(), 'step 4 is marked');

  // An error on line 3: lines 1-2 stay, line 3 carries PyTorch's message; typing updates the hash.
  const failing = 'a = torch.ones(2, 3)\nb = a.sum(0)\nc = a.view(4)\nd = c + 1';
  await page.fill('#program-editor', failing);
  await page.waitForFunction((t) => location.hash === '#' + encodeURIComponent(t), failing);
  await page.waitForFunction(() => document.querySelector('#step-3.failing'));
  const error = run(failing).error;
  assert.equal(error.line, 3);
  assert.equal(await page.locator('#step-3 .error').textContent(), `${error.type}: ${error.message}`);
  assert.equal(error.message, "shape '[4]' is invalid for input of size 6");
  assert.equal(await page.locator('#step-1 figure').count(), 1);
  assert.equal(await page.locator('#step-2 figure').count(), 1);
  assert.ok(await page.locator('#step-4.not-run').count(), 'the line after the error did not run');
  assert.equal(await page.locator('#program-gutter .failing').textContent(), '3');
  assert.ok(await page.locator('#program-graph g.node.failing[data-line="3"]').count(), 'the graph marks the failing step');
  assert.deepEqual(page.errors, []);
});
