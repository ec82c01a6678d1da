// recovery.test.mjs - the page never goes blank: a WebAssembly trap restarts what trapped.
//
// The trap is forced with the modules' test-only hook (web/README.md, "Forcing a trap"):
// Module.debugTrap() makes the widget's next evaluation of a call trap (web/app.cpp), and
// whenceProgram.debugTrap() makes the program worker's next evaluate trap (web/programs.cpp).
//
// The widget (the torch.gather page): a call typed into the call field traps; the widget reloads
// itself with the last call drawn, shows the error and the call typed, and works (hover lights
// what the CLI explains). A trap in a window.whence call does the same; the restored call
// trapping again falls back to the op's example, and that trapping too shows the failure with
// Reload. An embedded widget restarts within its iframe. The program page: a program typed traps in the worker; the page says so, runs the last
// program that ran in a fresh worker (its steps, traces), keeps the editor's text, and the next
// edit runs as usual.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { ARTIFACTS, baseUrl, cli, cliEval, clickControl, closeAll, frames, hover, newContext, open, setState, sourcesOf,
         startServer, watchPolicy } from './harness.mjs';

before(startServer);
after(closeAll);

const OP_PAGE = 'op/torch.gather/index.html';
const GOOD = 'torch.gather(torch.tensor([[1, 2], [3, 4]]), 1, torch.tensor([[0, 0], [1, 0]]))';
const unreachable = /RuntimeError: unreachable/;

const hashText = (page) => page.evaluate(() => decodeURIComponent(location.hash.slice(1)));

// After a restart (a reload of the page): the notice, once the widget is ready again.
async function restarted(page) {
  await page.waitForSelector('.whence-notice', { timeout: 20000 });
  await page.waitForFunction(() => window.whence && window.whence.ready);
  await page.evaluate(() => whence.ready);
  await frames(page, 3);
  return {
    text: await page.locator('.whence-notice p').textContent(),
    call: await page.locator('.whence-notice .whence-notice-call').textContent(),
  };
}

test('the widget restarts with the last call that worked after a trap, keeping the call typed', async () => {
  const context = await newContext(1);
  const page = await open(context, OP_PAGE);
  const example = await page.evaluate(() => whence.getState());
  await setState(page, GOOD);
  fs.mkdirSync(ARTIFACTS, { recursive: true });

  // A call typed into the call field traps (in the frame loop).
  await page.evaluate(() => Module.debugTrap());
  await clickControl(page, 'call');
  await page.keyboard.press('End');  // the caret at the end
  await page.keyboard.press('Backspace');
  const typed = GOOD.slice(0, -1);
  let notice = await restarted(page);
  assert.match(notice.text, unreachable);
  assert.match(notice.text, /^Whence stopped on this call \(RuntimeError: unreachable\) and restarted with the last call that worked\.$/);
  assert.equal(notice.call, typed, 'the call typed is shown');
  assert.equal(await page.evaluate(() => whence.getState()), GOOD, 'the last call that worked is back');
  assert.equal(await hashText(page), GOOD);
  assert.equal(await page.evaluate(() => whence.error()), null);
  await page.locator('.whence-widget').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, 'recovery-widget.png') });
  // It works: hovering lights what the CLI explains, with the notice up and after Dismiss.
  await hover(page, 'out:0', 1);
  assert.deepEqual(await page.evaluate(() => whence.highlighted()), sourcesOf(cliEval(GOOD), 0, 1));
  await page.click('.whence-notice button');
  assert.equal(await page.locator('.whence-notice').count(), 0, 'Dismiss removes the notice');
  await hover(page, 'out:0', 2);
  assert.deepEqual(await page.evaluate(() => whence.highlighted()), sourcesOf(cliEval(GOOD), 0, 2));

  // A trap in a window.whence call (it aborts the runtime) on the restored call itself: the
  // op's example is next.
  await page.evaluate(() => Module.debugTrap());
  await page.evaluate((t) => setTimeout(() => { try { whence.setState(t); } catch (e) { /* restarting */ } }), GOOD);
  notice = await restarted(page);
  assert.match(notice.text, /^Whence stopped on this call \(RuntimeError: unreachable\) and restarted with this op's example\.$/);
  assert.equal(notice.call, GOOD);
  assert.equal(await page.evaluate(() => whence.getState()), example);
  await hover(page, 'out:0', 0);
  assert.deepEqual(await page.evaluate(() => whence.highlighted()), sourcesOf(cliEval(example), 0, 0));

  // The example trapping too: no more restarts; the failure stays, with Reload.
  await page.evaluate(() => Module.debugTrap());
  await page.evaluate((t) => setTimeout(() => { try { whence.setState(t); } catch (e) { /* stopped */ } }), example);
  await page.waitForSelector('.whence-overlay.whence-fatal', { timeout: 10000 });
  assert.match(await page.locator('.whence-overlay .whence-error').textContent(),
               /^Whence stopped unexpectedly \(RuntimeError: unreachable\), again after restarting with this op's example\.$/);
  await page.click('.whence-overlay button');  // Reload
  await page.waitForFunction(() => window.whence && document.querySelector('.whence-overlay').hidden, null, { timeout: 20000 });
  await frames(page, 3);
  assert.equal(await page.evaluate(() => whence.getState()), example);
  assert.equal(await page.locator('.whence-notice').count(), 0);

  // The traps in the frame loop reach the window uncaught; nothing else went wrong.
  assert.deepEqual(page.errors.filter((e) => !unreachable.test(e) && !/^unreachable$/.test(e)), []);
});

test('an embedded widget restarts in its iframe: the embedding page stays', async () => {
  const context = await newContext(1);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  watchPolicy(page);
  await page.goto(baseUrl + 'blog/index.html');
  await page.evaluate(() => { window.notReloaded = true; });
  await page.waitForFunction(() => document.querySelector('.whence-embed iframe'));
  const frame = await (await page.$('.whence-embed iframe')).contentFrame();
  await frame.waitForFunction(() => window.whence);
  await frame.evaluate(() => whence.ready);
  const embedded = await frame.evaluate(() => whence.getState());
  const heightBefore = await page.locator('.whence-embed iframe').evaluate((f) => f.getBoundingClientRect().height);
  await frame.evaluate(() => Module.debugTrap());
  await frame.evaluate((t) => setTimeout(() => { try { whence.setState(t); } catch (e) { /* restarting */ } }), GOOD);
  await frame.waitForSelector('.whence-notice', { timeout: 20000 });
  await frame.evaluate(() => whence.ready);
  assert.equal(await frame.locator('.whence-notice .whence-notice-call').textContent(), GOOD);
  assert.equal(await frame.evaluate(() => whence.getState()), embedded, 'the embed\'s call is back');
  assert.equal(await page.evaluate(() => window.notReloaded), true, 'the blog page was not reloaded');
  // The iframe grows by the notice's height (embed.js follows the height the widget posts).
  await page.waitForFunction((h) => document.querySelector('.whence-embed iframe').getBoundingClientRect().height > h,
                             heightBefore);
  assert.deepEqual(page.errors, []);
});

function run(program, extra = {}) {
  return JSON.parse(cli(['eval'], JSON.stringify({ id: 1, program, ...extra }) + '\n').trim());
}

test('the program page restarts its worker after a trap and shows the last program that ran', async () => {
  const context = await newContext(1, { width: 1200, height: 800 });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  watchPolicy(page);
  const good = 'x = torch.arange(6.).reshape(2, 3)\ny = x.t()';
  await page.goto(baseUrl + 'program/index.html#' + encodeURIComponent(good));
  await page.waitForFunction((t) => window.whenceProgram && window.whenceProgram.response && window.whenceProgram.shown === t, good);

  // The next evaluation in the worker traps: the program typed.
  await page.evaluate(() => whenceProgram.debugTrap());
  const typed = good + '\nz = y + 1';
  await page.fill('#program-editor', typed);
  await page.waitForFunction(() => whenceProgram.restarts === 1 && whenceProgram.response !== null, null, { timeout: 20000 });
  assert.equal(await page.locator('#program-notice').isVisible(), true);
  assert.match(await page.locator('#program-notice p').textContent(),
               /^Whence stopped on this program \(RuntimeError: unreachable\) and restarted; the last program that ran is shown\.$/);
  assert.equal(await page.evaluate(() => whenceProgram.shown), good);
  assert.equal(await page.inputValue('#program-editor'), typed, 'the editor keeps what was typed');
  const codes = (await page.locator('#program-steps details.step summary').allTextContents()).map((t) => t.replace(/^\d+/, ''));
  assert.deepEqual(codes, good.split('\n'), 'the last good program\'s steps');
  assert.equal(await hashText(page), good);
  assert.ok(Number.isInteger(await page.evaluate(() => whenceProgram.response.session)), 'a fresh session');
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, 'recovery-program.png') });

  // Traces work from the fresh worker's session.
  await page.locator('td[data-cell="2:y:1"]').hover();
  await page.waitForFunction(() => whenceProgram.pending === 0);
  const r = run(good, { trace: { name: 'y', element: 1, line: 2 } });
  const want = r.trace.filter((c) => c.name).map((c) => `${c.line}:${c.name}:${c.element}`).filter((k) => k !== '2:y:1').sort();
  const lit = await page.locator('#program-steps td.source').evaluateAll((tds) => tds.map((td) => td.dataset.cell).sort());
  assert.deepEqual(lit, want);

  // The next edit runs as usual; the notice goes.
  const next = good + '\nz = y * 2';
  await page.fill('#program-editor', next);
  await page.waitForFunction((t) => whenceProgram.shown === t, next);
  assert.equal(await page.locator('#program-steps details.step').count(), 3);
  assert.equal(await page.locator('#program-notice').isVisible(), false);
  assert.equal(await page.evaluate(() => whenceProgram.restarts), 1);
  assert.equal(await hashText(page), next);
  assert.deepEqual(page.errors, []);
});
