#!/usr/bin/env node
/**
 * The V8 code cache of the CLI (issue 9, cold start), the last step of `npm run build`: loads the
 * CLI's bundle (scripts/bundle-cli.mjs) through dist/interpreter/code-cache.js while recording,
 * runs `phasebook run` on every encounter shipped under rulesets/ (so that the cache also holds
 * the functions V8 compiles lazily, at their first call: the reader, the checks, the compiler,
 * the engine, the text output, the quick schema validators), then writes `<file>.v8cache` next to
 * each CommonJS file it loaded. `bin/phasebook.js` hands them to V8 (see code-cache.ts for the
 * checks). Run with Node's default flags: V8 refuses a cache made under other flags (then it
 * only compiles as without one).
 *
 *   node scripts/build-code-cache.mjs
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './build-validators.mjs';

const out = join(ROOT, 'dist', 'interpreter');
const bundle = join(out, 'cli.bundle.cjs');
const generated = join(ROOT, 'dist', 'generated', 'cli');
for (const dir of [out, generated])
  for (const f of existsSync(dir) ? readdirSync(dir) : []) if (f.endsWith('.v8cache')) rmSync(join(dir, f));

/** Every `rulesets/<name>/<name>.json` with each of its `encounters/*.json`. */
function samples() {
  const runs = [];
  const rulesets = join(ROOT, 'rulesets');
  for (const name of readdirSync(rulesets).sort()) {
    const ruleset = join(rulesets, name, `${name}.json`);
    const encounters = join(rulesets, name, 'encounters');
    if (!existsSync(ruleset) || !existsSync(encounters)) continue;
    for (const e of readdirSync(encounters).sort()) if (e.endsWith('.json')) runs.push([ruleset, join(encounters, e)]);
  }
  return runs;
}

const { loadBuilt, recordCodeCaches, writeCodeCaches } = await import(join(out, 'code-cache.js'));
recordCodeCaches();
const { main } = loadBuilt(bundle);
const runs = samples();
if (runs.length === 0) throw new Error('no sample encounter under rulesets/ to warm the code cache with');
for (const [ruleset, encounter] of runs) {
  let errors = '';
  const io = { out: () => true, err: (s) => ((errors += s), true) };
  const status = await main(['run', ruleset, encounter], io);
  if (status !== 0) throw new Error(`phasebook run ${ruleset} ${encounter} failed (${status}): ${errors}`);
}
const written = writeCodeCaches();
process.stderr.write(`wrote ${written.length} V8 code caches (after ${runs.length} runs)\n`);
