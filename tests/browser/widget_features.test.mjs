// widget_features.test.mjs - the widget's teaching aids in Chromium, on one page (torch.add,
// whose module links elementwise, movement and gather): the broadcast bar and its warning,
// the storage strip of a view, the refused view's explanation, undo/redo, the LaTeX of an
// equation, the PNG export and the aria-live region. Values come from the native CLI.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { CLI, SITE, clickControl, cliEval, closeAll, frames, hover, liveText, newContext, open, screenshot, setState,
         sorted, sourcesOf, startServer, typeIntoCell } from './harness.mjs';
import { decodePng } from './png.mjs';

const PAGE = 'op/torch.add/index.html';


// widget-NAME-light.png and widget-NAME-dark.png of what is shown; the page ends light again.
async function screenshotBothThemes(page, name) {
  await screenshot(page, `${name}-light.png`);
  await page.evaluate(() => whence.setTheme('dark'));
  await frames(page, 3);
  await screenshot(page, `${name}-dark.png`);
  await page.evaluate(() => whence.setTheme('light'));
  await frames(page, 2);
}

before(async () => {
  assert.ok(fs.existsSync(path.join(SITE, PAGE)), `${PAGE} is missing: run scripts/build first`);
  assert.ok(fs.existsSync(CLI));
  await startServer();
});
after(closeAll);

describe('widget features', () => {
  let page, example;
  before(async () => {
    page = await open(await newContext(1), PAGE);
    example = await page.evaluate(() => whence.getState());  // no hash: the op's teaching example
  });
  after(() => assert.deepEqual(page.errors, [], 'no uncaught page errors'));

  test('cellAt and controlRect answer for the call drawn: null from setState until the next frame', async () => {
    await setState(page, 'torch.add(torch.ones(2), 1)');
    assert.ok(await page.evaluate(() => whence.cellAt('out:0', 1)), 'out[1] of the 2-element result is drawn');
    // A synchronous caller would otherwise get the old layout's positions for the new call.
    const between = await page.evaluate(() => {
      whence.setState('torch.add(torch.ones(3, 4), 1)');
      return [whence.cellAt('out:0', 1), whence.cellAt('out:0', 11), whence.controlRect('call')];
    });
    assert.deepEqual(between, [null, null, null]);
    await frames(page, 1);
    const drawn = await page.evaluate(() => [whence.cellAt('out:0', 1), whence.cellAt('out:0', 11), whence.controlRect('call')]);
    assert.ok(drawn.every((p) => p !== null), 'after a frame the new call\'s cells and controls have places');
    assert.ok(drawn[1].y > drawn[0].y, 'out[2][3] is drawn below out[0][1]');
  });

  test('broadcast: shapes aligned from the right, ghost copies, and the (B,1) with (B,) warning', async () => {
    const code = 'torch.ones(3, 1) - torch.arange(3.)';
    await setState(page, code);
    const response = cliEval(code);
    assert.deepEqual(response.result.shape, [3, 3], 'PyTorch broadcasts (3, 1) and (3,) to (3, 3)');
    const b = await page.evaluate(() => whence.broadcast());
    assert.ok(b, 'the broadcast bar is shown');
    assert.deepEqual(b.lines, ['  (3, 1)', '     (3,)', '\u2192 (3, 3)']);
    assert.deepEqual(b.expanded, ['arg:0', 'arg:1']);
    assert.match(b.warning, /made \(3, 3\) from input \(3, 1\) and other \(3,\), bigger than both/);
    assert.ok(await page.evaluate(() => whence.controlRect('broadcast-warning')), 'the warning is drawn');
    // out[1][2] reads input[1][0] and other[2]: their own (solid) cells light up.
    await hover(page, 'out:0', 5);
    assert.deepEqual(sorted(await page.evaluate(() => whence.highlighted())), sorted(sourcesOf(response, 0, 5)));
    // Each operand element is drawn once solid: hovering it selects that element.
    await hover(page, 'arg:1', 2);
    await hover(page, 'arg:0', 1);
    await screenshotBothThemes(page, 'widget-broadcast');
  });

  test('an outer-product broadcast (3, 1) with (1, 3) is shown without a warning; equal shapes show no bar', async () => {
    await setState(page, 'torch.ones(3, 1) - torch.ones(1, 3)');
    const b = await page.evaluate(() => whence.broadcast());
    assert.deepEqual(b.lines, ['  (3, 1)', '  (1, 3)', '\u2192 (3, 3)']);
    assert.equal(b.warning, null, 'same rank: the usual intended outer broadcast');
    assert.equal(await page.evaluate(() => whence.controlRect('broadcast-warning')), null);
    await setState(page, 'torch.ones(2, 3) + torch.ones(2, 3)');
    assert.equal(await page.evaluate(() => whence.broadcast()), null);
    // Shapes that line up without broadcasting: each row of the result comes from one tensor.
    await setState(page, 'torch.cat([torch.ones(1, 3), torch.zeros(1, 3)])');
    assert.equal(await page.evaluate(() => whence.broadcast()), null, 'cat does not broadcast');
  });

  test('storage strip of a transpose: each element\'s storage[k], strides, offset, not contiguous', async () => {
    const code = 'torch.arange(6).reshape(2, 3).t()';
    await setState(page, code);
    const response = cliEval(code);
    const s = await page.evaluate(() => whence.storage());
    assert.ok(s, 'the storage strip is shown');
    assert.deepEqual([s.of, s.strides, s.offset, s.contiguous, s.length], ['arg:0', [1, 3], 0, false, 6]);
    // arange(6)'s storage holds k at k: element e of the view sits at storage[data[e]].
    assert.deepEqual(s.viewCells, response.result.data);
    await hover(page, 'out:0', 1);  // out[0][1] = input[1][0] = 3
    const t = await page.evaluate(() => whence.storage());
    assert.equal(t.selected, 3);
    assert.equal(t.text, 'out[0][1] \u2192 storage[0 + 0\u00b71 + 1\u00b73] = storage[3] = 3');
    // Pointing at storage[4] points at the base element stored there, input[1][1].
    const r = await page.evaluate(() => whence.controlRect('storage:4'));
    assert.ok(r, 'storage cell 4 is drawn');
    await page.mouse.move(r.x + r.width / 2, r.y + r.height / 2);
    await frames(page, 3);
    assert.deepEqual(await page.evaluate(() => whence.selected()), { tensor: 'arg:0', element: 4, pinned: false });
    await screenshotBothThemes(page, 'widget-storage');
  });

  test('view() refused on a transpose: the error explains strides in plain words', async () => {
    const code = 'torch.arange(6.).reshape(2, 3).t().view(6)';
    await setState(page, code);
    const response = cliEval(code);
    assert.equal(response.ok, false);
    const e = await page.evaluate(() => whence.error());
    assert.equal(e.message, response.error.message);
    assert.match(e.explanation, /shape \(3, 2\) and strides \(1, 3\), which is not contiguous/);
    assert.match(e.explanation, /reshape\(\) copies/);
  });

  test('undo and redo of a cell edit: Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y and the buttons', async () => {
    const before = 'torch.add(torch.tensor([1.0, 2.0]), torch.tensor([10.0, 20.0]))';
    await setState(page, before);
    await typeIntoCell(page, 'arg:0', 0, '7');
    const edited = await page.evaluate(() => whence.getState());
    assert.notEqual(edited, before);
    assert.match(edited, /7\./);
    await page.keyboard.press('Control+z');
    await frames(page, 3);
    assert.equal(await page.evaluate(() => whence.getState()), before, 'Ctrl+Z undoes the edit');
    await page.keyboard.press('Control+Shift+z');
    await frames(page, 3);
    assert.equal(await page.evaluate(() => whence.getState()), edited, 'Ctrl+Shift+Z redoes it');
    await clickControl(page, 'undo');
    assert.equal(await page.evaluate(() => whence.getState()), before, 'the Undo button');
    await page.keyboard.press('Control+y');
    await frames(page, 3);
    assert.equal(await page.evaluate(() => whence.getState()), edited, 'Ctrl+Y redoes');
  });

  test('Random values change the float arguments only; Reset goes back to the teaching example', async () => {
    const before = 'torch.add(torch.tensor([1.0, 2.0]), torch.tensor([3, 4]))';
    await setState(page, before);
    await clickControl(page, 'tools');  // the … menu
    await clickControl(page, 'random');
    const random = await page.evaluate(() => whence.getState());
    assert.notEqual(random, before);
    assert.match(random, /, torch\.tensor\(\[3, 4\]\)\)$/, 'the integer argument stays');
    const response = cliEval(random);
    assert.equal(response.ok, true, `${random} evaluates`);
    assert.deepEqual(response.result.shape, [2]);
    await clickControl(page, 'tools');  // the … menu
    await clickControl(page, 'reset');
    assert.equal(await page.evaluate(() => whence.getState()), example);
    await clickControl(page, 'undo');
    assert.equal(await page.evaluate(() => whence.getState()), random, 'Reset can be undone');
  });

  test('Ctrl+wheel zooms the grids; zoomed out, cells are coloured by value instead of numbered', async () => {
    await setState(page, 'torch.arange(12.).reshape(3, 4) * 100.5');
    const pitch = async () => {
      const [a, b] = await page.evaluate(() => [whence.cellAt('out:0', 0), whence.cellAt('out:0', 1)]);
      return b.x - a.x;
    };
    const wide = await pitch();
    await hover(page, 'out:0', 0);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, 600);
    await page.keyboard.up('Control');
    await frames(page, 3);
    const z = await page.evaluate(() => whence.zoom());
    assert.ok(z.zoom < 0.5, `zoomed out to ${z.zoom}`);
    assert.equal(z.valuesFit, false);
    assert.ok(await pitch() < wide * 0.6, 'cells are smaller');
    await screenshot(page, 'widget-zoomed-out.png');
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -600);
    await page.keyboard.up('Control');
    await frames(page, 3);
    assert.ok(Math.abs((await page.evaluate(() => whence.zoom())).zoom - 1) < 1e-3);
    assert.equal(await pitch(), wide);
  });

  test('rank 4: one 3-D block is drawn; the picker and the arrows move between blocks', async () => {
    await setState(page, 'torch.arange(24.).reshape(2, 2, 2, 3) + 1');
    const drawn = (e) => page.evaluate((x) => whence.cellAt('out:0', x) !== null, e);
    assert.deepEqual([await drawn(0), await drawn(11), await drawn(12)], [true, true, false], 'block [0] first');
    await clickControl(page, 'out:0/lead0+');
    assert.deepEqual([await drawn(0), await drawn(12), await drawn(23)], [false, true, true], 'block [1] picked');
    await hover(page, 'out:0', 13);
    assert.equal(await page.evaluate(() => whence.equation()), 'out[1][0][0][1] = input[1][0][0][1] + 1 = 13.0 + 1 = 14.0');
    await clickControl(page, 'out:0/lead0-');
    const p = await hover(page, 'out:0', 11);  // out[0][1][1][2], the block's last row
    await page.mouse.click(p.x, p.y);
    await frames(page, 2);
    await page.keyboard.press('ArrowDown');  // on into block [1]: out[1][0][0][2]
    await frames(page, 3);
    assert.deepEqual(await page.evaluate(() => whence.selected()), { tensor: 'out:0', element: 14, pinned: true });
    assert.deepEqual([await drawn(14), await drawn(11)], [true, false]);
  });

  test('LaTeX of a gather equation, and the live region after selecting cells by mouse and keyboard', async () => {
    await setState(page, 'torch.gather(torch.tensor([[1, 2, 3], [4, 5, 6]]), 1, torch.tensor([[0, 0], [2, 1]]))');
    const p = await hover(page, 'out:0', 2);
    await page.mouse.click(p.x, p.y);
    await frames(page, 3);
    assert.equal(await page.evaluate(() => whence.equation()), 'out[1][0] = input[1][index[1][0]] = input[1][2] = 6');
    assert.equal(await page.evaluate(() => whence.latex()),
                 '\\mathrm{out}_{1,0} = \\mathrm{input}_{1,\\mathrm{index}_{1,0}} = \\mathrm{input}_{1,2} = 6');
    assert.equal(await liveText(page), 'Selected out[1][0] = input[1][index[1][0]] = input[1][2] = 6');
    await page.keyboard.press('Escape');
    await page.mouse.move(2, 2);
    await frames(page, 3);
    await page.keyboard.press('ArrowDown');  // nothing pinned: an arrow pins out's first element
    await frames(page, 3);
    await page.keyboard.press('ArrowRight');
    await frames(page, 3);
    assert.deepEqual(await page.evaluate(() => whence.selected()), { tensor: 'out:0', element: 1, pinned: true });
    assert.match(await liveText(page), /^Selected out\[0\]\[1\] = input\[0\]\[index\[0\]\[1\]\]/);
  });

  test('Export PNG downloads the canvas as drawn', async () => {
    await clickControl(page, 'tools');  // the … menu
    const [download] = await Promise.all([page.waitForEvent('download'), clickControl(page, 'png')]);
    assert.match(download.suggestedFilename(), /^whence-torch\.add\.png$/);
    const png = decodePng(fs.readFileSync(await download.path()));
    const size = await page.evaluate(() => [document.querySelector('.whence-widget canvas').width,
                                            document.querySelector('.whence-widget canvas').height]);
    assert.deepEqual([png.width, png.height], size);
  });

  test('an idle widget stops asking for animation frames; the next input draws at once', async () => {
    await setState(page, example);
    await page.mouse.move(2, 2);
    await frames(page, 3);
    // A second with nothing to draw pauses the frame loop: then no animation frame is requested.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const requested = await page.evaluate(async () => {
      let n = 0;
      const raf = window.requestAnimationFrame;
      window.requestAnimationFrame = (f) => { n++; return raf(f); };
      await new Promise((resolve) => setTimeout(resolve, 1000));
      window.requestAnimationFrame = raf;
      return n;
    });
    assert.equal(requested, 0, 'animation frames requested in a second of idling');
    // A pointer move wakes it: the cell under the pointer lights without a nextFrame().
    const p = await page.evaluate(() => whence.cellAt('out:0', 1));
    await page.mouse.move(p.x, p.y);
    await page.waitForFunction(() => whence.selected()?.tensor === 'out:0' && whence.selected()?.element === 1,
                               null, { timeout: 5000 });
  });
});
