// modules.test.mjs - the web modules of web/bundles.json, each in the page that loads it: every
// module's page stays within the page budget; every example of the op pages it serves runs in
// it; the families it does not link are refused with a pointer to their own page; an embed
// loads the module its call needs.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import { ROOT, SITE, baseUrl, cli, closeAll, newContext, open, startServer } from './harness.mjs';

const GOAL_GZIP_BYTES = 500 * 1024;  // OPS.md: every page within 500 KB gzipped
const MODULES = JSON.parse(fs.readFileSync(path.join(ROOT, 'web', 'bundles.json'), 'utf8'));
let ops;

before(async () => {
  ops = JSON.parse(cli(['ops']));
  await startServer();
});
after(closeAll);

const familiesOf = (module) => new Set(module.families);

test('every op family has exactly one module for its pages, and that module links it', () => {
  for (const family of new Set(ops.map((op) => op.family))) {
    const serving = MODULES.modules.filter((m) => m.pages.includes(family));
    assert.equal(serving.length, 1, `family ${family} is served by ${serving.length} modules`);
    assert.ok(familiesOf(serving[0]).has(family), `module ${serving[0].name} links family ${family}`);
  }
});

for (const module of MODULES.modules) {
  describe(`module ${module.name}`, () => {
    const served = () => ops.filter((op) => module.pages.includes(op.family));

    test('its page is within the page budget', async () => {
      const context = await newContext(1);
      const page = await context.newPage();
      const bodies = [];
      page.on('response', (response) => bodies.push(response.body().then((b) => ({ url: response.url(), gzip: zlib.gzipSync(b, { level: 9 }).length })).catch(() => null)));
      const first = served()[0].names[0];
      await page.goto(`${baseUrl}op/${first}/index.html`, { waitUntil: 'load' });
      await page.waitForFunction(() => window.whence);
      await page.evaluate(() => whence.ready);
      const loaded = (await Promise.all(bodies)).filter(Boolean);
      assert.ok(loaded.some((r) => r.url.endsWith(`app/whence_${module.name}.wasm`)), `op/${first} loads whence_${module.name}.wasm`);
      const total = loaded.reduce((sum, r) => sum + r.gzip, 0);
      console.log(`  module ${module.name}: op/${first} weighs ${(total / 1024).toFixed(1)} KB gzip (goal <= ${GOAL_GZIP_BYTES / 1024} KB)`);
      assert.ok(total <= GOAL_GZIP_BYTES, `page weight ${total} B gzip is within ${GOAL_GZIP_BYTES} B`);
    });

    test('every example of its pages runs in it; other families are refused with a pointer to their page', async () => {
      const page = await open(await newContext(1), `op/${served()[0].names[0]}/index.html`);
      const evaluate = (codes) => page.evaluate((list) => list.map((code) => JSON.parse(Module.evaluate(JSON.stringify({ id: 1, code })))), codes);
      const examples = served().map((op) => op.example);
      const responses = await evaluate(examples);
      const failing = examples.filter((code, i) => !responses[i].ok).map((code, i) => `${code}: ${JSON.stringify(responses[i].error)}`);
      assert.deepEqual(failing, [], `examples failing in module ${module.name}`);
      assert.ok(examples.length > 0);

      const linked = familiesOf(module);
      const others = ops.filter((op) => !linked.has(op.family));
      const refused = await evaluate(others.map((op) => op.example));
      others.forEach((op, i) => {
        assert.equal(refused[i].ok, false, `${op.names[0]} (family ${op.family}) is not in module ${module.name}`);
        assert.match(refused[i].error.message, /is not in this page's module .* open the page of torch\./, op.example);
      });
    });
  });
}

test('an embed loads the module its call needs', async () => {
  const code = 'torch.sum(torch.arange(6).reshape(2, 3) * 2, dim=1)';
  const page = await open(await newContext(1), 'embed.html#' + encodeURIComponent(code));
  const scripts = await page.evaluate(() => Array.from(document.scripts).map((s) => s.src));
  assert.ok(scripts.some((src) => src.endsWith('app/whence_reduce.js')), scripts.join(' '));
  assert.equal(await page.evaluate(() => whence.getState()), code);
  assert.equal(await page.evaluate(() => whence.error()), null);
});
