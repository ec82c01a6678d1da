// visitor_site.test.mjs - the site as a visitor on a phone and an author embedding it meet it:
// no page kind scrolls sideways at 390 and 360 px; an op page's Embed button copies a snippet
// that, pasted into a page on another origin, shows the same call in the same theme; the home
// search forgives one typo; scripts/serve_site.py (what scripts/serve runs) sends the
// precompressed copies under Content-Encoding.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

import { SITE, baseUrl, closeAll, frames, newContext, startServer, startSiteServer } from './harness.mjs';

let phone;
before(async () => {
  await startServer();
  phone = await newContext(1, { width: 390, height: 844 });
});
after(closeAll);

// What sticks out to the right of the viewport (elements inside a box that scrolls are fine).
const overflow = (page) => page.evaluate(() => {
  const width = window.innerWidth;
  const out = [];
  if (document.documentElement.scrollWidth > width) {
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= width + 0.5) continue;
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (/(auto|scroll|hidden)/.test(s.overflowX) && p.getBoundingClientRect().right <= width + 0.5) { clipped = true; break; }
      }
      if (!clipped) out.push(`${el.tagName.toLowerCase()}.${el.className} right ${Math.round(r.right)}`);
      if (out.length >= 4) break;
    }
  }
  return { scrollWidth: document.documentElement.scrollWidth, width, out };
});

// Every kind of page, with what it waits for before it is measured.
const PAGES = [
  ['home', 'index.html', null],
  ['op page', 'op/torch.nn.functional.conv_transpose2d/index.html', 'widget'],
  ['alias page', 'op/torch.absolute/index.html', 'alias'],
  ['blog', 'blog/index.html', null],
  ['pitfalls', 'pitfalls/index.html', null],
  ['program', 'program/index.html', 'program'],
  ['embed', 'embed.html', 'widget'],
  ['bench', 'bench/index.html', null],
];

for (const [kind, url, wait] of PAGES) {
  test(`${kind}: no sideways scroll at 390 and 360 px`, async () => {
    const page = await phone.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route('**/*.wasm', (route) => (wait === 'widget' || wait === 'program' ? route.continue() : route.abort()));
    await page.goto(baseUrl + url);
    if (wait === 'widget') {
      await page.waitForFunction(() => window.whence);
      await page.evaluate(() => whence.ready);
      await frames(page, 3);
    } else if (wait === 'alias') {
      await page.waitForURL(/op\/torch\.abs\/index\.html/);
    } else if (wait === 'program') {
      await page.waitForFunction(() => window.whenceProgram && window.whenceProgram.response);
    }
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const o = await overflow(page);
      assert.ok(o.scrollWidth <= o.width, `${url} at ${width} px is ${o.scrollWidth} px wide: ${o.out.join('; ')}`);
    }
    // No page error: a page-filling widget whose backing store is the screen's size (embed.html
    // here, at pixel ratio 1) resizes its canvas like any other; Emscripten 3.1.6's
    // glfwSetWindowSize asked for fullscreen and pointer lock there instead (web/interop.hpp
    // resize_canvas).
    if (kind !== 'home' && kind !== 'blog' && kind !== 'alias page' && kind !== 'bench' && kind !== 'pitfalls')
      assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('the header nav keeps every link on screen at 360 px', async () => {
  const page = await phone.newPage();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.route('**/*.wasm', (route) => route.abort());
  await page.goto(baseUrl + 'pitfalls/index.html');
  const rights = await page.$$eval('.site-header nav a', (as) => as.map((a) => a.getBoundingClientRect().right));
  assert.ok(rights.length >= 5 && rights.every((r) => r <= 360), rights.join(', '));
  await page.close();
});

test("an op page's Embed button copies a snippet that shows the same call, in the page's theme, elsewhere", async () => {
  const context = await newContext(1, { width: 1100, height: 900 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl.replace(/\/$/, '') });
  const call = 'torch.add(torch.tensor([[1, 2], [3, 4]]), torch.tensor([10, 20]), alpha=2)';
  const page = await context.newPage();
  await page.goto(`${baseUrl}op/torch.add/index.html#${encodeURIComponent(call)}`);
  await page.waitForFunction(() => window.whence);
  await page.evaluate(() => whence.ready);
  await frames(page, 3);
  const shown = await page.evaluate(() => whence.getState());
  await page.click('.theme-toggle [data-theme-choice="dark"]');

  const button = page.locator('.meta button.copy-snippet');
  assert.equal(await button.textContent(), 'Embed');
  await button.click();
  await page.waitForFunction(() => document.querySelector('.meta button.copy-snippet').textContent === 'Copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, await page.locator('#embed-snippet').textContent(), 'the snippet shown is the one copied');
  assert.match(copied, /data-theme="dark"/);
  assert.match(copied, /data-height="\d+"/);
  assert.match(copied, new RegExp(`<script src="${baseUrl}embed\\.js" async></script>$`));
  await page.waitForFunction(() => document.querySelector('.meta button.copy-snippet').textContent === 'Embed',
                             null, { timeout: 4000 });

  // A post on another origin (a second server on another port) with the snippet pasted in.
  const other = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><html><body><h1>A post</h1>\n${copied}\n</body></html>`);
  });
  await new Promise((resolve) => other.listen(0, '127.0.0.1', resolve));
  const post = await context.newPage();
  await post.goto(`http://127.0.0.1:${other.address().port}/a-post.html`);
  const frame = await (await post.waitForSelector('.whence-embed iframe')).contentFrame();
  await frame.waitForFunction(() => window.whence);
  await frame.evaluate(() => whence.ready);
  assert.equal(await frame.evaluate(() => whence.getState()), shown);
  assert.equal(await frame.evaluate(() => whence.theme()), 'dark');
  await post.close();
  other.close();
  await page.close();
});

test('the home search finds softmax for "softmx", after the exact and prefix matches', async () => {
  const page = await phone.newPage();
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.route('**/app/**', (route) => route.abort());
  await page.goto(baseUrl + 'index.html');
  const visible = () => page.$$eval('.op-list li', (lis) => lis.filter((li) => !li.hidden).map((li) => li.querySelector('.name').textContent));
  await page.fill('#op-search', 'softmx');
  const typo = await visible();
  assert.ok(typo.includes('torch.softmax'), typo.join(' '));
  await page.fill('#op-search', 'sum');  // torch.sum first among the reductions, then sums by prefix
  const reduce = await page.$$eval('#family-reduce .op-list li', (lis) => lis.filter((li) => !li.hidden).map((li) => li.querySelector('.name').textContent));
  assert.equal(reduce[0], 'torch.sum', reduce.join(' '));
  await page.fill('#op-search', 'zzqx');
  assert.deepEqual(await visible(), []);
  await page.close();
});

// --- scripts/serve_site.py ----------------------------------------------------------------------

function get(port, url, encoding) {
  return new Promise((resolve, reject) => {
    const headers = encoding === undefined ? {} : { 'Accept-Encoding': encoding };
    http.get({ host: '127.0.0.1', port, path: '/' + url, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, status: res.statusCode, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

test('scripts/serve_site.py sends .gz and .br copies under Content-Encoding, with Vary', async () => {
  const server = await startSiteServer();
  const port = server.port;
  try {
    const html = fs.readFileSync(path.join(SITE, 'index.html'));
    const gz = await get(port, 'index.html', 'gzip, deflate');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.match(gz.headers['content-type'], /^text\/html/);
    assert.equal(gz.headers.vary, 'Accept-Encoding');
    assert.equal(Number(gz.headers['content-length']), gz.body.length);
    assert.ok(zlib.gunzipSync(gz.body).equals(html));
    assert.ok(gz.body.length < html.length / 4, `${gz.body.length} of ${html.length} bytes`);

    const dir = await get(port, '', 'gzip');  // a folder's index.html
    assert.equal(dir.headers['content-encoding'], 'gzip');

    const plain = await get(port, 'index.html');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.headers.vary, 'Accept-Encoding');
    assert.ok(plain.body.equals(html));
    const refused = await get(port, 'index.html', 'gzip;q=0, identity');
    assert.equal(refused.headers['content-encoding'], undefined);

    const wasm = fs.readdirSync(path.join(SITE, 'app')).find((f) => f.endsWith('.wasm'));
    const raw = fs.readFileSync(path.join(SITE, 'app', wasm));
    const hasBr = fs.existsSync(path.join(SITE, 'app', wasm + '.br'));
    const best = await get(port, 'app/' + wasm, 'gzip, deflate, br');
    assert.equal(best.headers['content-type'], 'application/wasm');
    assert.equal(best.headers['content-encoding'], hasBr ? 'br' : 'gzip');
    assert.ok((hasBr ? zlib.brotliDecompressSync(best.body) : zlib.gunzipSync(best.body)).equals(raw));
  } finally {
    server.kill();
  }
});
