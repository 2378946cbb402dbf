#!/usr/bin/env node
/**
 * The first runs known valid at build time (issue 9, goal 6), for the editor's engine worker:
 * it runs such a request before loading its 700 KiB of schema validators (see
 * editor/src/lib/first-run-proof.ts). For every built-in ruleset (rulesets/**, as
 * editor/src/lib/builtins.ts bundles them), by the book and with each built-in overlay that
 * extends it (with the overlays it requires, required first, as opening the overlay selects
 * them), on every built-in encounter written for it: the run is checked with the worker's own
 * validators (editor/src/generated/validators.js) and, when every schema check passes, the
 * SHA-256 key of its exact paths and texts is written to editor/src/generated/first-runs.json.
 * A key the worker does not find (any other text) is simply checked first, as always.
 *
 *   node scripts/build-first-runs.mjs     (run by `npm run build:editor`, after build:validators)
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const rulesets = join(root, 'rulesets');

function walk(dir) {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return walk(p);
    return n.endsWith('.json') && n !== 'phasebook-pack.json' ? [p] : [];
  });
}

const docs = walk(rulesets)
  .map((p) => ({ path: relative(rulesets, p).split('\\').join('/'), text: readFileSync(p, 'utf8') }))
  .sort((a, b) => a.path.localeCompare(b.path));
const info = (d) => {
  try {
    return JSON.parse(d.text);
  } catch {
    return {};
  }
};
const byKind = (k) => docs.filter((d) => info(d).kind === k);

const load = async (p) => (await runnerImport(join(root, p))).module;
const { createPrecompiledValidator } = await load('interpreter/validate/precompiled.ts');
const { passesSchemas } = await load('editor/src/lib/first-run-check.ts');
const { firstRunKey } = await load('editor/src/lib/first-run-proof.ts');
const generated = await import(join(root, 'editor/src/generated/validators.js'));
const schema = (n) => JSON.parse(readFileSync(join(root, 'schemas', `${n}.schema.json`), 'utf8'));
const validator = createPrecompiledValidator(generated, [schema('ruleset'), schema('encounter'), schema('trace')]);

/** The overlay with the ones it requires first (by id among the overlays of the same ruleset). */
function withRequirements(overlay, overlays) {
  const out = [];
  const visit = (d, stack) => {
    if (out.includes(d) || stack.has(d)) return;
    stack.add(d);
    for (const req of info(d).requires ?? []) {
      const r = overlays.find((o) => info(o).id === req);
      if (r) visit(r, stack);
    }
    out.push(d);
  };
  visit(overlay, new Set());
  return out;
}

const keys = [];
let tried = 0;
for (const rs of byKind('ruleset')) {
  const id = info(rs).id;
  const overlays = byKind('overlay').filter((o) => info(o).extends === id);
  const encounters = byKind('encounter').filter((e) => info(e).ruleset === id);
  const stacks = [[], ...overlays.map((o) => withRequirements(o, overlays))];
  for (const enc of encounters)
    for (const stack of stacks) {
      const sent = [rs, ...stack, enc];
      const variant = { ruleset: rs.path, overlays: stack.map((o) => o.path), encounter: enc.path };
      tried++;
      if (passesSchemas(validator, variant, sent)) keys.push(await firstRunKey(variant, sent));
    }
}
keys.sort();
const out = join(root, 'editor/src/generated/first-runs.json');
writeFileSync(out, JSON.stringify(keys, null, 0) + '\n');
console.log(`first runs known valid: ${keys.length} of ${tried} → ${relative(root, out)}`);
