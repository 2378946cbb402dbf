#!/usr/bin/env node
/**
 * What this machine gives two JavaScript threads, with no Phasebook code at all (issue 9, goal 4:
 * parallel efficiency ≥ 0.85 on 2 workers). Four kernels, each run by 1 worker thread and then by
 * 2 worker threads started together (the same work each), alternating, `--rounds` times:
 *
 *   chain  an integer loop, one long dependency chain, nothing allocated;
 *   ilp    two xorshift streams, table reads from L1 and a branch: much independent work, nothing
 *          allocated;
 *   young  small objects kept for 1,024 steps in a ring (they die young: scavenges copy little);
 *   kept   small objects kept in a 65,536-slot table (they survive scavenges: copied, promoted).
 *
 * Efficiency = time of 1 thread ÷ time of 2 threads doing twice the work together (1.0: two
 * threads cost nothing to each other). Workers get the heap limits `phasebook simulate` gives its
 * own (interpreter/simulate/runner.ts: young 4 MB, old 512 MB). Run it with and without
 * `--single-threaded-gc` to see V8's GC helper threads' share.
 *
 *   node bench/alloc-ceiling.mjs [--rounds 3]
 */
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';

function chain(n) {
  let x = 0;
  for (let i = 0; i < n; i++) x = (x * 31 + i) | 0;
  return x;
}
const table = new Int32Array(4096).map((_, i) => Math.imul(i, 2654435761));
function ilp(n) {
  let a = 1,
    b = 2,
    c = 3,
    d = 4,
    s = 0;
  for (let i = 0; i < n; i++) {
    a ^= a << 13;
    a ^= a >>> 17;
    a ^= a << 5;
    b ^= b << 13;
    b ^= b >>> 17;
    b ^= b << 5;
    c = (c + table[a & 4095]) | 0;
    d = (d ^ table[b & 4095]) | 0;
    s = (a & 7) === 0 ? (s + c) | 0 : (s ^ d) | 0;
  }
  return s;
}
const ring = new Array(1024).fill(null);
function young(n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    const o = { a: i, b: [i, i + 1], c: ring[(i + 1) & 1023] === null ? 0 : 1 };
    ring[i & 1023] = o;
    s = (s + o.b[1] + o.a + o.c) | 0;
  }
  return s;
}
const slots = new Array(1 << 16).fill(null);
function kept(n) {
  let s = 0;
  for (let i = 0; i < n; i++) {
    const o = { a: i, b: [i, i + 1] };
    slots[Math.imul(i, 7919) & 65535] = o;
    s = (s + o.a) | 0;
  }
  return s;
}
const KERNELS = { chain, ilp, young, kept };
const STEPS = { chain: 3e8, ilp: 1e8, young: 3e7, kept: 1e7 };

if (!isMainThread) {
  parentPort.on('message', ([k, n]) => parentPort.postMessage(KERNELS[k](n)));
} else {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
  const rounds = Number(values.rounds);
  const heap = { resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 512 } };
  const make = () => new Worker(new URL(import.meta.url), heap);
  const one = [make()];
  const two = [make(), make()];
  const run = (ws, k) => Promise.all(ws.map((w) => new Promise((done) => (w.once('message', done), w.postMessage([k, STEPS[k]])))));
  const timed = async (ws, k) => {
    const t = performance.now();
    await run(ws, k);
    return performance.now() - t;
  };
  const load = loadavg()[0];
  for (const k of Object.keys(KERNELS)) {
    await run(one, k); // warm up
    await run(two, k);
  }
  const eff = Object.fromEntries(Object.keys(KERNELS).map((k) => [k, []]));
  for (let r = 0; r < rounds; r++)
    for (const k of Object.keys(KERNELS)) {
      const t1 = await timed(one, k);
      const t2 = await timed(two, k);
      eff[k].push(Math.round((t1 / t2) * 1000) / 1000);
      console.error(
        `round ${r + 1} ${k.padEnd(5)} 1 thread ${t1.toFixed(0)} ms, 2 threads ${t2.toFixed(0)} ms → efficiency ${(t1 / t2).toFixed(3)}`,
      );
    }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const out = {
    command: `node ${process.execArgv.join(' ')} bench/alloc-ceiling.mjs --rounds ${rounds}`.replace(/ +/g, ' '),
    loadAverage: { start: load, end: loadavg()[0] },
    efficiency: Object.fromEntries(Object.entries(eff).map(([k, xs]) => [k, { median: median(xs), all: xs }])),
  };
  console.log(JSON.stringify(out, null, 2));
  process.exit(0);
}
