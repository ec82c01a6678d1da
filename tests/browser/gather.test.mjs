// gather.test.mjs - the torch.gather page in Chromium, checked against the native CLI.
//
//   node --test tests/browser/          (after scripts/build: needs build/site and build/native/whence)
//
// Serves build/site on an ephemeral local port, drives the widget through window.whence
// (DESIGN.md, "Browser contract") and real mouse and keyboard input, and compares what the
// page highlights with the relations `whence eval` computes for the same call. Screenshots
// go to build/test-artifacts/; page weight and time to ready are printed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import { pixelStats } from './png.mjs';
import { ARTIFACTS, CLI, ROOT, SITE, baseUrl, clickControl, cli, cliCall, cliEval, closeAll, frames, hover, newContext, numel,
         open, reachesOf, screenshot, sorted, sourcesOf, startServer, typeIntoCell } from './harness.mjs';

const OP_PAGE = 'op/torch.gather/index.html';
const GOAL_GZIP_BYTES = 500 * 1024;
const GOAL_READY_MS = 1000;
let defaultExample;

before(async () => {
  for (const needed of [path.join(SITE, OP_PAGE), path.join(SITE, 'embed.html'), CLI])
    assert.ok(fs.existsSync(needed), `${path.relative(ROOT, needed)} is missing: run scripts/build first`);
  const ops = JSON.parse(cli(['ops']));
  defaultExample = ops.find((op) => op.names.includes('torch.gather')).example;
  await startServer();
});

after(closeAll);

describe('torch.gather page', () => {
  let context, page;
  before(async () => {
    context = await newContext(1);
    page = await open(context, OP_PAGE);
  });
  after(() => assert.deepEqual(page.errors, [], 'no uncaught page errors'));

  test('shows the op\'s default example with no error', async () => {
    assert.equal(await page.evaluate(() => whence.getState()), defaultExample);
    assert.equal(await page.evaluate(() => whence.error()), null);
    assert.equal(await page.evaluate(() => document.querySelector('.whence-overlay').hidden), true, 'loading overlay gone');
  });

  test('hovering an output cell highlights exactly its relation\'s sources', async () => {
    const response = cliEval(defaultExample);
    assert.equal(response.ok, true);
    for (let e = 0; e < numel(response.result.shape); e++) {
      await hover(page, 'out:0', e);
      const highlighted = await page.evaluate(() => whence.highlighted());
      assert.deepEqual(highlighted, sourcesOf(response, 0, e), `sources of out[${e}]`);
      const rel = response.relations.find((r) => r.out[1] === e);
      assert.equal(await page.evaluate(() => whence.equation()), rel.eq, `equation of out[${e}]`);
    }
  });

  test('hovering an input cell highlights every output element it reaches', async () => {
    const response = cliEval(defaultExample);
    const inputs = { 'arg:0': numel(response.result.shape) && 6, 'arg:2': 4 };
    let reachedNone = 0;
    for (const [tensor, count] of Object.entries(inputs)) {
      for (let e = 0; e < count; e++) {
        await hover(page, tensor, e);
        const expected = reachesOf(response, tensor, e);
        if (expected.length === 0) reachedNone++;
        assert.deepEqual(sorted(await page.evaluate(() => whence.highlighted())), sorted(expected), `reach of ${tensor}[${e}]`);
      }
    }
    assert.ok(reachedNone > 0, 'the example has an input element that no output reads');
  });

  test('click pins a cell, arrow keys move it, Esc unpins', async () => {
    const p = await hover(page, 'out:0', 0);
    await page.mouse.click(p.x, p.y);
    await frames(page);
    const box = await page.locator('.whence-widget').boundingBox();
    await page.mouse.move(box.x + box.width - 4, box.y + box.height - 4);  // away from every cell
    await frames(page, 3);
    assert.deepEqual(await page.evaluate(() => whence.selected()), { tensor: 'out:0', element: 0, pinned: true });
    const response = cliEval(defaultExample);
    assert.deepEqual(await page.evaluate(() => whence.highlighted()), sourcesOf(response, 0, 0), 'pinned highlights stay');
    await page.keyboard.press('ArrowRight');
    await frames(page);
    assert.deepEqual(await page.evaluate(() => whence.selected()), { tensor: 'out:0', element: 1, pinned: true });
    await page.keyboard.press('ArrowDown');
    await frames(page);
    assert.deepEqual(await page.evaluate(() => whence.selected()), { tensor: 'out:0', element: 3, pinned: true });
    assert.deepEqual(await page.evaluate(() => whence.highlighted()), sourcesOf(response, 0, 3));
    await page.keyboard.press('Escape');
    await frames(page);
    assert.equal(await page.evaluate(() => whence.selected()), null);
    assert.deepEqual(await page.evaluate(() => whence.highlighted()), []);
  });

  test('screenshots at devicePixelRatio 1', async () => {
    const p = await hover(page, 'out:0', 2);  // out[1][0] = input[1][index[1][0]] = input[1][2] = 6
    await page.mouse.click(p.x, p.y);
    await frames(page);
    const image = await screenshot(page, 'gather-dpr1.png');
    assert.ok(pixelStats(image).distinct > 50, 'the widget is drawn');
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'gather-page-dpr1.png'), fullPage: true });
    await page.keyboard.press('Escape');
  });

  test('typing an out-of-range index shows PyTorch\'s error, keeps the last result and keeps drawing', async () => {
    const before = await page.evaluate(() => whence.getState());
    // Double-click index[0][1] and type 5.
    await typeIntoCell(page, 'arg:2', 1, '5');

    const state = await page.evaluate(() => whence.getState());
    assert.notEqual(state, before, 'the edit reached the call text');
    const error = await page.evaluate(() => whence.error());
    assert.equal(error.type, 'RuntimeError');
    assert.match(error.message, /^index 5 is out of bounds for dimension 1 with size 3$/);
    const oracle = cliEval(state);
    assert.equal(oracle.ok, false);
    assert.deepEqual({ type: error.type, message: error.message }, { type: oracle.error.type, message: oracle.error.message });
    assert.equal(decodeURIComponent((await page.evaluate(() => location.hash)).slice(1)), state, 'the URL hash follows');

    await page.mouse.move(5, 5);
    await frames(page, 3);
    const image = await screenshot(page, 'gather-error-dpr1.png');
    const stats = pixelStats(image, (r, g, b) => r > 170 && g < 90 && b < 100);
    assert.ok(stats.distinct > 50, 'the widget is still drawn');
    assert.ok(stats.matching > 100, 'the error is shown in red');
    await frames(page);  // the app still answers frame requests: it did not abort
    await page.evaluate(() => whence.ready);

    // Fix it by typing again: the error goes, relations come back.
    await typeIntoCell(page, 'arg:2', 1, '2');
    assert.equal(await page.evaluate(() => whence.error()), null);
    assert.deepEqual(await page.evaluate(() => whence.selected()), { tensor: 'arg:2', element: 1, pinned: true },
                     'the edited cell stays pinned');
    await page.keyboard.press('Escape');
    const fixed = cliEval(await page.evaluate(() => whence.getState()));
    await hover(page, 'out:0', 1);
    assert.deepEqual(await page.evaluate(() => whence.highlighted()), sourcesOf(fixed, 0, 1));
  });

  test('changing dim recomputes the output and its relations', async () => {
    const call = 'torch.gather(torch.tensor([[1, 2, 3], [4, 5, 6]]), 0, torch.tensor([[1, 0, 1], [0, 0, 1], [1, 1, 0]]))';
    await page.evaluate((t) => whence.setState(t), call);
    await frames(page, 4);
    assert.equal(await page.evaluate(() => whence.error()), null);
    const response = cliEval(call);
    const n = numel(response.result.shape);
    assert.equal(n, 9);
    assert.equal(await page.evaluate((e) => whence.cellAt('out:0', e), n), null, 'no cell past the end');
    for (let e = 0; e < n; e++) {
      await hover(page, 'out:0', e);
      assert.deepEqual(await page.evaluate(() => whence.highlighted()), sourcesOf(response, 0, e));
      assert.equal(await page.evaluate(() => whence.equation()), response.relations[e].eq);
    }
  });

  test('results above the explain-all limit are explained element by element, and their inputs traced forward', async () => {
    // 50 × 50 = 2500 output elements: explained lazily, on hover (web/state.hpp kExplainAllLimit).
    const call = 'torch.gather(torch.arange(2500).reshape(50, 50), 1, torch.arange(2500).reshape(50, 50) % 7)';
    const response = cliEval(call);
    if (!response.ok) {  // the parser may not know % yet: build the index literally
      const rows = Array.from({ length: 50 }, (_, i) => `[${Array.from({ length: 50 }, (_, j) => (i * 50 + j) % 7).join(', ')}]`);
      return runBig(`torch.gather(torch.arange(2500).reshape(50, 50), 1, torch.tensor([${rows.join(', ')}]))`);
    }
    return runBig(call);
  });

  async function runBig(call) {
    const response = cliEval(call);
    assert.equal(response.ok, true, JSON.stringify(response.error));
    await page.evaluate((t) => whence.setState(t), call);
    await frames(page, 4);
    for (const e of [0, 1, 2, 50, 52]) {  // top-left cells: the rest of this card may be scrolled away
      await hover(page, 'out:0', e);
      assert.deepEqual(await page.evaluate(() => whence.highlighted()), sourcesOf(response, 0, e), `sources of out[${e}]`);
      assert.equal(await page.evaluate(() => whence.equation()), response.relations[e].eq);
    }
    // Inputs are traced forward a slice per frame after the evaluation (web/reach_index.hpp).
    for (let n = 0; n < 600 && !(await page.evaluate(() => whence.traced().known)); n++) await frames(page, 1);
    await hover(page, 'arg:0', 0);
    const reach = reachesOf(response, 'arg:0', 0);
    assert.ok(reach.length > 0, 'input[0][0] is read');
    assert.deepEqual(sorted(await page.evaluate(() => whence.highlighted())), sorted(reach), 'input[0][0] lights what reads it');
    assert.match(await page.evaluate(() => whence.equation()), /^input\[0\]\[0\] = 0  \u2192  out\[0\]\[0\]/);
  }

  test('editing through the controls: dim field, shape buttons, dtype picker, call text', async () => {
    await page.evaluate((t) => whence.setState(t), defaultExample);
    await page.keyboard.press('Escape');
    await frames(page, 3);

    // dim: type 0 into its field. The example's index then reads row 2 of a 2-row input.
    await clickControl(page, 'arg:1', 0.15);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('0');
    await page.keyboard.press('Enter');
    await frames(page, 3);
    let state = await page.evaluate(() => whence.getState());
    assert.match(state, /\]\]\), 0, torch/, 'dim is 0 in the call text');
    const oracle = cliEval(state);
    const error = await page.evaluate(() => whence.error());
    assert.deepEqual({ type: error.type, message: error.message }, { type: oracle.error.type, message: oracle.error.message });
    assert.equal(error.message, 'index 2 is out of bounds for dimension 0 with size 2');

    // Its + button brings dim back to 1: no error, the same relations as the CLI's.
    const dim = await page.evaluate(() => whence.controlRect('arg:1'));
    await page.mouse.click(dim.x + dim.width - 6, dim.y + dim.height / 2);
    await frames(page, 3);
    assert.equal(await page.evaluate(() => whence.error()), null);
    assert.equal(await page.evaluate(() => whence.getState()), cliCall(defaultExample));

    // index: add a column (of zeros) with the + of dim 1; the output grows to 2 × 3.
    await clickControl(page, 'arg:2/dim1+');
    state = await page.evaluate(() => whence.getState());
    let response = cliEval(state);
    assert.equal(response.ok, true);
    assert.deepEqual(response.result.shape, [2, 3]);
    assert.match(state, /torch.tensor\(\[\[0, 2, 0\], \[2, 1, 0\]\]\)\)$/, 'the new column is zeros');
    await hover(page, 'out:0', 5);
    assert.deepEqual(await page.evaluate(() => whence.highlighted()), sourcesOf(response, 0, 5));
    // A third row is one too many for a 2-row input along dim 0: PyTorch's error, on index.
    await clickControl(page, 'arg:2/dim0+');
    const tooTall = await page.evaluate(() => whence.error());
    assert.equal(tooTall.type, 'RuntimeError');
    assert.equal(tooTall.arg, 'index');
    assert.equal(tooTall.message, cliEval(await page.evaluate(() => whence.getState())).error.message);
    await clickControl(page, 'arg:2/dim0-');
    await clickControl(page, 'arg:2/dim1-');
    assert.equal(await page.evaluate(() => whence.getState()), cliCall(defaultExample));

    // input: float32 from the dtype picker.
    await clickControl(page, 'arg:0/dtype');
    await clickControl(page, 'arg:0/dtype:float32');
    state = await page.evaluate(() => whence.getState());
    response = cliEval(state);
    assert.equal(response.result.dtype, 'float32');
    await hover(page, 'out:0', 2);
    assert.equal(await page.evaluate(() => whence.equation()), response.relations[2].eq);

    // The call text: select all, type a new call.
    const typed = 'torch.gather(torch.tensor([7, 8, 9]), 0, torch.tensor([2, 1]))';
    await clickControl(page, 'call');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(typed);
    // A burst of keys reaches ImGui over a few frames (web/input_queue.hpp).
    // Text and error are read in one frame's turn: the error is the typed call's, not an earlier prefix's.
    await page.waitForFunction(async (t) => { await whence.nextFrame(); return whence.getState() === t; }, typed,
                               { timeout: 5000 });
    await frames(page, 2);
    assert.deepEqual(await page.evaluate(() => [whence.getState(), whence.error()]), [typed, null]);
    await hover(page, 'out:0', 0);
    assert.deepEqual(await page.evaluate(() => whence.highlighted()), sourcesOf(cliEval(typed), 0, 0));

    // A typo: the text is kept as typed, the error shows, the grids stay.
    // (In the field's middle, then End: a click 1% from its right edge lands on the Undo button
    // beside it if the page's layout has moved since the field was measured.)
    await clickControl(page, 'call');
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await frames(page, 3);
    assert.equal(await page.evaluate(() => whence.getState()), typed.slice(0, -1));
    assert.equal((await page.evaluate(() => whence.error())).type, 'SyntaxError');
    assert.ok(await page.evaluate(() => whence.cellAt('arg:0', 0)), 'the last call\'s grids stay on screen');
    await page.keyboard.type(')');
    await frames(page, 3);
    assert.equal(await page.evaluate(() => whence.error()), null);
  });

  test('"Copy as PyTorch" puts the call text on the clipboard', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(baseUrl).origin });
    await page.evaluate((t) => whence.setState(t), defaultExample);
    await frames(page, 3);
    await clickControl(page, 'copy');
    const copied = await page.evaluate(async () => {
      for (let i = 0; i < 50; i++) {  // writeText settles asynchronously
        const text = await navigator.clipboard.readText();
        if (text) return text;
        await new Promise((r) => setTimeout(r, 20));
      }
      return '';
    });
    assert.equal(copied, defaultExample);
  });

  test('the wheel scrolls the page over the widget, and a big grid under the mouse', async () => {
    await page.evaluate((t) => whence.setState(t), defaultExample);
    await page.evaluate(() => window.scrollTo(0, 0));
    await frames(page, 3);
    await hover(page, 'arg:0', 0);
    await page.mouse.wheel(0, 200);
    await page.waitForFunction(() => window.scrollY > 0, null, { timeout: 3000 });

    // A 60 × 60 input scrolls inside its card: the page stays where it is.
    await page.evaluate(() => whence.setState('torch.gather(torch.arange(3600).reshape(60, 60), 1, torch.zeros(2, 2, dtype=torch.int64))'));
    await page.evaluate(() => window.scrollTo(0, 0));
    await frames(page, 3);
    const first = await hover(page, 'arg:0', 0);
    await page.mouse.wheel(0, 200);
    await frames(page, 4);
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page did not scroll');
    const after = await page.evaluate(() => whence.cellAt('arg:0', 60 * 3));  // row 3 moved up
    assert.ok(!after || after.y < first.y + 3 * 35, 'the grid scrolled');
    const moved = await page.evaluate(() => whence.cellAt('arg:0', 0));
    assert.ok(!moved || moved.y < first.y, 'row 0 moved up or out of view');
  });

  test('the URL hash carries the call text, across reloads', async () => {
    const call = 'torch.gather(torch.tensor([[10, 20], [30, 40]]), 1, torch.tensor([[1, 1], [0, 1]]))';
    const hashed = await open(context, `${OP_PAGE}#${encodeURIComponent(call)}`);
    assert.equal(await hashed.evaluate(() => whence.getState()), call);
    const other = 'torch.gather(torch.tensor([5, 6, 7]), 0, torch.tensor([2, 2, 0]))';
    await hashed.evaluate((t) => whence.setState(t), other);
    assert.equal(decodeURIComponent((await hashed.evaluate(() => location.hash)).slice(1)), other);
    await hashed.reload();
    await hashed.waitForFunction(() => window.whence);
    await hashed.evaluate(() => whence.ready);
    assert.equal(await hashed.evaluate(() => whence.getState()), other);
    // Editing the hash by hand (hashchange) loads that call.
    await hashed.evaluate((t) => { location.hash = encodeURIComponent(t); }, call);
    await hashed.waitForFunction((t) => whence.getState() === t, call);
    assert.deepEqual(hashed.errors, []);
    await hashed.close();
  });
});

test('embed.html with an empty hash shows the default example', async () => {
  const context = await newContext(1, { width: 900, height: 560 });
  const page = await open(context, 'embed.html');
  assert.equal(await page.evaluate(() => whence.getState()), defaultExample);
  await hover(page, 'out:0', 0);
  assert.deepEqual(await page.evaluate(() => whence.highlighted()), sourcesOf(cliEval(defaultExample), 0, 0));
  const image = await screenshot(page, 'embed-dpr1.png');
  assert.ok(pixelStats(image).distinct > 50);
  assert.deepEqual(page.errors, []);
});

test('embed.js puts the widget into another page, sized to its content', async () => {
  const context = await newContext(1, { width: 760, height: 700 });
  const page = await context.newPage();
  const call = 'torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[0, 0], [1, 0]]))';
  await page.goto(baseUrl + 'index.html');  // any page of the site's origin; its body is replaced
  await page.setContent(`<p>A blog post.</p>
    <div class="whence-embed" data-height="300" data-call="${call}"></div>
    <script src="${baseUrl}embed.js"></script><p>After.</p>`);
  const frame = await (await page.waitForSelector('.whence-embed iframe')).contentFrame();
  await frame.waitForFunction(() => window.whence);
  await frame.evaluate(() => whence.ready);
  assert.equal(await frame.evaluate(() => whence.getState()), call);
  // The iframe grows from 300 px to what the widget needs (the result wraps at this width).
  await page.waitForFunction(() => parseInt(document.querySelector('iframe').style.height, 10) > 300);
  await page.waitForTimeout(200);
  const out = await frame.evaluate(async () => { await whence.nextFrame(); return whence.cellAt('out:0', 3); });
  assert.ok(out, 'the result is on screen inside the iframe');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'embed-in-page-dpr1.png'), fullPage: true });
});

test('screenshots at devicePixelRatio 2 are drawn at full resolution', async () => {
  const context = await newContext(2);
  const page = await open(context, OP_PAGE);
  const canvas = await page.evaluate(() => {
    const c = document.querySelector('canvas');
    return { width: c.width, height: c.height, cssWidth: c.getBoundingClientRect().width };
  });
  assert.equal(canvas.width, Math.round(canvas.cssWidth * 2), 'backing store = CSS size × devicePixelRatio');
  const p = await hover(page, 'out:0', 2);
  await page.mouse.click(p.x, p.y);
  await frames(page);
  const image = await screenshot(page, 'gather-dpr2.png');
  assert.ok(pixelStats(image).distinct > 50);
  assert.deepEqual(page.errors, []);
});

test('without WebGL 2 the page says so instead of drawing', async () => {
  const context = await newContext(1, undefined, ['--disable-webgl2']);
  const page = await context.newPage();
  await page.goto(baseUrl + OP_PAGE);
  const overlay = page.locator('.whence-overlay');
  await overlay.waitFor({ state: 'visible' });
  assert.match(await overlay.innerText(), /WebGL 2/);
  assert.equal(await page.evaluate(() => document.querySelector('.whence-overlay').classList.contains('whence-fatal')), true);
});

test('a lost WebGL context shows a message with a reload button', async () => {
  const context = await newContext(1);
  const page = await open(context, OP_PAGE);
  await page.evaluate(() => document.querySelector('canvas').getContext('webgl2').getExtension('WEBGL_lose_context').loseContext());
  const overlay = page.locator('.whence-overlay');
  await overlay.waitFor({ state: 'visible' });
  assert.match(await overlay.innerText(), /graphics context was lost/);
  assert.equal(await page.locator('.whence-overlay button').innerText(), 'Reload');
  assert.deepEqual(page.errors, []);
});

test('page weight and time to ready', async () => {
  const context = await newContext(1);  // fresh profile: nothing cached
  await context.addInitScript(() => {
    // Catch window.whence as the app defines it, to time its ready promise.
    let value;
    Object.defineProperty(window, 'whence', {
      configurable: true,
      get: () => value,
      set: (v) => { value = v; v.ready.then(() => { window.__whenceReadyAt = performance.now(); }); },
    });
  });
  const page = await context.newPage();
  const bodies = [];
  page.on('response', (response) => bodies.push(response.body().then((b) => ({ url: response.url(), raw: b.length, gzip: zlib.gzipSync(b, { level: 9 }).length })).catch(() => null)));
  await page.goto(baseUrl + OP_PAGE, { waitUntil: 'load' });
  await page.waitForFunction(() => window.__whenceReadyAt);
  const readyMs = await page.evaluate(() => window.__whenceReadyAt);  // since navigation start
  const loaded = (await Promise.all(bodies)).filter(Boolean);
  const total = loaded.reduce((sum, r) => sum + r.gzip, 0);
  for (const r of loaded)
    console.log(`  ${(r.gzip / 1024).toFixed(1).padStart(7)} KB gzip  ${(r.raw / 1024).toFixed(1).padStart(7)} KB raw  ${r.url.replace(baseUrl, '')}`);
  console.log(`  page weight: ${(total / 1024).toFixed(1)} KB gzip (goal <= ${GOAL_GZIP_BYTES / 1024} KB)`);
  console.log(`  navigation to whence.ready: ${readyMs.toFixed(0)} ms (goal <= ${GOAL_READY_MS} ms)`);
  assert.ok(total <= GOAL_GZIP_BYTES, `page weight ${total} B gzip is within ${GOAL_GZIP_BYTES} B`);
  // Time depends on the machine's load; fail only when far off the goal.
  assert.ok(readyMs <= 5 * GOAL_READY_MS, `ready after ${readyMs} ms`);
});
