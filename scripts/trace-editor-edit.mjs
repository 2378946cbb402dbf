#!/usr/bin/env node
/**
 * Where an edit's time goes: the built editor (vite preview) in headless Chromium, the rules edit
 * of scripts/measure-editor.mjs (the crossbow-speed overlay; every edit a new text, as there, or
 * with --revisit back and forth between two texts) made N times under a
 * performance trace with V8's CPU samples. Prints, for the page's main thread and the engine
 * worker, the self time of the busiest functions inside the edits' windows (edit → timeline in
 * the DOM), and each edit's duration. For finding what an edit waits for (issue 9, goal 6).
 *
 *   node scripts/trace-editor-edit.mjs [ROOT] [--edits 10] [--revisit] [--out trace.json] [--top 40]
 */
/* global window */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { editOnce, installUsableProbe, timelineText } from './editor-probes.mjs';
import { openEditorPage } from './headless.mjs';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    in: { type: 'string' },
    edits: { type: 'string', default: '10' },
    top: { type: 'string', default: '40' },
    revisit: { type: 'boolean', default: false },
  },
});
const root = resolve(positionals[0] ?? fileURLToPath(new URL('..', import.meta.url)));
const A = '"select": { "and": [{ "in": ["crossbow"';
const B = '"select": { "and": [false, { "in": ["crossbow"';
let saved;
if (opts.in) saved = JSON.parse(readFileSync(opts.in, 'utf8'));
else saved = await record();
const windows = saved.windows;
const N = windows.length;
console.log('edits (dom, frame ms):', windows.map((w) => `${w.dom.toFixed(1)}/${w.frame.toFixed(1)}`).join(' '));
const events = saved.trace.traceEvents;

const threadName = new Map();
for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args.name);
// The edits' windows in the trace's clock (µs): each from its mark until the timeline's DOM.
const marks = events.filter((e) => /^edit\d+$/.test(e.name) && e.cat.includes('user_timing')).sort((x, y) => x.ts - y.ts);
const spans = marks.slice(0, N).map((m, i) => [m.ts, m.ts + windows[i].dom * 1000]);
const inSpan = (t) => spans.some(([a, b]) => t >= a && t <= b);
console.log(`marks found: ${marks.length}`);
const profiles = new Map(); // id → { key, nodes: Map, samples: [], deltas: [], start }
for (const e of events) {
  if (e.name === 'Profile')
    profiles.set(e.id, { key: `${e.pid}:${e.tid}`, nodes: new Map(), samples: [], times: [], start: e.args.data.startTime });
  if (e.name === 'ProfileChunk') {
    const p = profiles.get(e.id);
    if (!p) continue;
    const d = e.args.data;
    for (const n of d.cpuProfile?.nodes ?? []) p.nodes.set(n.id, n);
    let t = p.times.length ? p.times.at(-1) : p.start;
    const samples = d.cpuProfile?.samples ?? [];
    const deltas = d.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      t += deltas[i] ?? 0;
      p.samples.push(samples[i]);
      p.times.push(t);
    }
  }
}
// Busy periods of all threads: group samples into edits by gaps > 250 ms on the main thread.
const top = Number(opts.top);
for (const p of profiles.values()) {
  const name = threadName.get(p.key) ?? p.key;
  if (!/CrRendererMain|DedicatedWorker/.test(name)) continue;
  const self = new Map();
  const incl = new Map();
  const parent = new Map();
  for (const n of p.nodes.values()) for (const c of n.children ?? []) parent.set(c, n.id);
  if (![...p.nodes.values()].some((n) => n.children)) for (const n of p.nodes.values()) if (n.parent) parent.set(n.id, n.parent);
  let total = 0;
  let prev = null;
  for (let i = 0; i < p.samples.length; i++) {
    const n = p.nodes.get(p.samples[i]);
    const dt = prev === null ? 0 : p.times[i] - prev;
    prev = p.times[i];
    if (!n || !inSpan(p.times[i])) continue;
    const cf = n.callFrame;
    if (cf.functionName === '(idle)' || cf.functionName === '(program)') continue;
    const k = `${cf.functionName || '(anon)'} ${(cf.url ?? '').replace(/^.*\//, '')}:${cf.lineNumber + 1}:${cf.columnNumber + 1}`;
    self.set(k, (self.get(k) ?? 0) + dt);
    total += dt;
    const seen = new Set();
    for (let id = n.id; id !== undefined; id = parent.get(id)) {
      const f = p.nodes.get(id).callFrame;
      const key = `${f.functionName || '(anon)'} ${(f.url ?? '').replace(/^.*\//, '')}:${f.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + dt);
    }
  }
  console.log(
    `\n${name} (${p.key}): ${(total / 1000).toFixed(1)} ms busy inside ${N} edits' windows (edit → DOM) (${(total / 1000 / N).toFixed(1)} per edit)`,
  );
  console.log('  self:');
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${(v / 1000 / N).toFixed(2).padStart(7)} ms/edit  ${k}`);
  console.log('  inclusive:');
  for (const [k, v] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${(v / 1000 / N).toFixed(2).padStart(7)} ms/edit  ${k}`);
}

async function record() {
  const { url, browser, page, close } = await openEditorPage(root, installUsableProbe);
  await page.goto(url);
  await page.waitForFunction(() => /** @type {any} */ (window).__monacoUsableAt !== undefined, null, { timeout: 60_000 });
  await page.waitForTimeout(1500);
  const settle = async (before) => {
    let last = await page.evaluate(timelineText);
    while (last === before) {
      await page.waitForTimeout(50);
      last = await page.evaluate(timelineText);
    }
    await page.waitForTimeout(600);
    return page.evaluate(timelineText);
  };
  const textA = await settle('');
  const edit = (from, to, want) => page.evaluate(editOnce, { from, to, want, timeout: 30_000 });
  const textB0 = await (async () => {
    await page.evaluate(
      ({ from, to }) => {
        const pb = /** @type {any} */ (window).__phasebook;
        const m = pb.editor.getModel();
        const at = m.getValue().indexOf(from);
        const a = m.getPositionAt(at);
        const b = m.getPositionAt(at + from.length);
        m.pushEditOperations([], [{ range: new pb.monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column), text: to }], () => null);
      },
      { from: A, to: B },
    );
    return settle(textA);
  })();
  await edit(B, A, textA);
  await page.waitForTimeout(500);
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'v8', 'blink.user_timing', 'toplevel', 'disabled-by-default-v8.cpu_profiler'],
  });
  const windows = [];
  const N = Number(opts.edits);
  // As in measure-editor.mjs: every edit a new text (one more space after the key each time), or
  // with --revisit back and forth between the same two texts.
  const spaced = (/** @type {string} */ v, /** @type {number} */ i) =>
    opts.revisit ? v : v.replace('"select":', '"select":' + ' '.repeat(i + 1));
  let current = A;
  for (let i = 0; i < N; i++) {
    const toB = i % 2 === 0;
    const to = spaced(toB ? B : A, i);
    await page.evaluate((i) => performance.mark(`edit${i}`), i);
    const r = await edit(current, to, toB ? textB0 : textA);
    current = to;
    windows.push({ dom: r.dom, frame: r.frame });
    await page.waitForTimeout(400);
  }
  const buf = await browser.stopTracing();
  await close();
  if (opts.out) writeFileSync(opts.out, JSON.stringify({ windows, trace: JSON.parse(buf.toString()) }));

  return { windows, trace: JSON.parse(buf.toString()) };
}
