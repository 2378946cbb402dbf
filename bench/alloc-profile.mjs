#!/usr/bin/env node
/**
 * Where the interpreter allocates: V8's sampling heap profiler (every 256 bytes on average, objects
 * a scavenge or a full GC collected included) over many combats of a benchmark encounter, after a
 * warm-up; prints the sampled bytes per combat and the top allocating functions by self size.
 *
 *   node bench/alloc-profile.mjs ose|d20 [combats=500] [top=30] [--simulate]
 *
 * --simulate keeps only the events a simulation's records read (RECORD_EVENTS), as `phasebook simulate` does.
 *
 * Inlined functions are counted in the function they were inlined into; `node --no-turbo-inlining
 * bench/alloc-profile.mjs …` names each allocating function (at some cost to the figures).
 */
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { loadEncounter, loadProgram, run } from '../dist/interpreter/pipeline.js';
import { RECORD_EVENTS } from '../dist/interpreter/simulate/record.js';
import { ROOT } from './lib.mjs';

const simulate = process.argv.includes('--simulate');
const opts = simulate ? { keep: RECORD_EVENTS } : {};
const [which = 'd20', combats = '500', top = '30'] = process.argv.slice(2).filter((a) => a !== '--simulate');
const OSE = ['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => join(ROOT, 'rulesets/ose/overlays', `${o}.json`));
const program =
  which === 'ose' ? loadProgram(join(ROOT, 'rulesets/ose/ose.json'), OSE) : loadProgram(join(ROOT, 'rulesets/d20-srd/d20-srd.json'));
const enc = loadEncounter(join(ROOT, which === 'ose' ? 'bench/encounters/ose-phased-6v6.json' : 'bench/encounters/d20-4v4.json'), program);
for (let i = 0; i < 300; i++) run(program, enc, { seed: 100000 + i, ...opts });
const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 256,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
const n = Number(combats);
for (let i = 0; i < n; i++) run(program, enc, { seed: i + 1, ...opts });
const { profile } = await session.post('HeapProfiler.stopSampling');
const self = new Map();
let total = 0;
const walk = (node) => {
  const f = node.callFrame;
  const k = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
  total += node.selfSize;
  self.set(k, (self.get(k) ?? 0) + node.selfSize);
  for (const c of node.children) walk(c);
};
walk(profile.head);
console.log(`${which}${simulate ? ' (record-only)' : ''}: ${(total / n / 1024).toFixed(1)} KiB sampled per combat (${n} combats)\n`);
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) {
  console.log(`${((100 * v) / total).toFixed(1).padStart(5)}% ${(v / n / 1024).toFixed(2).padStart(7)} KiB  ${k}`);
}
