import { after, before, test } from 'node:test';
import fs from 'node:fs';
import { baseUrl, closeAll, frames, newContext, startServer } from './harness.mjs';
before(startServer);
after(closeAll);
test('perf gpu', { timeout: 600000 }, async () => {
  const ctx = await newContext(1);
  const page = await ctx.newPage();
  await page.goto(baseUrl + 'op/torch.gather/index.html');
  await page.waitForFunction(() => window.whence);
  await page.evaluate(() => whence.ready);
  await frames(page, 5);
  fs.writeFileSync('/tmp/probe/go', '1');
  while (!fs.existsSync('/tmp/probe/started')) await new Promise((r) => setTimeout(r, 100));
  await frames(page, 150);
  fs.writeFileSync('/tmp/probe/done', '1');
});
