// indexing.test.mjs - the x[index] page in Chromium, checked against the native CLI: list
// indices are drawn as index tensors, so the index elements that chose an output element light
// up with it, for int lists, bool lists and lists inside a tuple index.
//
//   node --test tests/browser/          (after scripts/build: needs build/site and build/native/whence)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { CLI, SITE, cliEval, closeAll, hover, newContext, numel, open, screenshot, setState, sorted, sourcesOf,
         startServer } from './harness.mjs';

const PAGE = 'op/torch.Tensor.__getitem__/index.html';

before(async () => {
  assert.ok(fs.existsSync(path.join(SITE, PAGE)), `${PAGE} is missing: run scripts/build first`);
  assert.ok(fs.existsSync(CLI));
  await startServer();
});
after(closeAll);

describe('torch.Tensor.__getitem__ page', () => {
  let page;
  before(async () => { page = await open(await newContext(1), PAGE); });
  after(() => assert.deepEqual(page.errors, [], 'no uncaught page errors'));

  const cases = [
    // [call, list cards expected, role of the list elements]
    ['torch.tensor([[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]])[[0, 2], [3, 1]]', ['arg:1.0', 'arg:1.1'], 'index'],
    ['torch.tensor([[0, 1, 2], [3, 4, 5]])[[1, 0, 1]]', ['arg:1'], 'index'],
    ['torch.tensor([[0, 1, 2], [3, 4, 5]])[[True, False], 1:]', ['arg:1.0'], 'mask'],
  ];
  for (const [call, cards, role] of cases) {
    test(`${call}: every output lights up its list index elements as the CLI names them`, async () => {
      await setState(page, call);
      assert.equal(await page.evaluate(() => whence.error()), null);
      const response = cliEval(await page.evaluate(() => whence.getState()));
      assert.equal(response.ok, true);
      let listSources = 0;
      for (let e = 0; e < numel(response.result.shape); e++) {
        await hover(page, 'out:0', e);
        const shown = await page.evaluate(() => whence.highlighted());
        assert.deepEqual(sorted(shown), sorted(sourcesOf(response, 0, e)), `sources of out[${e}]`);
        listSources += shown.filter((h) => cards.includes(h.tensor) && h.role === role).length;
      }
      assert.ok(listSources >= numel(response.result.shape), `each output names an element of ${cards.join(', ')}`);
    });
  }

  test('a screenshot of a tuple of int lists', async () => {
    await setState(page, cases[0][0]);  // waits the frames that lay the new call out before cellAt
    await hover(page, 'out:0', 1);
    await screenshot(page, 'getitem-lists.png');
  });
});
