// reach.test.mjs - pointing at an input of a big result (above the 2,048 elements explained
// whole with each evaluation): the app traces every output's sources a slice per frame, and
// then each input element lights exactly the outputs the CLI's relations say read it. A result
// with too many links says so instead.
//
//   node --test tests/browser/          (after scripts/build: needs build/site and build/native/whence)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { CLI, SITE, cliEval, closeAll, frames, hover, newContext, numel, open, reachesOf, screenshot, setState,
         sorted, startServer } from './harness.mjs';

before(async () => {
  for (const op of ['torch.gather', 'torch.add', 'torch.cumsum'])
    assert.ok(fs.existsSync(path.join(SITE, `op/${op}/index.html`)), `op/${op} is missing: run scripts/build first`);
  assert.ok(fs.existsSync(CLI));
  await startServer();
});
after(closeAll);

// Frames until tracing is over; returns how many it took.
async function untilTraced(page) {
  for (let n = 1; n <= 2000; n++) {
    await frames(page, 1);
    const t = await page.evaluate(() => whence.traced());
    if (t.known || t.gaveUp) return n;
  }
  assert.fail('tracing did not end within 2,000 frames');
}

const cases = [
  // 4,096 outputs, each reading one input element and one index element: each row's first 8
  // input elements are read eight times, the rest never.
  ['torch.gather', 'torch.gather(torch.arange(4096.).reshape(64, 64), 1, (torch.arange(4096).reshape(64, 64) * 3) % 8)',
   { 'arg:0': [0, 1, 8, 64, 65], 'arg:2': [0, 1, 64, 65] }],
  // A broadcast: each of other's 64 elements reaches a whole column of 64 outputs.
  ['torch.add', 'torch.add(torch.arange(4096.).reshape(64, 64), torch.arange(64.))',
   { 'arg:0': [0, 1, 64, 65], 'arg:1': [0, 1, 2, 3] }],
];

for (const [op, call, inputs] of cases) {
  describe(`${op} with ${call.length > 60 ? call.slice(0, 60) + '…' : call}`, () => {
    let page;
    before(async () => { page = await open(await newContext(1), `op/${op}/index.html`); });
    after(() => assert.deepEqual(page.errors, [], 'no uncaught page errors'));

    test('inputs are traced forward after the evaluation, then light what the CLI says reads them', async () => {
      await setState(page, call);
      const response = cliEval(call);
      assert.equal(response.ok, true);
      assert.ok(numel(response.result.shape) > 2048, 'the result is above the explained-whole limit');
      await untilTraced(page);
      assert.deepEqual(await page.evaluate(() => whence.traced()), { known: true, progress: 1, gaveUp: false });
      let reachedMany = 0;
      for (const [tensor, elements] of Object.entries(inputs)) {
        for (const e of elements) {
          await hover(page, tensor, e);
          const expected = reachesOf(response, tensor, e);
          if (expected.length > 1) reachedMany++;
          assert.deepEqual(sorted(await page.evaluate(() => whence.highlighted())), sorted(expected), `reach of ${tensor}[${e}]`);
        }
      }
      assert.ok(reachedMany > 0, 'some input element reaches several outputs');
      await screenshot(page, `reach-${op}.png`);
    });
  });
}

describe('a result with more links than are kept', () => {
  let page;
  before(async () => { page = await open(await newContext(1), 'op/torch.cumsum/index.html'); });
  after(() => assert.deepEqual(page.errors, [], 'no uncaught page errors'));

  test('cumsum of 4,096 (8.4 million links) gives up and says so; its outputs still explain', async () => {
    await setState(page, 'torch.cumsum(torch.arange(4096.), 0)');
    await untilTraced(page);
    const t = await page.evaluate(() => whence.traced());
    assert.equal(t.known, false);
    assert.equal(t.gaveUp, true);
    await hover(page, 'arg:0', 5);
    assert.deepEqual(await page.evaluate(() => whence.highlighted()), []);
    assert.match(await page.evaluate(() => whence.equation()), /not traced: the result has more than 2097152 source links/);
    await hover(page, 'out:0', 3);
    assert.equal((await page.evaluate(() => whence.highlighted())).length, 4, 'out[3] reads input[0..3]');
  });
});
