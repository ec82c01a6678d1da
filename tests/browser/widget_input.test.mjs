// widget_input.test.mjs - the widget's own clock (whence.timings), Tab between the grids (and
// the pinned cell scrolled into view),
// touch (tap, one-finger pan, two-finger pinch through CDP Input.dispatchTouchEvent on a
// phone-sized viewport), the note naming hidden rank > 3 blocks where something is lit, and the
// storage strip of a long storage.
// One op page (torch.add, whose module links elementwise, movement and gather).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { SITE, closeAll, frames, hover, liveText, newContext, open, screenshot, setState, startServer } from './harness.mjs';

const PAGE = 'op/torch.add/index.html';
const GATHER = 'torch.gather(torch.tensor([[1, 2, 3], [4, 5, 6]]), 1, torch.tensor([[0, 0], [2, 1]]))';

const selected = (page) => page.evaluate(() => whence.selected());

before(async () => {
  assert.ok(fs.existsSync(path.join(SITE, PAGE)), `${PAGE} is missing: run scripts/build first`);
  await startServer();
});
after(closeAll);

describe('widget input on a desktop viewport', () => {
  let page;
  before(async () => { page = await open(await newContext(1), PAGE); });
  after(() => assert.deepEqual(page.errors, [], 'no uncaught page errors'));

  test('whence.timings(): the WebAssembly time of each hover and the CPU time of each frame', async () => {
    await setState(page, 'torch.arange(4096.).reshape(64, 64) + 1');
    await page.evaluate(() => whence.resetTimings());
    const cells = [0, 1, 2, 65, 66, 130, 131, 200];
    for (const e of cells) await hover(page, 'out:0', e);
    await hover(page, 'arg:0', 3);
    const t = await page.evaluate(() => whence.timings());
    assert.ok(t.hover.count >= cells.length + 1, `a hover sample per new cell (${t.hover.count})`);
    assert.ok(t.frame.count >= 3 * cells.length, `a frame sample per frame (${t.frame.count})`);
    for (const s of [t.hover, t.frame]) {
      assert.ok(s.last >= 0 && s.median >= 0 && s.p95 >= s.median && s.max >= s.p95 && s.max < 1000, JSON.stringify(s));
    }
    assert.ok(t.frame.max > 0, 'frames take some time');
    assert.ok(t.cells > 0 && t.maxCells >= t.cells, `cells drawn: ${t.cells}`);
  });

  test('Tab and Shift+Tab move the pinned cell between grids; in the call field Tab stays ImGui\'s', async () => {
    await setState(page, GATHER);
    const p = await hover(page, 'out:0', 2);
    await page.mouse.click(p.x, p.y);
    await frames(page, 3);
    assert.deepEqual(await selected(page), { tensor: 'out:0', element: 2, pinned: true });
    // The grids in order: input (2, 3), index (2, 2), out (2, 2).
    await page.keyboard.press('Shift+Tab');
    await frames(page, 3);
    assert.deepEqual(await selected(page), { tensor: 'arg:2', element: 2, pinned: true }, 'same shape: same cell');
    assert.match(await liveText(page), /^Selected index\[1\]\[0\] = 2  /);
    await page.keyboard.press('Shift+Tab');
    await frames(page, 3);
    assert.deepEqual(await selected(page), { tensor: 'arg:0', element: 0, pinned: true }, 'another shape: first cell');
    assert.match(await liveText(page), /^Selected input\[0\]\[0\] = 1/);
    await page.keyboard.press('Shift+Tab');
    await frames(page, 3);
    assert.deepEqual(await selected(page), { tensor: 'out:0', element: 0, pinned: true }, 'wraps around');
    await page.keyboard.press('Tab');
    await frames(page, 3);
    assert.deepEqual(await selected(page), { tensor: 'arg:0', element: 0, pinned: true });
    await page.keyboard.press('Tab');
    await frames(page, 3);
    assert.deepEqual(await selected(page), { tensor: 'arg:2', element: 0, pinned: true });
    // The call field active: Tab is the field's (ImGui moves focus on), the pinned cell stays.
    const r = await page.evaluate(() => whence.controlRect('call'));
    await page.mouse.click(r.x + r.width - 20, r.y + r.height / 2);
    await frames(page, 3);
    await page.keyboard.press('Tab');
    await frames(page, 3);
    assert.deepEqual(await selected(page), { tensor: 'arg:2', element: 0, pinned: true }, 'Tab in the call field');
    assert.equal(await page.evaluate(() => whence.getState()), GATHER, 'the text is unchanged');
  });

  test('Tab and the arrows scroll the pinned cell into view in a scrolled grid', async () => {
    await setState(page, 'torch.gather(torch.arange(4096.).reshape(64, 64), 1, torch.arange(4096).reshape(64, 64) % 64)');
    await page.keyboard.press('Escape');  // unpins what the last test left pinned (its first Escape left the call field)
    await frames(page, 2);
    // The input's grid scrolled to its end (the wheel over it), and a cell near its end pinned.
    const top = await hover(page, 'arg:0', 0);
    await page.mouse.wheel(0, 5000);
    await frames(page, 3);
    const e = await page.evaluate(() => {
      for (let e = 4095; e >= 0; e--) if (whence.cellAt('arg:0', e)) return e;
      return -1;
    });
    assert.ok(e >= 64 * 32, `the input's grid scrolled down (last drawn element ${e}, first at y ${top.y})`);
    const p = await hover(page, 'arg:0', e);
    await page.mouse.click(p.x, p.y);
    await frames(page, 3);
    assert.deepEqual(await selected(page), { tensor: 'arg:0', element: e, pinned: true });
    assert.equal(await page.evaluate((e) => whence.cellAt('arg:2', e), e), null, 'the index grid does not show it yet');
    // Tab: the index's cell of the same element, its grid scrolled to show it.
    await page.keyboard.press('Tab');
    await frames(page, 4);
    assert.deepEqual(await selected(page), { tensor: 'arg:2', element: e, pinned: true });
    assert.ok(await page.evaluate((e) => whence.cellAt('arg:2', e), e), 'Tab scrolls the pinned cell into view');
    // Arrows: up past the rows the grid shows above it, to a row out of view until it scrolls
    // (two more than it shows: a row half in view may be drawn). Each frame of three 4,096-cell
    // grids costs Chromium's software GL; a fixed 40 rows took 25 s.
    const shown = await page.evaluate((e) => {
      let rows = 0;
      while (rows < 64 && e - (rows + 1) * 64 >= 0 && whence.cellAt('arg:2', e - (rows + 1) * 64)) rows++;
      return rows;
    }, e);
    const up = shown + 2;
    assert.ok(e - up * 64 >= 0, `the grid shows ${shown} rows above the pinned cell: room to go past them`);
    assert.equal(await page.evaluate((k) => whence.cellAt('arg:2', k), e - up * 64), null, 'the target row is out of view');
    for (let i = 0; i < up; i++) {
      await page.keyboard.press('ArrowUp');
      await frames(page, 1);
    }
    await frames(page, 4);
    assert.deepEqual(await selected(page), { tensor: 'arg:2', element: e - up * 64, pinned: true });
    assert.ok(await page.evaluate((k) => whence.cellAt('arg:2', k), e - up * 64), 'the arrows scroll the pinned cell into view');
    await page.keyboard.press('Escape');
    // Both grids back at their top: ImGui keeps a grid's scroll for the next test's tensor of the same id.
    for (const tensor of ['arg:0', 'arg:2']) {
      const q = await page.evaluate((t) => {
        for (let e = 0; e < 4096; e++) if (whence.cellAt(t, e)) return whence.cellAt(t, e);
        return null;
      }, tensor);
      await page.mouse.move(q.x, q.y);
      await frames(page, 2);
      await page.mouse.wheel(0, -5000);
      await frames(page, 3);
    }
  });

  test('rank 4: the block picker names the hidden blocks where sources or reach are lit', async () => {
    await setState(page, 'torch.flip(torch.arange(24.).reshape(2, 2, 2, 3), [0])');
    const note = (t) => page.evaluate((x) => whence.blockNote(x), t);
    assert.equal(await note('out:0'), '');
    assert.equal(await note('arg:1'), null, 'no picker, no note');
    await hover(page, 'out:0', 1);  // out[0][0][0][1] = input[1][0][0][1]: block [1], not shown
    await frames(page, 2);
    assert.equal(await note('arg:0'), 'also lit in block [1]');
    assert.equal(await note('out:0'), '');
    await screenshot(page, 'widget-hidden-block-note.png');
    await hover(page, 'arg:0', 2);  // input[0][0][0][2] reaches out[1][0][0][2]: block [1]
    await frames(page, 2);
    assert.equal(await note('out:0'), 'also lit in block [1]');
    assert.equal(await note('arg:0'), '');
    await page.mouse.move(2, 2);
    await frames(page, 3);
    assert.equal(await note('out:0'), '', 'nothing lit, no note');
  });

  test('a storage longer than 1,024 elements: the strip shows a window around the lit element', async () => {
    await setState(page, 'torch.arange(2048.).reshape(32, 64).t()');
    const storage = () => page.evaluate(() => whence.storage());
    const drawn = (k) => page.evaluate((x) => whence.controlRect(`storage:${x}`) !== null, k);
    await hover(page, 'out:0', 64);  // out[2][0] = input[0][2]: storage[2]
    await frames(page, 2);
    assert.equal((await storage()).length, 2048);
    assert.equal((await storage()).selected, 2);
    assert.ok(await drawn(2), 'storage[2] is drawn');
    await hover(page, 'arg:0', 512);  // input[8][0]: storage[512], outside the first window
    await frames(page, 3);
    assert.equal((await storage()).selected, 512);
    assert.match((await storage()).text, /= storage\[512\] = 512\.0$/);
    assert.deepEqual([await drawn(512), await drawn(2)], [true, false], 'the window followed the lit element');
    await screenshot(page, 'widget-long-storage.png');
  });
});

describe('touch on a phone-sized viewport', () => {
  let page, cdp;
  const touch = (type, points) => cdp.send('Input.dispatchTouchEvent', {
    type, touchPoints: points.map(([x, y], id) => ({ x: Math.round(x), y: Math.round(y), id })),
  });
  before(async () => {
    page = await open(await newContext(1, { width: 390, height: 844 }), PAGE);
    cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    await setState(page, 'torch.arange(40.).reshape(4, 10) * 1.5');
    const out = await page.evaluate(() => whence.cellAt('out:0', 0));
    await page.evaluate((y) => window.scrollBy(0, y - 300), out.y);  // the result in view
    await frames(page, 3);
  });
  after(() => assert.deepEqual(page.errors, [], 'no uncaught page errors'));

  test('a tap pins the cell under the finger', async () => {
    const p = await page.evaluate(() => whence.cellAt('out:0', 2));
    await touch('touchStart', [[p.x, p.y]]);
    await frames(page, 2);
    await touch('touchEnd', []);
    // The browser's compatibility mouse events (the click) may wait out a double-tap.
    for (let i = 0; i < 40 && !(await selected(page))?.pinned; i++) await frames(page, 1);
    assert.deepEqual(await selected(page), { tensor: 'out:0', element: 2, pinned: true });
    assert.equal(await liveText(page), 'Selected out[0][2] = input[0][2] \u00b7 1.5 = 2.0 \u00b7 1.5 = 3.0');
  });

  test('one finger dragging pans the grid inside its frame, and pins nothing', async () => {
    const before = await page.evaluate(() => whence.cellAt('out:0', 2));
    const scrollY = await page.evaluate(() => window.scrollY);
    await touch('touchStart', [[before.x, before.y]]);
    await frames(page, 2);
    for (let dx = 10; dx <= 80; dx += 10) {
      await touch('touchMove', [[before.x - dx, before.y]]);
      await frames(page, 1);
    }
    await touch('touchEnd', []);
    await frames(page, 4);
    const now = await page.evaluate(() => whence.cellAt('out:0', 2));
    assert.ok(Math.abs(now.x - (before.x - 80)) <= 2, `out[0][2] moved left 80 px: ${before.x} -> ${now.x}`);
    assert.equal(now.y, before.y);
    assert.equal(await page.evaluate(() => window.scrollY), scrollY, 'the page did not scroll');
    assert.deepEqual(await selected(page), { tensor: 'out:0', element: 2, pinned: true }, 'the pin stayed');
    await screenshot(page, 'widget-touch-panned.png');
  });

  test('two fingers pinch-zoom the grids, anchored at the pinch centre', async () => {
    const z0 = (await page.evaluate(() => whence.zoom())).zoom;
    const c = await page.evaluate(() => whence.cellAt('out:0', 2));
    await touch('touchStart', [[c.x - 20, c.y], [c.x + 20, c.y]]);
    await frames(page, 2);
    for (let d = 30; d <= 60; d += 10) {
      await touch('touchMove', [[c.x - d, c.y], [c.x + d, c.y]]);
      await frames(page, 1);
    }
    await touch('touchEnd', []);
    await frames(page, 4);
    const z1 = (await page.evaluate(() => whence.zoom())).zoom;
    assert.ok(Math.abs(z1 / z0 - 2.5) < 0.3 || z1 === 2.5, `zoomed in: ${z0} -> ${z1}`);
    const after = await page.evaluate(() => whence.cellAt('out:0', 2));
    assert.ok(after, 'the cell under the pinch is still drawn');
    assert.ok(Math.abs(after.x - c.x) < 40, `and near the centre: ${c.x} -> ${after.x}`);
    await screenshot(page, 'widget-touch-pinched.png');
    // Pinching in goes down to the same floor as Ctrl+wheel.
    for (let i = 0; i < 3; i++) {
      await touch('touchStart', [[c.x - 100, c.y], [c.x + 100, c.y]]);
      await touch('touchMove', [[c.x - 50, c.y], [c.x + 50, c.y]]);
      await touch('touchMove', [[c.x - 10, c.y], [c.x + 10, c.y]]);
      await touch('touchEnd', []);
      await frames(page, 2);
    }
    assert.equal((await page.evaluate(() => whence.zoom())).zoom, 0.25);
  });
});
