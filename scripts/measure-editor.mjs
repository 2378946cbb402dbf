#!/usr/bin/env node
/**
 * Measure the editor (issue 9, goal 6) in headless Chromium on the built editor (vite preview):
 *
 * - the production bundle: raw and gzip, per file;
 * - cold load → usable: a fresh browser context (empty cache and storage, so the default
 *   workspace), from the navigation's start until the active document is shown, editable, AND the
 *   first timeline is rendered (min / median / max of --loads loads). Two figures
 *   (scripts/editor-probes.mjs): "first usable", the document in Monaco or in the plain text
 *   area the code view shows until Monaco has loaded; "Monaco usable", the document in Monaco
 *   (the one definition for builds without the plain view). Also the bytes loaded until each;
 * - edit → updated timeline: real edits of the active document through the Monaco model, each
 *   timed in the page from the edit until the timeline's DOM shows the new result (debounce,
 *   worker, rendering: all of it), and until the next frame. Two kinds, each alternating between
 *   two values so that every edit changes the result:
 *     rules      the default document (the crossbow-speed overlay): the crossbows step selects
 *                no one / the crossbowmen again;
 *     encounter  the skirmish encounter, opened from the sidebar (the variant stays): the
 *                fighter's THAC0 17 / 7.
 *   The times of every edit are in the page's clock (performance.now()), never Node's.
 *
 * Every timed edit makes a text the editor has not seen before (the two values as above, with one
 * more space after the edited key each time: the result still alternates), so that no cache of
 * recent texts can answer it: a designer typing something new. This is goal 6's figure.
 * --revisit: the edits go back and forth between the same two texts instead (undo, a value tried
 * and put back), which the worker's recent texts (editor/src/lib/core-cache.ts) answer.
 *
 * Several builds, interleaved (a shared machine: compare only side by side): give each checkout's
 * root; the loads and the edit batches alternate between them, and the ratio of medians is printed.
 *
 *   npm run measure:editor                       (builds, then this checkout)
 *   node scripts/measure-editor.mjs [--loads 5] [--edits 20] [--batch 10] [ROOT ...]
 *   node scripts/measure-editor.mjs . /tmp/ed-old   (this build against an old checkout's build)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { editOnce, installUsableProbe, timelineText } from './editor-probes.mjs';
import { launchChromium, previewEditor } from './headless.mjs';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    loads: { type: 'string', default: '5' },
    edits: { type: 'string', default: '20' },
    batch: { type: 'string', default: '10' },
    revisit: { type: 'boolean', default: false },
  },
});
const LOADS = Number(opts.loads);
const EDITS = Number(opts.edits);
const BATCH = Math.min(Number(opts.batch), EDITS);
const here = fileURLToPath(new URL('..', import.meta.url));
const roots = (positionals.length ? positionals : [here]).map((r) => resolve(r));
const TIMEOUT = 30_000;

/** The two edits: the document they are made in, and the text that goes back and forth. */
const EDIT_KINDS = [
  {
    name: 'rules',
    doc: null, // the document active on a first start
    a: '"select": { "and": [{ "in": ["crossbow"',
    b: '"select": { "and": [false, { "in": ["crossbow"',
    key: '"select":',
  },
  {
    name: 'encounter',
    doc: 'ose/encounters/skirmish.json',
    a: '"thac0": 17, "meleeBonus": 1',
    b: '"thac0": 7, "meleeBonus": 1',
    key: '"thac0":',
  },
];

const kb = (n) => (n / 1024).toFixed(1) + ' KiB';
const sorted = (xs) => [...xs].sort((x, y) => x - y);
const median = (xs) => {
  const s = sorted(xs);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const stats = (xs) => ({ min: sorted(xs)[0], median: median(xs), max: sorted(xs).at(-1), n: xs.length });
const fmt = (s) => `median ${s.median.toFixed(1)} ms (min ${s.min.toFixed(1)}, max ${s.max.toFixed(1)}, n ${s.n})`;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

function bundle(dist) {
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
  const total = files.reduce((s, f) => ({ raw: s.raw + f.raw, gzip: s.gzip + f.gzip }), { raw: 0, gzip: 0 });
  return { files, total };
}

const browser = await launchChromium();

const builds = [];
for (const root of roots) {
  const server = await previewEditor(root);
  builds.push({
    root,
    server,
    url: server.resolvedUrls.local[0],
    bundle: bundle(join(root, 'dist', 'editor')),
    usable: [],
    monacoUsable: [],
    plain: [],
    shown: [],
    timeline: [],
    bytes: [],
    bytesFirst: [],
    edits: Object.fromEntries(EDIT_KINDS.map((k) => [k.name, { dom: [], frame: [] }])),
  });
}

/** A fresh context (no cache, no storage): the first start of the editor. */
async function openFresh(b) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(installUsableProbe);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(b.url);
  await page.waitForFunction(() => /** @type {any} */ (window).__monacoUsableAt !== undefined, null, { timeout: 60_000 });
  const got = await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    // Bytes of every response that ended before each moment (the page's resource timing).
    const entries = /** @type {PerformanceResourceTiming[]} */ (
      performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))
    );
    const until = (/** @type {number} */ t) => entries.filter((e) => e.responseEnd <= t).reduce((s, e) => s + e.decodedBodySize, 0);
    return {
      usable: w.__usableAt,
      monacoUsable: w.__monacoUsableAt,
      plain: w.__plainAt ?? null,
      shown: w.__shownAt,
      timeline: w.__timelineAt,
      bytesFirst: until(w.__usableAt),
      bytes: until(w.__monacoUsableAt),
    };
  });
  return { context, page, ...got, errors };
}

/** Until the timeline's text differs from `before` and then holds for `quiet` ms. */
async function settle(page, before, quiet = 600) {
  const t0 = Date.now();
  let last = await page.evaluate(timelineText);
  while (last === before && Date.now() - t0 < TIMEOUT) {
    await page.waitForTimeout(50);
    last = await page.evaluate(timelineText);
  }
  for (;;) {
    await page.waitForTimeout(quiet);
    const now = await page.evaluate(timelineText);
    if (now === last) return now;
    last = now;
  }
}

/** In the page: replace the first `from` of the active model by `to` (a typed edit, not timed). */
function pushEdit({ from, to }) {
  const pb = window.__phasebook;
  const m = pb.editor.getModel();
  const at = m.getValue().indexOf(from);
  if (at < 0) throw new Error(`"${from}" is not in the active document`);
  const a = m.getPositionAt(at);
  const b = m.getPositionAt(at + from.length);
  m.pushEditOperations([], [{ range: new pb.monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column), text: to }], () => null);
}

/** Make the edit by hand once each way (not timed): the timeline text of each value. */
async function calibrate(page, kind) {
  const edit = (from, to) => page.evaluate(pushEdit, { from, to });
  const textA = await settle(page, '');
  await edit(kind.a, kind.b);
  const textB = await settle(page, textA);
  await edit(kind.b, kind.a);
  const back = await settle(page, textB);
  if (textA === textB) throw new Error(`${kind.name}: the edit does not change the timeline`);
  if (back !== textA) throw new Error(`${kind.name}: the timeline did not come back to the first result`);
  return { textA, textB };
}

async function editBatch(b, n) {
  const { context, page, errors } = await openFresh(b);
  try {
    for (const kind of EDIT_KINDS) {
      if (kind.doc) {
        await page.click(`[data-testid=sidebar] button.doc[data-path="${kind.doc}"]`);
        await page.waitForFunction((p) => document.querySelector('header .doc-title')?.textContent === p, kind.doc);
      }
      const { textA, textB } = await calibrate(page, kind);
      /** The i-th edit's text: the value, with i + 1 more spaces after the key unless --revisit. */
      const spaced = (/** @type {string} */ v, /** @type {number} */ i) =>
        opts.revisit ? v : v.replace(kind.key, kind.key + ' '.repeat(i + 1));
      let current = kind.a;
      for (let i = 0; i < n; i++) {
        const toB = i % 2 === 0;
        const to = spaced(toB ? kind.b : kind.a, i);
        const r = await page.evaluate(editOnce, {
          from: current,
          to,
          want: toB ? textB : textA,
          timeout: TIMEOUT,
        });
        current = to;
        b.edits[kind.name].dom.push(r.dom);
        b.edits[kind.name].frame.push(r.frame);
        await page.waitForTimeout(400); // a designer reads the result; validation and saving finish
      }
      if (current !== kind.a) {
        // leave the document as it was (not timed; a new text's result may not change)
        const want = n % 2 === 1 ? textA : null;
        if (want) await page.evaluate(editOnce, { from: current, to: kind.a, want, timeout: TIMEOUT });
        else {
          await page.evaluate(pushEdit, { from: current, to: kind.a });
          await page.waitForTimeout(600);
        }
      }
    }
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  } finally {
    await context.close();
  }
}

const loadAtStart = load();
console.log(
  `load average at start: ${loadAtStart}${opts.revisit ? ' (--revisit: edits back and forth between two texts)' : ' (every edit a new text)'}`,
);
for (let i = 0; i < LOADS; i++) {
  for (const b of builds) {
    const { context, usable, monacoUsable, plain, shown, timeline, bytes, bytesFirst } = await openFresh(b);
    await new Promise((r) => setTimeout(r, 300));
    b.usable.push(usable);
    b.monacoUsable.push(monacoUsable);
    if (plain !== null) b.plain.push(plain);
    b.shown.push(shown);
    b.timeline.push(timeline);
    b.bytes.push(bytes);
    b.bytesFirst.push(bytesFirst);
    await context.close();
  }
}
for (let done = 0; done < EDITS; done += BATCH) {
  for (const b of builds) await editBatch(b, Math.min(BATCH, EDITS - done));
}
await browser.close();
for (const b of builds) b.server.httpServer.close();
const loadAtEnd = load();

const report = builds.map((b) => ({
  root: b.root,
  bundle: { totalRaw: b.bundle.total.raw, totalGzip: b.bundle.total.gzip, files: b.bundle.files },
  loadedBytes: median(b.bytes),
  loadedBytesFirstUsable: median(b.bytesFirst),
  usableMs: { ...stats(b.usable), all: b.usable.map((x) => Math.round(x)) },
  monacoUsableMs: { ...stats(b.monacoUsable), all: b.monacoUsable.map((x) => Math.round(x)) },
  plainShownMs: b.plain.length ? stats(b.plain) : null,
  documentShownMs: stats(b.shown),
  firstTimelineMs: stats(b.timeline),
  edits: Object.fromEntries(
    Object.entries(b.edits).map(([k, v]) => [
      k,
      {
        dom: { ...stats(v.dom), all: v.dom.map((x) => Math.round(x)) },
        frame: { ...stats(v.frame), all: v.frame.map((x) => Math.round(x)) },
      },
    ]),
  ),
}));
for (const [i, b] of builds.entries()) {
  const r = report[i];
  console.log(`\n${b.root} (dist/editor)`);
  if (i === 0)
    for (const f of b.bundle.files.slice(0, 12))
      console.log(`  ${f.file.padEnd(48)} ${kb(f.raw).padStart(12)} ${kb(f.gzip).padStart(12)} gzip`);
  console.log(`  ${'total'.padEnd(48)} ${kb(b.bundle.total.raw).padStart(12)} ${kb(b.bundle.total.gzip).padStart(12)} gzip`);
  console.log(`  bytes loaded: ${kb(r.loadedBytesFirstUsable)} before first usable, ${kb(r.loadedBytes)} before Monaco usable`);
  console.log(`  cold load → first usable (document editable, plain or Monaco, + timeline): ${fmt(r.usableMs)}`);
  console.log(`  cold load → Monaco usable (document in Monaco + timeline): ${fmt(r.monacoUsableMs)}`);
  console.log(
    `    of which: document in the plain view ${r.plainShownMs ? fmt(r.plainShownMs) : '(none)'}; in Monaco ${fmt(r.documentShownMs)}; first timeline ${fmt(r.firstTimelineMs)}`,
  );
  for (const [k, v] of Object.entries(r.edits)) {
    if (v.dom.n === 0) continue; // --edits 0: the loads only
    console.log(`  edit → timeline (${k}): DOM ${fmt(v.dom)}; next frame ${fmt(v.frame)}`);
  }
}
if (builds.length > 1) {
  console.log(`\nRatios of medians (${builds[0].root} / other):`);
  for (const r of report.slice(1)) {
    const parts = [
      `first usable ${(report[0].usableMs.median / r.usableMs.median).toFixed(2)}`,
      `Monaco usable ${(report[0].monacoUsableMs.median / r.monacoUsableMs.median).toFixed(2)}`,
    ];
    for (const k of Object.keys(r.edits))
      if (r.edits[k].dom.n) parts.push(`${k} ${(report[0].edits[k].dom.median / r.edits[k].dom.median).toFixed(2)}`);
    console.log(`  ${r.root}: ${parts.join(', ')}`);
  }
}
console.log(`\nload average: ${loadAtStart} at start, ${loadAtEnd} at end`);
console.log(JSON.stringify({ load: { start: loadAtStart, end: loadAtEnd }, builds: report }));
