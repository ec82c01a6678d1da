// blog.test.mjs - the demo post (blog/index.html): its three placeholders become widgets
// through embed.js only as the reader scrolls to them; each runs its call in the theme its
// data-theme asks for (or the page's), and follows the page's toggle live unless it names one.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import { baseUrl, closeAll, newContext, startServer, watchPolicy } from './harness.mjs';

before(startServer);
after(closeAll);

const CALLS = [
  'torch.gather(torch.tensor([[10, 20, 30], [40, 50, 60]]), 1, torch.tensor([[2, 0], [1, 1]]))',
  'torch.sum(torch.tensor([[1, 2, 3], [4, 5, 6]]), dim=1)',
  'torch.matmul(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[5, 6], [7, 8]]))',
];

const mounted = (page) => page.$$eval('.whence-embed', (els) => els.map((el) => !!el.querySelector('iframe')));
const embedFrames = (page) => page.frames().filter((f) => f.url().includes('/embed.html'));

// The widget in the iframe of placeholder i, once it has drawn.
async function widget(page, i) {
  const frame = await (await page.$$('.whence-embed iframe'))[i].contentFrame();
  assert.ok(frame, `placeholder ${i} has its iframe`);
  await frame.waitForFunction(() => window.whence);
  await frame.evaluate(() => whence.ready);
  return frame;
}

test('the three widgets load only as the reader scrolls to them', { timeout: 90_000 }, async () => {
  const context = await newContext(1);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  watchPolicy(page);
  const wasm = [];
  page.on('request', (r) => { if (r.url().endsWith('.wasm')) wasm.push(r.url()); });
  await page.goto(baseUrl + 'blog/index.html');
  await page.waitForLoadState('load');
  await page.waitForTimeout(1500);  // time for anything eager to start

  const placeholders = await page.$$('.whence-embed');
  assert.equal(placeholders.length, 3, 'the post has three placeholders');
  const first = await mounted(page);
  assert.equal(first[2], false, 'the last widget, far below the fold, is not loaded');
  assert.ok(first.filter(Boolean).length < 3, `not every widget loaded up front (${first})`);
  assert.equal(embedFrames(page).length, first.filter(Boolean).length, 'no iframe without its placeholder in view');
  assert.ok(!wasm.some((u) => u.endsWith('whence_contraction.wasm')), 'the matmul widget\'s module is not downloaded yet');

  for (let i = 0; i < 3; i++) {
    await placeholders[i].scrollIntoViewIfNeeded();
    await page.waitForFunction((n) => document.querySelectorAll('.whence-embed')[n].querySelector('iframe'), i);
    const frame = await widget(page, i);
    assert.equal(await frame.evaluate(() => whence.getState()), CALLS[i], `widget ${i} shows its call`);
    assert.equal(await frame.evaluate(() => whence.error()), null);
  }
  assert.deepEqual(await mounted(page), [true, true, true]);
  assert.ok(wasm.some((u) => u.endsWith('whence_contraction.wasm')), 'scrolling to the matmul widget loaded its module');
  assert.deepEqual(page.errors, []);
});

test('widgets follow the page\'s theme unless their data-theme names one', { timeout: 90_000 }, async () => {
  const context = await newContext(1);
  const page = await context.newPage();
  await page.goto(baseUrl + 'blog/index.html');
  await page.click('.theme-toggle [data-theme-choice="light"]');
  const placeholders = await page.$$('.whence-embed');
  const widgets = [];
  for (let i = 0; i < 3; i++) {
    await placeholders[i].scrollIntoViewIfNeeded();
    await page.waitForFunction((n) => document.querySelectorAll('.whence-embed')[n].querySelector('iframe'), i);
    widgets.push(await widget(page, i));
  }
  const themes = () => Promise.all(widgets.map((f) => f.evaluate(async () => { await whence.nextFrame(); return whence.theme(); })));
  assert.deepEqual(await themes(), ['light', 'light', 'dark'], 'the third placeholder says data-theme="dark"');

  await page.click('.theme-toggle [data-theme-choice="dark"]');
  await page.waitForTimeout(200);
  assert.deepEqual(await themes(), ['dark', 'dark', 'dark'], 'the toggle switched the widgets that follow the page');

  await page.click('.theme-toggle [data-theme-choice="light"]');
  await page.$eval('.whence-embed', (el) => el.setAttribute('data-theme', 'dark'));
  await page.waitForTimeout(200);
  assert.deepEqual(await themes(), ['dark', 'light', 'dark'], 'a changed data-theme switches its widget');
});
