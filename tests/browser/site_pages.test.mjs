// site_pages.test.mjs - the site's pages around the widget: the home page's op search (by name,
// by alias, by a word of the summary; ?q= fills it in; an empty result says so), an alias's
// page sending the reader to the op's own page with the call kept, and an op page's "More
// examples" loading into its widget.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { SITE, baseUrl, cli, closeAll, newContext, open, startServer } from './harness.mjs';

let context, ops;
before(async () => {
  ops = JSON.parse(cli(['ops']));
  await startServer();
  context = await newContext(1, { width: 1100, height: 900 });
});
after(closeAll);

test('every op page offers more examples; each runs in the CLI as PyTorch did, or raises the error its tag names', () => {
  const requests = [], expected = [];
  for (const op of ops) {
    const text = fs.readFileSync(path.join(SITE, 'op', op.names[0], 'index.html'), 'utf8');
    const links = [...text.matchAll(/<li><a href="#([^"]*)"( class="example-error")?><code>.*?<\/code>(?:<span class="tag tag-error">PyTorch raises (\w+)<\/span>)?/g)];
    assert.ok(links.length >= 3, `${op.names[0]} has ${links.length} examples`);
    for (const [, hash, isError, type] of links) {
      const code = decodeURIComponent(hash.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'"));
      requests.push(JSON.stringify({ id: requests.length, code }));
      expected.push({ page: op.names[0], code, error: isError ? type : null });
    }
  }
  const responses = cli(['eval'], requests.join('\n') + '\n').trim().split('\n').map((line) => JSON.parse(line));
  assert.equal(responses.length, expected.length);
  const wrong = expected.filter((e, i) => (e.error === null) !== responses[i].ok ||
                                          (e.error !== null && responses[i].error.type !== e.error));
  assert.deepEqual(wrong, []);
});

// The gallery's visible op names and the count line.
async function shown(page) {
  return page.evaluate(() => ({
    names: Array.from(document.querySelectorAll('.op-list li')).filter((li) => li.offsetParent !== null)
      .map((li) => li.querySelector('.name').textContent),
    count: document.getElementById('op-count').textContent,
    empty: document.querySelector('.op-empty').hidden ? null : document.querySelector('.op-empty').textContent,
  }));
}

// The search is plain DOM: it works with no WebAssembly at all (none is served to it here).
async function pageWithoutWasm() {
  const page = await context.newPage();
  await page.route('**/app/**', (route) => route.abort());
  return page;
}

test('the home search filters the gallery by name, alias and summary as you type', async () => {
  const page = await pageWithoutWasm();
  await page.goto(baseUrl + 'index.html');
  const all = await shown(page);
  assert.equal(all.names.length, ops.length, 'every op is listed');
  assert.equal(all.count, `${ops.length} of ${ops.length} ops`);

  await page.keyboard.press('/');  // focuses the box
  await page.keyboard.type('gather');
  const byName = await shown(page);
  const expected = ops.filter((op) => [...op.names, op.summary].join(' ').toLowerCase().includes('gather'));
  assert.deepEqual(byName.names.sort(), expected.map((op) => op.names[0]).sort());
  assert.ok(byName.names.includes('torch.gather'));
  assert.equal(byName.count, `${expected.length} of ${ops.length} ops`);

  await page.fill('#op-search', 'absolute');  // an alias of torch.abs, and a word of summaries
  const byAlias = await shown(page);
  assert.ok(byAlias.names.includes('torch.abs'), byAlias.names.join(' '));
  assert.ok(byAlias.names.length < 10, byAlias.names.join(' '));

  await page.fill('#op-search', 'flattened');  // only in summaries
  const bySummary = await shown(page);
  const inSummary = ops.filter((op) => op.summary.toLowerCase().includes('flattened')).map((op) => op.names[0]);
  assert.ok(inSummary.length > 0);
  assert.deepEqual(bySummary.names.sort(), inSummary.sort());

  await page.fill('#op-search', 'zzqx');
  const none = await shown(page);
  assert.deepEqual(none.names, []);
  assert.equal(none.count, `0 of ${ops.length} ops`);
  assert.match(none.empty, /No op matches .zzqx./);

  await page.route('**/op/**', (route) => route.fulfill({ contentType: 'text/html', body: 'the op page' }));
  await page.fill('#op-search', 'index_select');  // one match: Enter opens it
  await page.press('#op-search', 'Enter');
  await page.waitForURL(/op\/torch\.index_select\/index\.html$/, { waitUntil: 'commit' });
  await page.close();
});

test('index.html?q= fills in the search', async () => {
  const page = await pageWithoutWasm();
  await page.goto(baseUrl + 'index.html?q=take_along');
  assert.equal(await page.inputValue('#op-search'), 'take_along');
  const result = await shown(page);
  assert.deepEqual(result.names, ['torch.take_along_dim']);
  assert.equal(result.count, `1 of ${ops.length} ops`);
  await page.close();
});

test("an alias's page sends the reader to the op's page, keeping the call", async () => {
  const alias = ops.find((op) => op.names[0] === 'torch.abs').names.find((n) => n === 'torch.absolute');
  assert.ok(alias);
  const page = await pageWithoutWasm();
  const call = 'torch.abs(torch.tensor([-1, 2]))';
  await page.goto(`${baseUrl}op/${alias}/index.html#${encodeURIComponent(call)}`);
  await page.waitForURL(/op\/torch\.abs\/index\.html#/);
  assert.equal(decodeURIComponent(new URL(page.url()).hash.slice(1)), call);
  // Without JavaScript, the meta refresh and a visible link lead to the same page.
  const html = await (await fetch(`${baseUrl}op/${alias}/index.html`)).text();
  assert.match(html, /<meta http-equiv="refresh" content="0; url=..\/torch\.abs\/index\.html">/);
  assert.match(html, /<link rel="canonical" href="..\/torch\.abs\/index\.html">/);
  assert.match(html, /<a href="..\/torch\.abs\/index\.html">torch\.abs<\/a>/);
  await page.close();
});

test('clicking one of "More examples" loads it into the widget', async () => {
  const page = await open(context, 'op/torch.gather/index.html');
  const links = await page.$$('.example-list a');
  assert.ok(links.length >= 4 && links.length <= 6, `${links.length} examples`);
  const before = await page.evaluate(() => whence.getState());
  const code = await links[1].evaluate((a) => a.querySelector('code').textContent);
  assert.notEqual(code, before);
  await links[1].click();
  await page.waitForFunction((t) => whence.getState() === t, code);
  assert.equal(await page.evaluate(() => whence.error()), null);
  // The error example is marked as one, and shows PyTorch's error in the widget.
  const error = await page.$('.example-list a.example-error');
  assert.ok(error, 'gather has an error example');
  await error.click();
  await page.waitForFunction(() => whence.error() !== null);
  assert.deepEqual(page.errors, []);
  await page.close();
});
