// pitfalls.test.mjs - the pitfalls page: every program of site/pitfalls.json is drawn line by
// line (its failing line marked with PyTorch's error), and hovering an element lights up
// exactly the elements Whence's CLI traces it back to (shown on the page) and those it reaches.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import { ARTIFACTS, ROOT, baseUrl, cli, closeAll, newContext, startServer, watchPolicy } from './harness.mjs';

before(startServer);
after(closeAll);

const pitfalls = JSON.parse(fs.readFileSync(path.join(ROOT, 'site', 'pitfalls.json'), 'utf8'));

function query(program, kind, name, element, line) {
  const request = { id: 1, program, [kind]: { name, element, line } };
  const r = JSON.parse(cli(['eval'], JSON.stringify(request) + '\n').trim());
  assert.ok(r.ok, JSON.stringify(r));
  return r[kind].filter((c) => c.name).map((c) => `${c.line}:${c.name}:${c.element}`);
}

test('the pitfalls page draws every program and lights up what the CLI traces', async () => {
  const context = await newContext(1, { width: 1100, height: 900 });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  watchPolicy(page);
  await page.goto(baseUrl + 'pitfalls/index.html');
  await page.waitForLoadState('networkidle');
  assert.equal(await page.locator('section.program').count(), pitfalls.length);
  // The failing lines, with PyTorch's words.
  const errors = await page.locator('.step.failing .error').allTextContents();
  assert.ok(errors.some((e) => e.startsWith('RuntimeError: view size is not compatible')), errors.join('\n'));
  assert.ok(errors.some((e) => e.includes("result type Float can't be cast to the desired output type Long")), errors.join('\n'));

  let hovered = 0;
  for (let i = 0; i < pitfalls.length; ++i) {
    const cells = page.locator(`#p${i} td[data-cell]`);
    const keys = await cells.evaluateAll((tds) => tds.map((td) => td.dataset.cell));
    const onPage = new Set(keys);
    const key = keys[keys.length - 1];  // the last step's last element: the deepest trace
    const [line, name, element] = key.split(':');
    await page.locator(`#p${i} td[data-cell="${key}"]`).hover();
    const lit = await page.locator(`#p${i} td.source`).evaluateAll((tds) => tds.map((td) => td.dataset.cell).sort());
    const want = [...new Set(query(pitfalls[i].program, 'trace', name, Number(element), Number(line)))].filter((k) => onPage.has(k)).sort();
    assert.deepEqual(lit, want, `${pitfalls[i].title}: sources of ${key}`);
    // And forward from the first element of the first line.
    const first = keys[0].split(':');
    await page.locator(`#p${i} td[data-cell="${keys[0]}"]`).hover();
    const reached = await page.locator(`#p${i} td.reach`).evaluateAll((tds) => tds.map((td) => td.dataset.cell).sort());
    const wantReach = [...new Set(query(pitfalls[i].program, 'reach', first[1], Number(first[2]), Number(first[0])))].filter((k) => onPage.has(k)).sort();
    assert.deepEqual(reached, wantReach, `${pitfalls[i].title}: reach of ${keys[0]}`);
    hovered += want.length + wantReach.length;
  }
  assert.ok(hovered > 40, `hovers lit ${hovered} cells in all`);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.locator('#p3 td[data-cell="5:total:0"]').hover();
  await page.locator('#p3').screenshot({ path: path.join(ARTIFACTS, 'pitfalls-view-write.png') });
  assert.deepEqual(page.errors, []);
});
