// gallery.test.mjs - screenshots for people to look at: the home page, two op pages (with a
// cell pointed at, so highlights show) and the blog demo (its widgets loaded), in light and
// dark, at devicePixelRatio 1 and 2 (light at 1, dark at 2), saved as
// build/test-artifacts/gallery/<page>-<theme>@<dpr>x.png.
// Each shot must show the theme it was taken in (the page's background), and on the widget
// pages, that the widget drew in it too.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { ARTIFACTS, baseUrl, closeAll, frames, hover, newContext, startServer } from './harness.mjs';
import { decodePng } from './png.mjs';

before(startServer);
after(closeAll);

const DIR = path.join(ARTIFACTS, 'gallery');
const BG = { light: [255, 255, 255], dark: [17, 20, 26] };

function pixel(image, x, y) {
  const i = (y * image.width + x) * image.channels;
  return [image.pixels[i], image.pixels[i + 1], image.pixels[i + 2]];
}

async function save(page, name, options = {}) {
  fs.mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, name + '.png');
  return decodePng(await page.screenshot({ path: file, ...options }));
}

async function openOp(context, url, hoverAt) {
  const page = await context.newPage();
  await page.goto(baseUrl + url);
  await page.waitForFunction(() => window.whence);
  await page.evaluate(() => whence.ready);
  await frames(page, 3);
  const box = await page.locator('.whence-widget').boundingBox();
  await page.evaluate((y) => window.scrollTo(0, y - 140), box.y);
  await frames(page, 2);
  await hover(page, ...hoverAt);
  return page;
}

// Two of the four combinations: each theme once, each pixel ratio once (every shot loads five
// widgets: all four took about a fifth of the browser suite's time).
for (const [theme, dpr] of [['light', 1], ['dark', 2]]) {
  test(`gallery: ${theme} @${dpr}x`, { timeout: 180_000 }, async () => {
    const context = await newContext(dpr, { width: 1280, height: 900 });
    await context.addInitScript((t) => localStorage.setItem('whence-theme', t), theme);
    const suffix = `${theme}@${dpr}x`;

    const home = await context.newPage();
    await home.goto(baseUrl + 'index.html');
    const homeShot = await save(home, `home-${suffix}`);
    assert.deepEqual(pixel(homeShot, 4 * dpr, 4 * dpr), BG[theme], 'the home page is in the theme');

    for (const [name, hoverAt] of [['torch.gather', ['out:0', 1]], ['torch.add', ['out:0', 4]]]) {
      const page = await openOp(context, `op/${name}/index.html`, hoverAt);
      assert.equal(await page.evaluate(() => whence.theme()), theme);
      const shot = await save(page, `${name}-${suffix}`);
      assert.deepEqual(pixel(shot, 4 * dpr, 4 * dpr), BG[theme], `${name}: the page is in the theme`);
      const box = await page.locator('.whence-widget').boundingBox();
      assert.deepEqual(pixel(shot, Math.round((box.x + 12) * dpr), Math.round((box.y + 30) * dpr)), BG[theme],
                       `${name}: the widget is drawn in the theme`);
    }

    const blog = await context.newPage();
    await blog.goto(baseUrl + 'blog/index.html');
    for (const placeholder of await blog.$$('.whence-embed')) {
      await placeholder.scrollIntoViewIfNeeded();
      const frame = await (await placeholder.waitForSelector('iframe')).contentFrame();
      await frame.waitForFunction(() => window.whence);
      await frame.evaluate(() => whence.ready);
    }
    await blog.evaluate(() => window.scrollTo(0, 0));
    await blog.waitForTimeout(300);  // the iframes settle to their content's height
    const blogShot = await save(blog, `blog-${suffix}`, { fullPage: true });
    assert.deepEqual(pixel(blogShot, 4 * dpr, 4 * dpr), BG[theme], 'the blog is in the theme');
  });
}
