// theme.test.mjs - light and dark (site/theme.js, web/theme.cpp): the header's toggle switches
// the page's colours and the widget's palette live (read back from the canvas's pixels and from
// whence.theme()); the choice survives a reload and is in place before the body is parsed
// (no flash of the other theme); "auto" follows the system's prefers-color-scheme.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import { baseUrl, closeAll, frames, newContext, open, screenshot, startServer } from './harness.mjs';

before(startServer);
after(closeAll);

const LIGHT_BG = [255, 255, 255];
const DARK_BG = [17, 20, 26];  // web/theme.cpp kDark.background, style.css --bg

// The widget's background as drawn: a pixel inside the window padding of the canvas.
async function widgetBackground(page, name) {
  await frames(page, 2);
  const image = await screenshot(page, name);
  const { pixels, channels, width } = image;
  const i = (30 * width + 12) * channels;
  return [pixels[i], pixels[i + 1], pixels[i + 2]];
}

const pageBackground = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function choose(page, choice) {
  await page.click(`.theme-toggle [data-theme-choice="${choice}"]`);
  await frames(page, 3);
}

// Records <html data-theme> at the moment <body> is created, before any of it is parsed.
const recordThemeAtBody = () => {
  new MutationObserver((records, observer) => {
    if (!document.body) return;
    window.themeAtBody = document.documentElement.getAttribute('data-theme');
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
};

test('the toggle switches the page and the widget, and the choice survives a reload', { timeout: 90_000 }, async () => {
  const context = await newContext(1);
  await context.addInitScript(recordThemeAtBody);
  const page = await open(context, 'op/torch.gather/index.html');
  await page.emulateMedia({ colorScheme: 'light' });
  await choose(page, 'light');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  assert.equal(await page.evaluate(() => whence.theme()), 'light');
  assert.deepEqual(await widgetBackground(page, 'theme-toggle-light.png'), LIGHT_BG);
  assert.equal(await pageBackground(page), 'rgb(255, 255, 255)');

  await choose(page, 'dark');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.equal(await page.evaluate(() => whence.theme()), 'dark', 'the widget switched its palette');
  assert.deepEqual(await widgetBackground(page, 'theme-toggle-dark.png'), DARK_BG, 'the canvas is drawn dark');
  assert.equal(await pageBackground(page), `rgb(${DARK_BG.join(', ')})`);
  assert.equal(await page.getAttribute('.theme-toggle [data-theme-choice="dark"]', 'aria-pressed'), 'true');
  assert.equal(await page.evaluate(() => localStorage.getItem('whence-theme')), 'dark');

  // Reload: dark before the body is parsed, and the widget starts dark.
  await page.reload();
  await page.waitForFunction(() => window.whence);
  await page.evaluate(() => whence.ready);
  assert.equal(await page.evaluate(() => window.themeAtBody), 'dark', 'the theme is set before the body exists');
  assert.equal(await page.evaluate(() => whence.theme()), 'dark');
  assert.deepEqual(await widgetBackground(page, 'theme-reload-dark.png'), DARK_BG);

  // Back to light, live, and still readable: the output's cells keep their tint.
  await choose(page, 'light');
  assert.equal(await page.evaluate(() => whence.theme()), 'light');
  assert.deepEqual(await widgetBackground(page, 'theme-back-light.png'), LIGHT_BG);
  assert.deepEqual(page.errors, []);
});

test('"auto" follows the system setting, live', { timeout: 90_000 }, async () => {
  const context = await newContext(1);
  const page = await open(context, 'op/torch.add/index.html');
  await choose(page, 'auto');
  await page.emulateMedia({ colorScheme: 'dark' });
  await frames(page, 3);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  assert.equal(await page.evaluate(() => whence.theme()), 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await frames(page, 3);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  assert.equal(await page.evaluate(() => whence.theme()), 'light');
  assert.equal(await page.evaluate(() => localStorage.getItem('whence-theme')), 'auto');
});

test('embed.html takes its theme from the URL, not from the site\'s stored choice', { timeout: 90_000 }, async () => {
  const context = await newContext(1);
  const page = await open(context, 'embed.html?theme=dark#torch.add(torch.tensor([1, 2]), 3)');
  assert.equal(await page.evaluate(() => whence.theme()), 'dark');
  assert.equal(await page.evaluate(() => whence.getState()), 'torch.add(torch.tensor([1, 2]), 3)');
  assert.deepEqual(await widgetBackground(page, 'theme-embed-dark.png'), DARK_BG);
  await page.evaluate(() => localStorage.setItem('whence-theme', 'dark'));
  const light = await open(context, 'embed.html?theme=light#torch.add(torch.tensor([1, 2]), 3)');
  assert.equal(await light.evaluate(() => whence.theme()), 'light');
  assert.equal(await light.evaluate(() => document.querySelector('.theme-toggle')), null, 'an embed has no toggle');
});

test('a page read without JavaScript still follows prefers-color-scheme', { timeout: 90_000 }, async () => {
  const context = await newContext(1);
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.route('**/theme.js', (route) => route.abort());
  await page.goto(baseUrl + 'index.html');
  assert.equal(await page.evaluate(() => document.documentElement.getAttribute('data-theme')), null);
  assert.equal(await pageBackground(page), `rgb(${DARK_BG.join(', ')})`);
  assert.equal(await page.isVisible('.theme-toggle'), false, 'no toggle that would do nothing');
});
