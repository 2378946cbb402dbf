#!/usr/bin/env node
/**
 * Measure the editor: the production bundle (raw and gzip, per file and the initial load) and
 * the time until the editor is usable (page navigation → Monaco showing the active document),
 * median of N cold loads in headless Chromium. Prints a table and JSON. Run after
 * `npm run build:editor`:  node scripts/measure-editor.mjs [runs]
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { chromium } from 'playwright-core';
import { findBrowser } from './find-browser.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist', 'editor');
const runs = Number(process.argv[2] ?? 5);

const files = [];
const walk = (dir) => {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p);
    else files.push({ file: p.slice(dist.length + 1), raw: statSync(p).size, gzip: gzipSync(readFileSync(p)).length });
  }
};
walk(dist);
files.sort((a, b) => b.raw - a.raw);
const kb = (n) => (n / 1024).toFixed(1) + ' KiB';
const total = files.reduce((s, f) => ({ raw: s.raw + f.raw, gzip: s.gzip + f.gzip }), { raw: 0, gzip: 0 });

const server = await preview({
  configFile: join(root, 'editor', 'vite.config.ts'),
  preview: { port: 0, host: '127.0.0.1' },
  logLevel: 'silent',
});
const url = server.resolvedUrls.local[0];
const browser = await chromium.launch({
  executablePath: findBrowser() ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const times = [];
const transferred = [];
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  let bytes = 0;
  page.on('response', async (r) => {
    try {
      bytes += (await r.body()).length;
    } catch {
      /* redirects and the like */
    }
  });
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const pb = window.__phasebook;
      return Boolean(pb?.editor?.getModel?.()) && document.querySelector('.monaco-editor .view-lines') !== null;
    },
    null,
    { timeout: 60000 },
  );
  times.push(Date.now() - t0);
  await page.waitForTimeout(300);
  transferred.push(bytes);
  await context.close();
}
// Latency from an edit to the updated timeline: switch the crossbow step's selection off and on
// in the crossbow-speed overlay and time until the crossbowmen leave / re-enter their step.
const lat = [];
{
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.__phasebook?.editor?.getModel());
  await page.click('[data-testid=sidebar] button.doc[data-path="ose/overlays/crossbow-speed.json"]');
  await page.waitForSelector('[data-testid=timeline] [data-testid=act][data-step=crossbows]', { timeout: 30000 });
  const original = await page.evaluate(() => window.__phasebook.editor.getModel().getValue());
  const off = original.replace('"select": { "and": [{ "in": ["crossbow"', '"select": { "and": [false, { "in": ["crossbow"');
  for (let i = 0; i < 6; i++) {
    const text = i % 2 === 0 ? off : original;
    const want = i % 2 === 0 ? 'gone' : 'back';
    const t0 = await page.evaluate((t) => {
      const start = performance.now();
      window.__phasebook.editor.getModel().setValue(t);
      return start;
    }, text);
    const t1 = await page.evaluate(
      (w) =>
        new Promise((resolve) => {
          const check = () => {
            const has = document.querySelector('[data-testid=timeline] [data-testid=act][data-step=crossbows]') !== null;
            if ((w === 'gone' && !has) || (w === 'back' && has)) resolve(performance.now());
            else requestAnimationFrame(check);
          };
          check();
        }),
      want,
    );
    lat.push(Math.round(t1 - t0));
  }
  await context.close();
}
await browser.close();
server.httpServer.close();

times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
console.log('Editor bundle (dist/editor):');
for (const f of files.slice(0, 12)) console.log(`  ${f.file.padEnd(48)} ${kb(f.raw).padStart(12)} ${kb(f.gzip).padStart(12)} gzip`);
console.log(`  ${'total'.padEnd(48)} ${kb(total.raw).padStart(12)} ${kb(total.gzip).padStart(12)} gzip`);
console.log(
  `Time until the editor is usable: median ${median} ms over ${runs} cold loads (min ${times[0]}, max ${times.at(-1)}); bytes loaded ${kb(transferred[0])}`,
);
const latSorted = [...lat].sort((a, b) => a - b);
console.log(
  `Edit → updated timeline: median ${latSorted[Math.floor(lat.length / 2)]} ms (all: ${lat.join(', ')} ms; includes the 30 ms debounce)`,
);
console.log(
  JSON.stringify({
    bundle: { totalRaw: total.raw, totalGzip: total.gzip, files },
    usableMs: { median, all: times },
    loadedBytes: transferred[0],
    editToTimelineMs: lat,
  }),
);
