// loading.test.mjs - the widget's loading (site/widget.js): byte progress of the .wasm against
// its Content-Length while it downloads (its decoded size when it comes compressed); a failed download (an HTTP error, a network error) or
// a file that does not compile says which, and its Retry loads the widget without reloading
// the page; without WebGL 2 the page says so, keeps its text and downloads no module.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { SITE, baseUrl, closeAll, frames, newContext, screenshot, startServer, startSiteServer } from './harness.mjs';

before(startServer);
after(closeAll);

const OP = 'op/torch.gather/index.html';
const WASM = '**/app/whence_tensors.wasm';
const wasmBytes = () => fs.statSync(path.join(SITE, 'app', 'whence_tensors.wasm')).size;

// Samples the progress bar every time the document changes, from before it is parsed.
const recordProgress = () => {
  window.progressSeen = [];
  new MutationObserver(() => {
    const bar = document.querySelector('.whence-overlay .whence-progress');
    if (bar && bar.hasAttribute('value'))
      window.progressSeen.push({ value: bar.value, max: bar.max, text: bar.parentNode.textContent });
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
};

async function pageWithFailures(failures) {
  const context = await newContext(1);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  let served = 0;
  await page.route(WASM, async (route) => {
    const failure = failures[served++];
    if (!failure) return route.continue();
    return failure(route);
  });
  await page.goto(baseUrl + OP);
  return page;
}

async function expectFailureThenRetry(page, pattern) {
  await page.waitForSelector('.whence-overlay.whence-fatal .whence-retry');
  const message = await page.textContent('.whence-overlay');
  assert.match(message, pattern);
  await screenshot(page, `loading-failed-${pattern.source.replace(/\W+/g, '-')}.png`);
  assert.equal(await page.textContent('.whence-retry'), 'Retry');
  await page.evaluate(() => { window.beforeRetry = true; });  // a reload would lose it
  await page.click('.whence-retry');
  await page.evaluate(() => whence.ready);
  await frames(page, 2);
  assert.equal(await page.isVisible('.whence-overlay'), false, 'the overlay is gone once the widget draws');
  assert.ok((await page.evaluate(() => whence.getState())).startsWith('torch.gather('));
  assert.equal(await page.evaluate(() => window.beforeRetry), true, 'Retry did not reload the page');
  assert.deepEqual(page.errors, []);
}

// Loads the gather page from `site` over a slow line and checks the progress bar counts the
// decoded .wasm's bytes toward its size; `encoding`: the Content-Encoding the .wasm must come with.
async function checkProgress(site, throughput, encoding) {
  const context = await newContext(1);
  await context.addInitScript(recordProgress);
  const page = await context.newPage();
  // A slow line, so that the download takes a while (localhost delivers it in one go).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 10, downloadThroughput: throughput, uploadThroughput: throughput });
  const wasmResponse = page.waitForResponse((r) => r.url().endsWith('/app/whence_tensors.wasm'));
  await page.goto(site + OP);
  assert.equal((await wasmResponse).headers()['content-encoding'], encoding, 'the .wasm came with that encoding');
  await page.waitForFunction(() => window.progressSeen.length >= 2);
  await screenshot(page, `loading-progress${encoding ? '-' + encoding : ''}.png`);
  await page.waitForFunction(() => window.whence);
  await page.evaluate(() => whence.ready);
  const seen = await page.evaluate(() => window.progressSeen);
  const total = wasmBytes();
  assert.ok(seen.length >= 4, `progress was updated while downloading (${seen.length} updates)`);
  for (const s of seen) assert.equal(s.max, total, 'the bar counts toward the decoded size');
  assert.ok(seen.some((s) => s.value > 0 && s.value < total), 'some update shows a part of the file');
  for (let i = 1; i < seen.length; i++) assert.ok(seen[i].value >= seen[i - 1].value, 'progress never goes back');
  const mb = (total / 1048576).toFixed(1);
  assert.ok(seen.every((s) => new RegExp(`^Downloading Whence…\\d+\\.\\d MB of ${mb} MB \\(\\d+%\\)$`).test(s.text)),
            `the overlay says how much of ${mb} MB arrived: ${seen[0].text}`);
}

test('the download shows byte progress against Content-Length', { timeout: 90_000 }, async () => {
  await checkProgress(baseUrl, 5e5, undefined);
});

// Under a Content-Encoding, Content-Length counts the compressed bytes: the total is the decoded
// size scripts/build_site writes into widget.js. scripts/serve_site.py (what scripts/serve runs)
// sends the .br copy.
test('a compressed download shows byte progress against the decoded size', { timeout: 90_000 }, async () => {
  const server = await startSiteServer();
  try {
    await checkProgress(`http://127.0.0.1:${server.port}/`, 1.5e5, 'br');
  } finally {
    server.kill();
  }
});

test('an HTTP error says its status, and Retry recovers without a reload', { timeout: 90_000 }, async () => {
  const page = await pageWithFailures([(route) => route.fulfill({ status: 503, body: 'busy' })]);
  await expectFailureThenRetry(page, /HTTP 503/);
});

test('a network error says so, and Retry recovers', { timeout: 90_000 }, async () => {
  const page = await pageWithFailures([(route) => route.abort('internetdisconnected')]);
  await expectFailureThenRetry(page, /network error/);
});

test('a file that does not compile says so, and Retry recovers', { timeout: 90_000 }, async () => {
  const page = await pageWithFailures([(route) => route.fulfill({ status: 200, contentType: 'application/wasm',
                                                                   body: Buffer.from('not a wasm module') })]);
  await expectFailureThenRetry(page, /could not be compiled/);
});

test('without WebGL 2 the page says so, keeps its text and loads no module', { timeout: 90_000 }, async () => {
  const context = await newContext(1);
  await context.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function(type, ...rest) {
      return type === 'webgl2' ? null : getContext.call(this, type, ...rest);
    };
  });
  const page = await context.newPage();
  const requested = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto(baseUrl + OP);
  await page.waitForSelector('.whence-overlay.whence-fatal');
  assert.match(await page.textContent('.whence-overlay'), /WebGL 2/);
  assert.ok(await page.isVisible('.lead'), 'the summary is shown');
  assert.ok(await page.isVisible('.note'), 'the note is shown');
  const box = await page.locator('.whence-widget').boundingBox();
  assert.ok(box.height < 300, `the widget box shrinks to its message (${box.height}px)`);
  assert.deepEqual(requested.filter((u) => /\/app\//.test(u)), [], 'no module is downloaded');
});
