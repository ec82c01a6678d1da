// visitor_widget.test.mjs - the widget as a visitor meets it (issue 29): the call field owns its
// keys (no page scroll, Ctrl+A selects only its text); the equation stays in view while a cell
// far down the page is pointed at (conv2d, desktop and phone); after an error the old result is
// drawn as not current (whence.stale(), dimmed and hatched, labelled); a broadcast error marks
// `other`; an op of another module typed on an op page loads that module; the small things (the
// live region, cells printed as the equation prints them, a 1-D view's equation); the legend
// wraps inside the equation bar on a phone, and a 4-D argument's shape steppers inside its card.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { decodePng } from './png.mjs';
import { SITE, cliEval, closeAll, frames, hover, liveText, newContext, open, setState, startServer } from './harness.mjs';

const GATHER_PAGE = 'op/torch.gather/index.html';
const CONV_PAGE = 'op/torch.nn.functional.conv2d/index.html';
const ADD = 'torch.add(torch.tensor([[1.5, 2.0], [3.0, 4.0]]), torch.tensor([12.5, 3.0]))';

const call = (page, fn, ...args) => page.evaluate(([f, a]) => whence[f](...a), [fn, args]);
const inside = (r, box) => r.x >= box.x - 0.5 && r.y >= box.y - 0.5 && r.x + r.width <= box.x + box.width + 0.5 &&
                           r.y + r.height <= box.y + box.height + 0.5;

before(async () => {
  for (const p of [GATHER_PAGE, CONV_PAGE]) assert.ok(fs.existsSync(path.join(SITE, p)), `${p} is missing: build first`);
  await startServer();
});
after(closeAll);

// Clicks the call field at its end (focusing the canvas and the ImGui field).
async function focusCallField(page) {
  const r = await call(page, 'controlRect', 'call');
  assert.ok(r, 'the call field is drawn');
  await page.mouse.click(r.x + r.width - 8, r.y + r.height / 2);
  await frames(page, 3);
}

// The mean colour of a w x h box of the page's screenshot.
async function meanColour(page, x, y, w, h) {
  const png = decodePng(await page.screenshot({ clip: { x, y, width: w, height: h } }));
  const sum = [0, 0, 0], n = png.width * png.height;
  for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) sum[c] += png.pixels[i * png.channels + c];
  return sum.map((v) => v / n);
}

describe('an op page at 1400 x 900', () => {
  let page;
  before(async () => { page = await open(await newContext(1, { width: 1400, height: 900 }), GATHER_PAGE); });
  after(() => assert.deepEqual(page.errors, [], 'no uncaught page errors'));

  test('the call field owns its keys: no page scroll, Ctrl+A selects only the field', async () => {
    await page.evaluate(() => window.scrollTo(0, 120));  // room to scroll both ways
    await frames(page, 2);
    await focusCallField(page);
    const y0 = await page.evaluate(() => window.scrollY);
    assert.ok(y0 > 0, 'the page can scroll up as well as down');
    for (const key of ['End', 'Home', 'Space', 'PageDown', 'ArrowDown', 'ArrowUp', 'PageUp', 'End']) {
      await page.keyboard.press(key);
      await frames(page, 1);
      assert.equal(await page.evaluate(() => window.scrollY), y0, `${key} in the call field leaves the page where it was`);
    }
    await page.keyboard.type('a b');
    await frames(page, 2);
    assert.equal(await page.evaluate(() => window.scrollY), y0, 'typing "a b" does not scroll');
    assert.match(await call(page, 'getState'), /a b$/, 'Space typed a space into the field');
    await page.keyboard.press('Control+A');
    await frames(page, 2);
    assert.equal(await page.evaluate(() => String(window.getSelection())), '', 'Ctrl+A selects nothing of the page');
    await page.keyboard.type('torch.ones(2)');
    await frames(page, 3);
    assert.equal(await call(page, 'getState'), 'torch.ones(2)', 'Ctrl+A selected the whole field: typing replaced it');
    assert.equal(await page.evaluate(() => window.scrollY), y0);
    await page.keyboard.press('Escape');
  });

  test('after an error the old result is stale: whence.stale(), labelled, drawn dimmed and hatched', async () => {
    await setState(page, 'torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[0, 0], [1, 0]]))');
    await page.mouse.move(2, 2);
    await frames(page, 2);
    assert.equal(await call(page, 'stale'), false);
    const c = await call(page, 'cellAt', 'out:0', 0);
    const fresh = await meanColour(page, c.x - 18, c.y - 14, 10, 28);
    await setState(page, 'torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[0, 5], [1, 0]]))');
    assert.equal(await call(page, 'stale'), true, 'the drawn result is not the current call\'s');
    const { type, message, arg } = await call(page, 'error');
    assert.deepEqual({ type, message, arg }, cliEval(await call(page, 'getState')).error);
    const old = await meanColour(page, c.x - 18, c.y - 14, 10, 28);
    const diff = Math.max(...old.map((v, i) => Math.abs(v - fresh[i])));
    assert.ok(diff > 6, `the old result's cells are drawn differently (${fresh} -> ${old})`);
    const note = await call(page, 'controlRect', 'stale');
    const card = await call(page, 'controlRect', 'card:out:0');
    assert.ok(note && card && inside(note, card), 'the result card says it is not this call\'s result');
    await setState(page, 'torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[0, 1], [1, 0]]))');
    assert.equal(await call(page, 'stale'), false, 'a call that works is current again');
    assert.equal(await call(page, 'controlRect', 'stale'), null);
  });

  test('a broadcast error names `other`, and its card carries the error', async () => {
    const code = 'torch.add(torch.ones(2, 3), torch.ones(4))';
    await setState(page, code);
    const expected = cliEval(code).error;
    assert.equal(expected.arg, 'other', 'the CLI names other');
    assert.deepEqual(await call(page, 'error'), expected);
    const error = await call(page, 'controlRect', 'error');
    const other = await call(page, 'controlRect', 'card:arg:1');
    assert.ok(error && other && inside(error, other), 'the error is drawn on other\'s card');
  });

  test('small things: the live region, cells printed as the equation prints, a 1-D view', async () => {
    await setState(page, ADD);
    await hover(page, 'out:0', 0);
    const expected = cliEval(ADD).relations.find((r) => r.out[1] === 0).eq;
    assert.equal(await call(page, 'equation'), expected);
    assert.equal(await liveText(page), `Pointing at ${expected}`, 'the live region reads the equation once');
    assert.ok(!/\.\./.test(await liveText(page)));
    const view = 'torch.tensor([1, 2, 3, 4, 5, 6]).view(2, 3)';
    await setState(page, view);
    await hover(page, 'out:0', 1);
    assert.equal(await call(page, 'equation'), cliEval(view).relations.find((r) => r.out[1] === 1).eq);
    assert.equal(await call(page, 'equation'), 'out[0][1] = input[1] = 2', 'no "(flat 1 = 1)"');
  });

  test('an op of another module typed on an op page loads that module and keeps the call', async () => {
    const code = 'torch.sum(torch.tensor([[1.5, 2.0], [3.0, 4.0]]), dim=1)';
    await setState(page, 'torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[0, 0], [1, 0]]))');
    await focusCallField(page);
    await page.keyboard.press('Control+A');
    const reloaded = page.waitForEvent('load');  // (framenavigated fires for each hash the app writes too)
    await page.keyboard.type(code);
    await reloaded;
    await page.waitForFunction(() => window.whence);
    await page.evaluate(() => whence.ready);
    await frames(page, 3);
    const scripts = await page.evaluate(() => Array.from(document.scripts).map((s) => s.src));
    assert.ok(scripts.some((src) => src.endsWith('app/whence_reduce.js')), scripts.join(' '));
    assert.equal(await call(page, 'getState'), code, 'the call typed is kept');
    assert.equal(await call(page, 'error'), null);
    const response = cliEval(code);
    for (const e of [0, 1]) {
      await hover(page, 'out:0', e);
      assert.equal(await call(page, 'equation'), response.relations.find((r) => r.out[1] === e).eq);
    }
    // Back to an op of the page's own module: the page's module again.
    const back = page.waitForEvent('load');
    await page.evaluate(() => whence.setState('torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[1, 0], [1, 0]]))'));
    await back;
    await page.waitForFunction(() => window.whence);
    await page.evaluate(() => whence.ready);
    const again = await page.evaluate(() => Array.from(document.scripts).map((s) => s.src));
    assert.ok(again.some((src) => src.endsWith('app/whence_tensors.js')), again.join(' '));
    assert.equal(await call(page, 'error'), null);
    // A call that is only an operator: `@` is torch.Tensor.__matmul__, a contraction op.
    const matmul = page.waitForEvent('load');
    await page.evaluate(() => whence.setState('torch.arange(4.).reshape(2, 2) @ torch.ones(2, 2)'));
    await matmul;
    await page.waitForFunction(() => window.whence);
    await page.evaluate(() => whence.ready);
    const contraction = await page.evaluate(() => Array.from(document.scripts).map((s) => s.src));
    assert.ok(contraction.some((src) => src.endsWith('app/whence_contraction.js')), contraction.join(' '));
    assert.equal(await call(page, 'error'), null);
  });
});

// The legend wraps within the equation bar: on a phone its entries take lines of their own
// instead of running past the bar's edge (scatter_reduce's legend has three).
for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
  test(`the legend's entries lie inside the equation bar (${viewport.width} x ${viewport.height})`, async () => {
    const page = await open(await newContext(1, viewport), 'op/torch.scatter_reduce/index.html');
    const bar = await call(page, 'controlRect', 'equation');
    assert.ok(bar, 'the equation bar is drawn');
    const entries = [];
    for (const role of ['value', 'index', 'compare']) {
      const r = await call(page, 'controlRect', `legend:${role}`);
      assert.ok(r, `the legend has ${role}`);
      assert.ok(r.x >= bar.x - 0.5 && r.x + r.width <= bar.x + bar.width + 0.5,
                `${role} ${JSON.stringify(r)} lies within the bar ${JSON.stringify(bar)}`);
      for (const e of entries)
        assert.ok(r.x >= e.x + e.width || r.y >= e.y + e.height, `${role} does not overlap an earlier entry`);
      entries.push(r);
    }
    if (viewport.width < 500) assert.ok(entries[2].y > entries[0].y, 'on a phone the legend takes more than one line');
    else assert.ok(entries.every((e) => e.y === entries[0].y), 'on a desktop the legend is one line');
    assert.equal(await call(page, 'controlRect', 'legend:mask'), null, 'a role the op does not use has no entry');
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

// A 4-D argument's shape steppers wrap inside its card on a phone (they ran past its edge).
for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
  test(`a 4-D argument's shape steppers lie inside its card (${viewport.width} x ${viewport.height})`, async () => {
    const page = await open(await newContext(1, viewport), CONV_PAGE);
    const card = await call(page, 'controlRect', 'card:arg:0');
    assert.ok(card, 'the input card is drawn');
    const controls = ['arg:0/dim0-', 'arg:0/dim1+', 'arg:0/dim2-', 'arg:0/dim3-', 'arg:0/dim3+', 'arg:0/more'];
    const rects = [];
    for (const name of controls) {
      const r = await call(page, 'controlRect', name);
      assert.ok(r && inside(r, card), `${name} ${JSON.stringify(r)} lies inside the card ${JSON.stringify(card)}`);
      rects.push(r);
    }
    const lines = new Set(rects.map((r) => Math.round(r.y))).size;
    if (viewport.width < 500) assert.ok(lines > 1, 'on a phone the steppers take more than one line');
    else assert.equal(lines, 1, 'on a desktop the steppers are one line');
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

// The equation while pointing at conv2d's output, the page scrolled just past the equation bar
// (as a reader scrolls down to the output).
for (const viewport of [{ width: 1400, height: 900 }, { width: 390, height: 844 }]) {
  test(`the equation stays in view while pointing at conv2d's output (${viewport.width} x ${viewport.height})`, async () => {
    const page = await open(await newContext(1, viewport), CONV_PAGE);
    const code = await call(page, 'getState');
    const response = cliEval(code);
    const last = response.relations.length - 1;
    const element = response.relations[last].out[1];
    const bar = await call(page, 'controlRect', 'equation');
    assert.ok(bar, 'the equation bar is drawn');
    await page.evaluate((dy) => window.scrollBy(0, dy), bar.y + bar.height + 30);
    await frames(page, 3);
    const p = await call(page, 'cellAt', 'out:0', element);
    assert.ok(p && p.y > 0 && p.y < viewport.height, `the output cell is in view (${JSON.stringify(p)})`);
    const height = await page.evaluate(() => document.querySelector('.whence-widget').getBoundingClientRect().height);
    await page.mouse.move(p.x, p.y);
    await frames(page, 3);
    assert.deepEqual(await call(page, 'selected'), { tensor: 'out:0', element, pinned: false });
    assert.equal(await call(page, 'equation'), response.relations[last].eq);
    const canvas = await page.locator('canvas').boundingBox();
    assert.ok(canvas.y < 0, `the canvas's top (and its equation bar) is scrolled away (${canvas.y})`);
    const r = await call(page, 'controlRect', 'equation');
    assert.ok(r, 'the equation is drawn');
    assert.ok(inside(r, { x: 0, y: 0, width: viewport.width, height: viewport.height }),
              `the equation ${JSON.stringify(r)} lies inside the viewport`);
    assert.ok(!(p.x >= r.x && p.x <= r.x + r.width && p.y >= r.y && p.y <= r.y + r.height), 'it does not cover the pointer');
    assert.equal(await page.evaluate(() => document.querySelector('.whence-widget').getBoundingClientRect().height), height,
                 'pointing does not resize the widget');
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}
