// program_grad.test.mjs - gradients on the live program page: a program with backward runs in the
// whence_programs module; .grad is a step like any other; reading a non-leaf's .grad shows
// PyTorch's warning; pointing at an element of a leaf writes, in the status line, where its
// gradient comes from, the chain rule with numbers exactly as the CLI's "grad" query gives it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

import { ARTIFACTS, baseUrl, cli, closeAll, newContext, startServer, watchPolicy } from './harness.mjs';

before(startServer);
after(closeAll);

const program = [
  'x = torch.tensor([[1.0, -2.0], [3.0, 0.5]], requires_grad=True)',
  'w = torch.tensor([0.5, -1.0], requires_grad=True)',
  'h = (x * w).relu()',
  'loss = h.sum()',
  'loss.backward()',
  'gx = x.grad',
  'gh = h.grad',
].join('\n');

test('the program page shows gradients and where one comes from', async () => {
  const context = await newContext(1, { width: 1200, height: 800 });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  watchPolicy(page);
  await page.goto(baseUrl + 'program/index.html#' + encodeURIComponent(program));
  await page.waitForFunction(() => window.whenceProgram && window.whenceProgram.response);
  const cliAnswer = JSON.parse(cli(['eval'], JSON.stringify({ id: 1, program }) + '\n').trim());
  assert.ok(cliAnswer.ok, JSON.stringify(cliAnswer.error));
  // x.grad as a grid with the CLI's values.
  const shown = await page.locator('#program-steps td[data-cell^="6:gx:"]').allTextContents();
  assert.deepEqual(shown.map(Number), cliAnswer.values.gx.data.map((v) => Number(v.toPrecision(4))));
  // h.grad of a non-leaf: None, with PyTorch's UserWarning on its line.
  const warning = await page.locator('#step-7 pre.warning').textContent();
  assert.match(warning, /^UserWarning: The \.grad attribute of a Tensor that is not a leaf Tensor is being accessed/);
  assert.equal(await page.locator('#step-7 span.pyvalue').textContent(), 'gh = None');
  // The graph names the backward statement by its code.
  assert.ok((await page.locator('#program-graph').textContent()).includes('loss.backward()'));
  // Pointing at x[0][1]: the status line carries the CLI's chain rule for x.grad[0][1].
  const want = JSON.parse(cli(['eval'], JSON.stringify({ id: 2, program, grad: { name: 'x', element: 1, line: 1 } }) + '\n'));
  assert.ok(want.ok && want.eq.startsWith('x.grad[0][1] = '), JSON.stringify(want));
  await page.locator('td[data-cell="1:x:1"]').hover();
  await page.waitForFunction(() => window.whenceProgram.pending === 0);
  await page.waitForFunction((eq) => document.querySelector('#program-status').textContent.includes(eq), want.eq);
  await page.screenshot({ path: path.join(ARTIFACTS, 'program-grad.png'), fullPage: true });
  assert.deepEqual(page.errors, []);
  await context.close();
});
