// program_model.test.mjs - a model on the live program page: a class deriving from nn.Module,
// trained by torch.optim in a loop, runs in the whence_programs module as the CLI runs it; the
// loop's print shows every iteration's text, a line inside forward says where it ran and how often,
// print(model) is PyTorch's text, and an error inside forward marks the line that called it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

import { ARTIFACTS, baseUrl, cli, closeAll, newContext, startServer, watchPolicy } from './harness.mjs';

before(startServer);
after(closeAll);

const program = [
  'import torch',
  'import torch.nn as nn',
  'torch.manual_seed(0)',
  'class Net(nn.Module):',
  '    def __init__(self):',
  '        super().__init__()',
  '        self.fc1 = nn.Linear(3, 4)',
  '        self.fc2 = nn.Linear(4, 2)',
  '    def forward(self, x):',
  '        h = torch.relu(self.fc1(x))',
  '        return self.fc2(h)',
  'net = Net()',
  'print(net)',
  'opt = torch.optim.SGD(net.parameters(), lr=0.1)',
  'x = torch.randn(4, 3)',
  'y = torch.tensor([0, 1, 1, 0])',
  'for step in range(3):',
  '    opt.zero_grad()',
  '    loss = nn.functional.cross_entropy(net(x), y)',
  '    loss.backward()',
  '    opt.step()',
  '    print(f"step {step}: {loss.item():.4f}")',
  'w = net.fc2.weight',
].join('\n');

async function open(context, text) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  watchPolicy(page);
  await page.goto(baseUrl + 'program/index.html#' + encodeURIComponent(text));
  await page.waitForFunction(() => window.whenceProgram && window.whenceProgram.response);
  return page;
}

test('a model trained in a loop runs on the program page as the CLI runs it', async () => {
  const context = await newContext(1, { width: 1200, height: 900 });
  const page = await open(context, program);
  const want = JSON.parse(cli(['eval'], JSON.stringify({ id: 1, program }) + '\n').trim());
  assert.ok(want.ok, JSON.stringify(want.error));
  const printed = want.steps.filter((s) => s.line === 22).map((s) => s.stdout).join('');
  assert.equal(printed.split('\n').length, 4);  // three iterations' lines
  assert.equal(await page.locator('#step-22 pre.stdout').textContent(), printed);
  assert.equal(await page.locator('#step-10 span.runs').textContent(), 'in Net.forward, ran 3 times, the last shown');
  assert.ok((await page.locator('#step-13 pre.stdout').textContent()).startsWith('Net(\n  (fc1): Linear(in_features=3'));
  const shown = await page.locator('#program-steps td[data-cell^="23:w:"]').allTextContents();
  assert.deepEqual(shown.map(Number), want.values.w.data.map((v) => Number(v.toPrecision(4))));
  await page.screenshot({ path: path.join(ARTIFACTS, 'program-model.png'), fullPage: true });
  assert.deepEqual(page.errors, []);

  // A shape error inside forward: its line fails, and so does the line that called the model.
  const broken = program.replace('nn.Linear(4, 2)', 'nn.Linear(5, 2)');
  const page2 = await open(context, broken);
  assert.match(await page2.locator('#step-11 p.error').textContent(), /^RuntimeError: mat1 and mat2 shapes cannot be multiplied/);
  assert.match(await page2.locator('#step-19 p.error').textContent(), /raised, in Net\.forward \(line 11\)/);
  assert.deepEqual(page2.errors, []);
  await context.close();
});

test('the graph: a line per node with its runs, a method boxed and folded, the failing method red', async () => {
  const context = await newContext(1, { width: 1200, height: 900 });
  const page = await open(context, program);
  const graph = page.locator('#program-graph');
  // Line 10 (in forward) ran once per iteration: one node, counted, inside the Net.forward box.
  assert.equal(await graph.locator('g.node[data-line="10"]').count(), 1);
  assert.equal(await graph.locator('g.node[data-line="10"]').getAttribute('data-runs'), '3');
  assert.match(await graph.locator('g.node[data-line="10"] text').textContent(), /×3$/);
  assert.equal(await graph.locator('g.node[data-line="19"]').getAttribute('data-runs'), '3');
  assert.equal(await graph.locator('g.group[data-where="Net.forward"]').count(), 1);
  assert.equal(await graph.locator('g.group[data-where="Net.__init__"]').count(), 1);
  const nodes = await graph.locator('g.node').count();
  // Its header folds the method's two lines into one node; the folded node unfolds them.
  await graph.locator('g.group[data-where="Net.forward"] text').click();
  assert.equal(await graph.locator('g.node[data-line="11"]').count(), 0);
  assert.equal(await graph.locator('g.node.folded[data-where="Net.forward"]').count(), 1);
  assert.equal(await graph.locator('g.node').count(), nodes - 1);
  await page.screenshot({ path: path.join(ARTIFACTS, 'program-model-graph-folded.png') });
  await graph.locator('g.node.folded[data-where="Net.forward"]').click();
  assert.equal(await graph.locator('g.node[data-line="11"]').count(), 1);
  assert.equal(await graph.locator('g.node').count(), nodes);
  // The loop carries nothing back here, but x flows from line 15 into forward and the loss out.
  assert.ok(await graph.locator('g.edge text', { hasText: 'loss · float32[]' }).count() >= 1);

  // A shape error in forward: the graph so far, the failing line's node and its method's box red.
  const page2 = await open(context, program.replace('nn.Linear(4, 2)', 'nn.Linear(5, 2)'));
  const graph2 = page2.locator('#program-graph');
  assert.equal(await graph2.locator('g.node.failing').count(), 1);
  assert.equal(await graph2.locator('g.node.failing').getAttribute('data-line'), '11');
  // The module whose forward raised it, which PyTorch's message does not name.
  assert.match(await graph2.locator('g.node.failing text').textContent(), /^11  net\.fc2 \(Linear\)$/);
  assert.equal(await page2.locator('#step-11 p.error-module').textContent(), 'in net.fc2 (Linear)');
  assert.equal(await graph2.locator('g.group.failing').getAttribute('data-where'), 'Net.forward');
  assert.equal(await graph2.locator('g.node[data-line="10"]').count(), 1);
  await page2.locator('#program-graph').screenshot({ path: path.join(ARTIFACTS, 'program-model-graph-failing.png') });
  assert.deepEqual(page.errors.concat(page2.errors), []);
  await context.close();
});
