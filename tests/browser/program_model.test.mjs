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
