import { after, before, test } from 'node:test';
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { baseUrl, closeAll, frames, startServer } from './harness.mjs';
before(startServer);
after(closeAll);
function chromeCpu(kind) {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('chromium')) continue;
      const t = (cmd.match(/--type=([a-z-]+)/) || [0, 'browser'])[1];
      if (kind && t !== kind) continue;
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      total += (+f[11] + +f[12] + +f[13] + +f[14]) / 100;
    } catch {}
  }
  return total;
}
const args = (process.env.PROBE_ARGS || '').split(' ').filter(Boolean);
async function open(browser, url) {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(baseUrl + url);
  await page.waitForFunction(() => window.whence);
  await page.evaluate(() => whence.ready);
  await frames(page, 3);
  return [ctx, page];
}
test('probe ' + args.join(' '), { timeout: 600000 }, async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args, headless: true });
  const [c0ctx] = await open(browser, 'op/torch.gather/index.html'); await c0ctx.close();
  const c0 = chromeCpu(); const t0 = Date.now();
  for (let i = 0; i < 6; i++) { const [ctx] = await open(browser, 'op/torch.gather/index.html'); await ctx.close(); }
  const c1 = chromeCpu();
  console.log(`LOADS: ${((c1 - c0) / 6).toFixed(2)} CPU-s per load, ${((Date.now() - t0) / 6000).toFixed(2)} s wall`);
  const [ctx, p] = await open(browser, 'op/torch.gather/index.html');
  const ks = ['renderer', 'gpu-process', 'browser', 'utility'];
  const b = ks.map((k) => chromeCpu(k));
  await frames(p, 50);
  console.log('FRAMES by kind: ' + ks.map((k, i) => `${k} ${((chromeCpu(k) - b[i]) / 50 * 1000).toFixed(1)}`).join(', '));
  const b2 = ks.map((k) => chromeCpu(k));
  const [cx] = await open(browser, 'op/torch.gather/index.html'); await cx.close();
  console.log('LOAD by kind: ' + ks.map((k, i) => `${k} ${((chromeCpu(k) - b2[i])).toFixed(2)}`).join(', '));
  const [ctx2, p2] = await open(browser, 'op/torch.gather/index.html');
  await p2.setViewportSize({ width: 390, height: 844 });
  await frames(p2, 5);
  const c3 = chromeCpu();
  await frames(p2, 50);
  console.log(`FRAMES390: ${((chromeCpu() - c3) / 50 * 1000).toFixed(1)} ms per frame`);
  await browser.close();
});
