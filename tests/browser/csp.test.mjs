// csp.test.mjs - every page of the site carries a Content-Security-Policy that allows scripts
// from the site only (no 'unsafe-inline', no 'unsafe-eval'; 'wasm-unsafe-eval' compiles the
// module), has no inline script or event-handler attribute, and works under it: the home page,
// an op page of each module and the embed page load with no refusal on the console.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { SITE, baseUrl, closeAll, newContext, open, startServer, watchPolicy } from './harness.mjs';

before(startServer);
after(closeAll);

function htmlFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? htmlFiles(p) : e.name.endsWith('.html') ? [p] : [];
  });
}

test('every page has a policy without unsafe-inline or unsafe-eval, and no inline script', () => {
  const pages = htmlFiles(SITE);
  assert.ok(pages.length > 300, `the site has its op pages (${pages.length} pages)`);
  for (const file of pages) {
    const html = fs.readFileSync(file, 'utf8');
    const name = path.relative(SITE, file);
    const meta = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/);
    assert.ok(meta, `${name} has a Content-Security-Policy`);
    const scriptSrc = meta[1].split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
    assert.ok(scriptSrc, `${name}: the policy names script-src`);
    assert.doesNotMatch(scriptSrc, /'unsafe-inline'|'unsafe-eval'|\*/, `${name}: ${scriptSrc}`);
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, `${name} has no inline <script>`);
    assert.doesNotMatch(html, /<[a-z][^>]*\son[a-z]+=/i, `${name} has no inline event handler`);
  }
});

test('the home page, an op page of each module and the embed page work under it', async () => {
  const context = await newContext(1);
  const home = await context.newPage();
  home.errors = [];
  watchPolicy(home);
  await home.goto(baseUrl + 'index.html');
  const shown = await home.evaluate(() => document.querySelector('.embed-base').textContent);
  assert.match(shown, /^http:\/\/127\.0\.0\.1:\d+\/embed\.js$/, 'page.js shows the address of embed.js');
  assert.deepEqual(home.errors, []);
  for (const url of ['op/torch.gather/index.html', 'op/torch.sum/index.html', 'op/torch.matmul/index.html',
                     'embed.html#torch.add(torch.tensor([1, 2]), 3)']) {
    const page = await open(context, url);
    assert.ok(await page.evaluate(() => whence.getState().length > 0), `${url} runs its call`);
    assert.deepEqual(page.errors, [], `${url}: no page error and no policy refusal`);
  }
});
