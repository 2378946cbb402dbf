#!/usr/bin/env node
/**
 * CPU time of a cold load of the editor until it is usable, for comparing builds on a loaded
 * machine (issue 9, goal 6), where the wall time of a load mostly measures the other processes.
 * Each load is traced (a fresh browser context, as scripts/measure-editor.mjs does); the time
 * counted is the thread CPU time of the page's main thread and of its dedicated workers (the
 * engine worker), over the tasks that began before the first usable moment, and the time the
 * renderer's thread pool spent parsing and compiling scripts off the main thread (v8.* events),
 * (scripts/editor-probes.mjs). The builds' loads alternate; medians are printed.
 *
 *   node scripts/cpu-editor-load.mjs [--loads 6] ROOT [ROOT ...]
 */
/* global window */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { installUsableProbe } from './editor-probes.mjs';
import { launchChromium, previewEditor } from './headless.mjs';

const { values: opts, positionals } = parseArgs({ allowPositionals: true, options: { loads: { type: 'string', default: '6' } } });
const roots = positionals.map((r) => resolve(r));
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const browser = await launchChromium();
const builds = [];
for (const root of roots) {
  const server = await previewEditor(root);
  builds.push({ root, server, url: server.resolvedUrls.local[0], main: [], worker: [], pool: [], usable: [] });
}

async function once(b) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(installUsableProbe);
  const page = await context.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel', 'blink.user_timing', 'loading', 'v8'] });
  await page.goto(b.url);
  await page.waitForFunction(() => /** @type {any} */ (window).__usableAt !== undefined, null, { timeout: 120_000 });
  const usable = await page.evaluate(() => /** @type {any} */ (window).__usableAt);
  const trace = JSON.parse((await browser.stopTracing()).toString());
  await context.close();
  const events = trace.traceEvents ?? trace;
  const nav = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'),
  );
  const pid = nav.pid;
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.pid === pid) names.set(e.tid, e.args.name);
  const end = nav.ts + usable * 1000;
  let main = 0;
  let worker = 0;
  let pool = 0;
  for (const e of events) {
    if (e.pid !== pid || e.ph !== 'X' || !e.tdur || e.ts < nav.ts || e.ts > end) continue;
    const th = names.get(e.tid) ?? '';
    // The renderer's thread pool: scripts parsed and compiled off the main thread (streaming).
    if (th.startsWith('ThreadPoolForegroundWorker') && e.name.startsWith('v8.')) {
      pool += e.tdur / 1000;
      continue;
    }
    if (e.name !== 'ThreadControllerImpl::RunTask' && e.name !== 'RunTask') continue; // top-level tasks only
    if (th === 'CrRendererMain') main += e.tdur / 1000;
    else if (th.startsWith('DedicatedWorker')) worker += e.tdur / 1000;
  }
  b.main.push(main);
  b.worker.push(worker);
  b.pool.push(pool);
  b.usable.push(usable);
}

const start = loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
for (let i = 0; i < Number(opts.loads); i++) for (const b of builds) await once(b);
await browser.close();
for (const b of builds) b.server.httpServer.close();
console.log(
  `load average: ${start} at start, ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} at end`,
);
for (const b of builds) {
  const r = (xs) => xs.map((x) => Math.round(x)).join(' ');
  console.log(
    `${b.root}\n  CPU until usable: page main thread median ${median(b.main).toFixed(0)} ms [${r(b.main)}]; workers median ${median(b.worker).toFixed(0)} ms [${r(b.worker)}]; off-thread parsing median ${median(b.pool).toFixed(0)} ms; sum median ${median(b.main.map((m, i) => m + b.worker[i] + b.pool[i])).toFixed(0)} ms\n  wall until usable: median ${median(b.usable).toFixed(0)} ms [${r(b.usable)}]`,
  );
}
