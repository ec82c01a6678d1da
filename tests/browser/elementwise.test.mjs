// elementwise.test.mjs - elementwise op pages in Chromium, checked against the native CLI:
// broadcasting relations, where's mask and chosen branch, Python operators in the call text
// and the URL, the ten dtypes in the picker, and PyTorch's errors.
//
//   node --test tests/browser/          (after scripts/build: needs build/site and build/native/whence)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { CLI, ROOT, SITE, clickControl, cliEval, closeAll, frames, hover, newContext, numel, open, reachesOf,
         screenshot, sorted, sourcesOf, startServer } from './harness.mjs';

const page_of = (name) => `op/${name}/index.html`;

// Every output element's highlighted sources on the page equal the CLI's relations.
async function checkEveryOutput(page) {
  const state = await page.evaluate(() => whence.getState());
  const response = cliEval(state);
  assert.equal(response.ok, true, `the CLI evaluates ${state}`);
  for (let e = 0; e < numel(response.result.shape); e++) {
    await hover(page, 'out:0', e);
    assert.deepEqual(sorted(await page.evaluate(() => whence.highlighted())), sorted(sourcesOf(response, 0, e)),
                     `sources of out[${e}] for ${state}`);
  }
  return response;
}

before(async () => {
  for (const op of ['torch.add', 'torch.where', 'torch.sigmoid'])
    assert.ok(fs.existsSync(path.join(SITE, page_of(op))), `${page_of(op)} is missing: run scripts/build first`);
  assert.ok(fs.existsSync(CLI));
  await startServer();
});
after(closeAll);

describe('torch.add page', () => {
  let page;
  before(async () => { page = await open(await newContext(1), page_of('torch.add')); });
  after(() => assert.deepEqual(page.errors, [], 'no uncaught page errors'));

  test('a broadcast operand: each output reads one element of each, and each of other\'s elements reaches a column', async () => {
    assert.equal(await page.evaluate(() => whence.error()), null);
    const response = await checkEveryOutput(page);
    assert.deepEqual(response.result.shape, [2, 3], 'the example broadcasts [3] over [2, 3]');
    await hover(page, 'arg:1', 2);
    const reaches = reachesOf(response, 'arg:1', 2);
    assert.equal(reaches.length, 2, 'other[2] feeds out[0][2] and out[1][2]');
    assert.deepEqual(sorted(await page.evaluate(() => whence.highlighted())), sorted(reaches));
    await hover(page, 'out:0', 5);
    assert.match(await page.evaluate(() => whence.equation()), /^out\[1\]\[2\] = input\[1\]\[2\] \+ other\[2\] = 6\.0 \+ 30\.0 = 36\.0$/);
    await screenshot(page, 'torch.add-dpr1.png');
  });

  test('the dtype picker offers the ten dtypes; int8 input keeps PyTorch\'s promotion', async () => {
    await clickControl(page, 'arg:0/dtype');
    for (const d of ['bool', 'uint8', 'int8', 'int16', 'int32', 'int64', 'float16', 'bfloat16', 'float32', 'float64'])
      assert.ok(await page.evaluate((n) => whence.controlRect(n), `arg:0/dtype:${d}`), `the picker offers ${d}`);
    await clickControl(page, 'arg:0/dtype:int8');
    const state = await page.evaluate(() => whence.getState());
    assert.match(state, /dtype=torch\.int8/);
    const response = cliEval(state);
    assert.equal(response.result.dtype, 'float32', 'int8 tensor + float32 tensor is float32');
    await checkEveryOutput(page);
  });

  test('mismatched shapes give PyTorch\'s broadcasting error and the page keeps drawing', async () => {
    const code = 'torch.add(torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), torch.tensor([1.0, 2.0]))';
    await page.evaluate((c) => whence.setState(c), code);
    await frames(page, 3);
    const error = await page.evaluate(() => whence.error());
    assert.deepEqual({ type: error.type, message: error.message }, { type: 'RuntimeError',
      message: 'The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1' });
    assert.equal(await page.evaluate(() => whence.getState()), code, 'what the user typed is kept');
    await frames(page, 2);
  });

  test('integer division by zero names the divisor and its zero element, as the CLI does', async () => {
    const code = 'torch.floor_divide(torch.tensor([[5, 6, 7], [8, 9, 10]]), torch.tensor([1, 0, 2]))';
    await page.evaluate((c) => whence.setState(c), code);
    await frames(page, 3);
    const oracle = cliEval(code).error;
    assert.deepEqual(oracle, { type: 'RuntimeError', message: 'ZeroDivisionError', arg: 'other', element: 1 });
    const error = await page.evaluate(() => whence.error());
    assert.deepEqual({ ...error }, oracle);
    await screenshot(page, 'torch.floor_divide-zero-dpr1.png');
  });
});

test('torch.where: the condition is a mask and only the chosen branch is a source', async () => {
  const page = await open(await newContext(1), page_of('torch.where'));
  const response = await checkEveryOutput(page);
  for (const r of response.relations) {
    const roles = r.src.map((s) => s[2]).sort();
    assert.deepEqual(roles, ['mask', 'value'], 'one mask and one value per output element');
  }
  await screenshot(page, 'torch.where-dpr1.png');
  assert.deepEqual(page.errors, []);
});

test('Python operators: `1 - t` in the URL hash is __rsub__, shown and written back as an operator', async () => {
  const code = '1 - torch.tensor([[0.25, 0.5], [0.75, 1.0]])';
  const page = await open(await newContext(1), 'embed.html#' + encodeURIComponent(code));
  assert.equal(await page.evaluate(() => whence.getState()), code);
  assert.equal(await page.evaluate(() => whence.error()), null);
  await checkEveryOutput(page);
  await hover(page, 'out:0', 1);
  assert.equal(await page.evaluate(() => whence.equation()), 'out[0][1] = 1 - input[0][1] = 1 - 0.5 = 0.5');
  await page.reload();
  await page.evaluate(() => whence.ready);
  await frames(page, 3);
  assert.equal(await page.evaluate(() => whence.getState()), code, 'the state survives a reload');
  assert.deepEqual(page.errors, []);
});

test('torch.sigmoid at devicePixelRatio 2', async () => {
  const page = await open(await newContext(2), page_of('torch.sigmoid'));
  await hover(page, 'out:0', 2);
  assert.match(await page.evaluate(() => whence.equation()), /^out\[0\]\[2\] = sigmoid\(input\[0\]\[2\]\) = 1 \/ \(1 \+ e\^-0\.0\) = 0\.5$/);
  await screenshot(page, 'torch.sigmoid-dpr2.png');
  assert.deepEqual(page.errors, []);
});
