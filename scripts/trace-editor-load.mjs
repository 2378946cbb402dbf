#!/usr/bin/env node
/**
 * One cold load of the built editor (vite preview) in headless Chromium with a performance trace:
 * prints, per thread (page, engine worker), the longest tasks before the first usable moment
 * (scripts/editor-probes.mjs), with their start in ms from the navigation, and the resources'
 * timings. For finding what the first screen waits for (issue 9, goal 6).
 *
 *   node scripts/trace-editor-load.mjs [ROOT] [--out trace.json]
 */
/* global window */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { installUsableProbe } from './editor-probes.mjs';
import { openEditorPage } from './headless.mjs';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, min: { type: 'string', default: '8' } },
});
const root = resolve(positionals[0] ?? fileURLToPath(new URL('..', import.meta.url)));
const { url, browser, page, close } = await openEditorPage(root, installUsableProbe);
await browser.startTracing(page, {
  categories: [
    'devtools.timeline',
    'disabled-by-default-devtools.timeline',
    'v8',
    'v8.execute',
    'blink.user_timing',
    'loading',
    'toplevel',
    'disabled-by-default-v8.cpu_profiler',
  ],
});
await page.goto(url);
await page.waitForFunction(() => /** @type {any} */ (window).__usableAt !== undefined, null, { timeout: 60_000 });
const got = await page.evaluate(() => ({
  usable: /** @type {any} */ (window).__usableAt,
  plain: /** @type {any} */ (window).__plainAt,
  timeline: /** @type {any} */ (window).__timelineAt,
  timeOrigin: performance.timeOrigin,
  res: /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource')).map((e) => ({
    name: e.name.replace(/^.*\//, ''),
    start: e.startTime,
    end: e.responseEnd,
    size: e.decodedBodySize,
  })),
}));
await page.waitForTimeout(200);
const buf = await browser.stopTracing();
await close();
if (opts.out) writeFileSync(opts.out, buf);
const trace = JSON.parse(buf.toString());
const events = trace.traceEvents ?? trace;
const names = new Map();
for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
const nav = events.find(
  (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'),
);
const t0 = nav ? nav.ts : Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
console.log(`usable ${got.usable.toFixed(0)} ms, plain ${got.plain?.toFixed(0)} ms, timeline ${got.timeline?.toFixed(0)} ms`);
console.log('resources (start → end, ms, KiB):');
for (const r of got.res)
  console.log(
    `  ${r.name.padEnd(44)} ${r.start.toFixed(0).padStart(6)} → ${r.end.toFixed(0).padStart(6)}  ${(r.size / 1024).toFixed(0).padStart(6)}`,
  );
const MIN = Number(opts.min) * 1000;
const interesting = /^(RunTask|ThreadControllerImpl::RunTask)$/;
const byThread = new Map();
for (const e of events) {
  if (e.ph !== 'X' || !e.dur || e.dur < MIN) continue;
  const th = names.get(`${e.pid}:${e.tid}`) ?? `${e.pid}:${e.tid}`;
  if (!/CrRendererMain|DedicatedWorker|Worker/.test(th)) continue;
  const start = (e.ts - t0) / 1000;
  if (start > got.usable + 50) continue;
  if (interesting.test(e.name)) continue;
  const d = e.args?.data ?? {};
  const what = d.url ? d.url.replace(/^.*\//, '') : d.functionName || d.type || d.fileName?.replace?.(/^.*\//, '') || '';
  if (!byThread.has(th)) byThread.set(th, []);
  byThread.get(th).push(`${start.toFixed(0).padStart(6)} +${(e.dur / 1000).toFixed(0).padStart(4)}  ${e.name} ${what}`);
}
for (const [th, list] of byThread) {
  console.log(`\n${th}:`);
  for (const l of list) console.log('  ' + l);
}
