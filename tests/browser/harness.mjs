// harness.mjs - what every browser test shares: the native CLI as the oracle, a local server
// for build/site, Chromium contexts, and driving the widget through window.whence
// (DESIGN.md, "Browser contract") with real mouse and keyboard input.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

import { decodePng } from './png.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SITE = path.join(ROOT, 'build', 'site');
export const CLI = path.join(ROOT, 'build', 'native', 'whence');
export const ARTIFACTS = path.join(ROOT, 'build', 'test-artifacts');
// TOOLCHAIN.md: Chromium's software WebGL2 in a headless sandbox-free run.
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--disable-quic',
                       '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// --- the oracle: build/native/whence ---------------------------------------------------------

export function cli(args, input) {
  const run = spawnSync(CLI, args, { input, encoding: 'utf8' });
  assert.equal(run.status, 0, `whence ${args.join(' ')} failed: ${run.stderr}`);
  return run.stdout;
}

export function cliEval(code) {
  return JSON.parse(cli(['eval'], JSON.stringify({ id: 1, code, explain: true }) + '\n').trim());
}

// The contract's tensor id for a relation's argument path: [i], [i, j], ["name"].
export function tensorId(argPath) {
  if (typeof argPath[0] === 'string') return `arg:${argPath[0]}`;
  return argPath.length > 1 ? `arg:${argPath[0]}.${argPath[1]}` : `arg:${argPath[0]}`;
}

// The call text the app writes after a UI edit: core's format_call of the parsed call.
export function cliCall(code) {
  return code;  // the examples are already in format_call's form
}

export function sourcesOf(response, position, element) {
  const rel = response.relations.find((r) => r.out[0] === position && r.out[1] === element);
  assert.ok(rel, `the CLI explains out ${position}[${element}]`);
  return rel.src.map(([argPath, el, role]) => ({ tensor: tensorId(argPath), element: el, role }));
}

export function reachesOf(response, tensor, element) {
  const out = [];
  for (const r of response.relations)
    for (const [argPath, el, role] of r.src)
      if (tensorId(argPath) === tensor && el === element) out.push({ tensor: `out:${r.out[0]}`, element: r.out[1], role });
  return out;
}

export const numel = (shape) => shape.reduce((a, b) => a * b, 1);
export const sorted = (list) => list.map((h) => `${h.tensor}|${h.element}|${h.role}`).sort();

// --- the page ----------------------------------------------------------------------------------

let server;
export let baseUrl;
const contexts = [];

export async function startServer() {
  server = spawn('/usr/bin/python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', SITE],
                 { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/port (\d+)/);
      if (m) resolve(Number(m[1]));
    });
    server.on('exit', (code) => reject(new Error(`http.server exited with ${code}`)));
    setTimeout(() => reject(new Error('http.server did not start')), 10000);
  });
  server.stderr.resume();  // request log
  baseUrl = `http://127.0.0.1:${port}/`;
}

// A browser with a fresh profile at the given pixel ratio.
// scripts/serve_site.py (what scripts/serve runs: it sends the .br/.gz copies) on build/site at
// a free port: {port, kill}.
export async function startSiteServer() {
  const server = spawn('/usr/bin/python3', ['-u', path.join(ROOT, 'scripts', 'serve_site.py'), '--port', '0', '--directory', SITE],
                       { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const port = await new Promise((resolve, reject) => {
      let out = '';
      server.stdout.on('data', (c) => { out += c; const m = out.match(/port (\d+)/); if (m) resolve(Number(m[1])); });
      server.on('exit', (code) => reject(new Error(`serve_site.py exited with ${code}`)));
    });
    return { port, kill: () => server.kill() };
  } catch (e) {
    server.kill();
    throw e;
  }
}

// One Chromium per test file (per set of extra arguments); each context is a fresh, isolated
// profile in it (storage, cache, cookies). A browser launch per context cost 1.4 s of CPU, about
// 80 s of the suite's.
const browsers = new Map();

export async function newContext(deviceScaleFactor, viewport = { width: 1280, height: 900 }, extraArgs = []) {
  const key = extraArgs.join(' ');
  if (!browsers.has(key)) {
    browsers.set(key, chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extraArgs], headless: true }));
  }
  const context = await (await browsers.get(key)).newContext({ viewport, deviceScaleFactor });
  contexts.push(context);
  return context;
}

// Content-Security-Policy refusals (Chromium reports them on the console) count as page errors.
export function watchPolicy(page) {
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/.test(m.text())) page.errors.push(m.text());
  });
}

// Opens a page and waits for the widget's first frame. Page errors fail the test.
export async function open(context, url) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  watchPolicy(page);
  await page.goto(baseUrl + url);
  await page.waitForFunction(() => window.whence);
  await page.evaluate(() => whence.ready);
  await frames(page, 3);  // the canvas may resize itself to its content after the first frame
  return page;
}

export async function frames(page, n = 2) {
  for (let i = 0; i < n; i++) await page.evaluate(() => whence.nextFrame());
}

// Shows `text` in the widget (after unpinning what an earlier test pinned) and checks it took.
export async function setState(page, text) {
  await page.keyboard.press('Escape');
  await page.evaluate((t) => whence.setState(t), text);
  await frames(page, 3);
  assert.equal(await page.evaluate(() => whence.getState()), text);
}

// What the widget's offscreen live region says now.
export const liveText = (page) => page.evaluate(() => document.querySelector('.whence-widget [aria-live="polite"]')?.textContent);

export async function hover(page, tensor, element) {
  let p = await page.evaluate(([t, e]) => whence.cellAt(t, e), [tensor, element]);
  assert.ok(p, `${tensor} element ${element} is drawn`);
  if (p.y < 0 || p.y > page.viewportSize().height) {  // scroll the page to bring it into view
    await page.evaluate((dy) => window.scrollBy(0, dy), p.y - page.viewportSize().height / 2);
    await frames(page);
    p = await page.evaluate(([t, e]) => whence.cellAt(t, e), [tensor, element]);
  }
  await page.mouse.move(p.x, p.y);
  await frames(page, 3);
  const selected = await page.evaluate(() => whence.selected());
  assert.deepEqual({ tensor: selected?.tensor, element: selected?.element }, { tensor, element },
                   `the mouse at cellAt(${tensor}, ${element}) is over that cell`);
  return p;
}

// Double-click a cell, type a value and commit it with Enter.
export async function typeIntoCell(page, tensor, element, text) {
  const p = await hover(page, tensor, element);
  await page.mouse.dblclick(p.x, p.y);
  await frames(page, 3);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await frames(page, 3);
}

// Clicks a named control (whence.controlRect) at `fx` of its width.
export async function clickControl(page, name, fx = 0.5) {
  await frames(page, 1);  // the last edit may still move controls in the frame after it
  let r = await page.evaluate((n) => whence.controlRect(n), name);
  assert.ok(r, `control ${name} is drawn`);
  if (r.y < 0 || r.y + r.height > page.viewportSize().height) {  // scroll the page to bring it into view
    await page.evaluate((dy) => window.scrollBy(0, dy), r.y - page.viewportSize().height / 2);
    await frames(page);
    r = await page.evaluate((n) => whence.controlRect(n), name);
  }
  await page.mouse.click(r.x + r.width * fx, r.y + r.height / 2);
  await frames(page, 3);
}

export async function screenshot(page, name) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const box = await page.locator('.whence-widget').boundingBox();
  const file = path.join(ARTIFACTS, name);
  const png = await page.screenshot({ path: file, clip: box });
  return decodePng(png);
}

export async function closeAll() {
  for (const context of contexts) await context.close();
  for (const browser of browsers.values()) await (await browser).close();
  contexts.length = 0;
  browsers.clear();
  server?.kill();
}
