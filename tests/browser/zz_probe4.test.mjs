import { after, before, test } from 'node:test';
import fs from 'node:fs';
import { closeAll, newContext, startServer } from './harness.mjs';
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
test('bare canvas', { timeout: 600000 }, async () => {
  const ctx = await newContext(1);
  const page = await ctx.newPage();
  for (const [w, h] of [[1070, 348], [1070, 700], [300, 200]]) {
    await page.setContent(`<canvas id=c width=${w} height=${h}></canvas><script>
      const gl = document.getElementById('c').getContext('webgl2', {antialias:false, alpha:false, depth:false, stencil:false});
      window.draw = () => new Promise((r) => requestAnimationFrame(() => { gl.clearColor(1,1,1,1); gl.clear(gl.COLOR_BUFFER_BIT); requestAnimationFrame(r); }));
    </script>`);
    for (let i = 0; i < 5; i++) await page.evaluate(() => draw());
    const b = chromeCpu('gpu-process'), r = chromeCpu('renderer');
    for (let i = 0; i < 50; i++) await page.evaluate(() => draw());
    console.log(`BARE ${w}x${h}: gpu ${((chromeCpu('gpu-process') - b) / 50 * 1000).toFixed(1)} ms, renderer ${((chromeCpu('renderer') - r) / 50 * 1000).toFixed(1)} ms per frame`);
  }
});
