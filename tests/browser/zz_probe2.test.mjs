import { after, before, test } from 'node:test';
import { baseUrl, closeAll, frames, newContext, startServer } from './harness.mjs';
before(startServer);
after(closeAll);
test('gl calls', { timeout: 600000 }, async () => {
  const ctx = await newContext(1);
  await ctx.addInitScript(() => {
    window.glc = {};
    const P = WebGL2RenderingContext.prototype;
    for (const k of Object.getOwnPropertyNames(P)) {
      const d = Object.getOwnPropertyDescriptor(P, k);
      if (typeof d.value !== 'function') continue;
      const f = d.value;
      P[k] = function (...a) { window.glc[k] = (window.glc[k] || 0) + 1; if (k === 'drawElements') window.glc.indices = (window.glc.indices || 0) + a[1]; if (k === 'bufferSubData') window.glc.bytes5 = (window.glc.bytes5 || 0) + (a[4] || 0); if (k === 'bufferData' || k === 'bufferSubData') window.glc[k + '_bytes'] = (window.glc[k + '_bytes'] || 0) + (a[1]?.byteLength || a[2]?.byteLength || 0); return f.apply(this, a); };
    }
  });
  for (const url of ['op/torch.gather/index.html', 'op/torch.nn.functional.conv2d/index.html']) {
    const page = await ctx.newPage();
    await page.goto(baseUrl + url);
    await page.waitForFunction(() => window.whence);
    await page.evaluate(() => whence.ready);
    await frames(page, 5);
    await page.evaluate(() => { window.glc = {}; });
    await frames(page, 10);
    const c = await page.evaluate(() => window.glc);
    const cv = await page.evaluate(() => { const c = document.querySelector('canvas'); return [c.width, c.height]; });
    console.log(url, JSON.stringify(cv), JSON.stringify(Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v / 10]))));
  }
});
