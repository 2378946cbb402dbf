#!/usr/bin/env node
/**
 * The engine worker's share of an edit of a rule document (issue 9, goal 6), in Node: CPU time
 * per rules edit — the program rebuilt (the edited overlay read, checked, resolved with the
 * ruleset and the other overlay, checked, compiled), the encounter checked, the combat run —
 * for this checkout's build against another, in one process, alternating batches.
 *
 * The edit is the one scripts/measure-editor.mjs makes in the browser (the crossbow-speed
 * overlay's crossbows step selects no one / the crossbowmen again): each edit is a new text, so a
 * new document, as the worker's DocCache gives it. A build that exports ExpressionCache is given
 * one, as the editor's CachingCore does (compiled expressions of unchanged documents kept).
 *
 *   git archive <rev> interpreter schemas tsconfig.json package.json | tar -x -C /tmp/old
 *   ln -s "$PWD/node_modules" /tmp/old/node_modules && (cd /tmp/old && npx tsc -p tsconfig.json)
 *   node bench/editor-rebuild.mjs --old /tmp/old/dist [--new DIR] [--batches 10] [--edits 40]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadavg } from 'node:os';
import { median, ROOT } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const oldDist = resolve(opt('--old', '/tmp/old/dist'));
const newDist = resolve(opt('--new', join(ROOT, 'dist')));
const BATCHES = Number(opt('--batches', 10));
const EDITS = Number(opt('--edits', 40));

const text = (p) => readFileSync(join(ROOT, 'rulesets', p), 'utf8');
const schema = (n) => JSON.parse(readFileSync(join(ROOT, 'schemas', `${n}.schema.json`), 'utf8'));
const A = text('ose/overlays/crossbow-speed.json');
const B = A.replace('"select": { "and": [{ "in": ["crossbow"', '"select": { "and": [false, { "in": ["crossbow"');
if (A === B) throw new Error('the edit does not apply to crossbow-speed.json');

/** One build's rules edit, as a function (each call: the other text of the overlay). */
async function editor(dist) {
  const I = await import(pathToFileURL(join(dist, 'interpreter/index.js')).href);
  const validator = I.createSchemaValidator([schema('ruleset'), schema('encounter'), schema('trace')]);
  const kept = I.ExpressionCache ? new I.ExpressionCache() : null;
  /** @type {any} the build's Core, with compile keeping expressions when the build can */
  const Keeping = class extends I.Core {
    compile(/** @type {unknown} */ resolved) {
      return I.compileRuleset(resolved, { expressions: kept });
    }
  };
  const core = kept ? new Keeping(validator) : new I.Core(validator);
  const read = (path, t) => I.readDocumentText(path, I.shortenRefs(t));
  const base = read('ose/ose.json', text('ose/ose.json'));
  const phased = read('ose/overlays/phased-round.json', text('ose/overlays/phased-round.json'));
  const encounter = read('ose/encounters/skirmish.json', text('ose/encounters/skirmish.json'));
  let n = 0;
  const edit = () => {
    const overlay = read('ose/overlays/crossbow-speed.json', n++ % 2 ? A : B);
    const program = core.program(base, [phased, overlay]);
    return core.run(program, core.encounter(encounter, program), { seed: 1, rolls: new Map(), choices: new Map() }).events;
  };
  return { edit, kept: kept !== null };
}

const builds = [
  { name: 'old', dist: oldDist, ...(await editor(oldDist)), ms: [] },
  { name: 'new', dist: newDist, ...(await editor(newDist)), ms: [] },
];
// The same events from both builds, both ways.
for (let i = 0; i < 2; i++) {
  const [a, b] = builds.map((x) => JSON.stringify(x.edit()));
  if (a !== b) throw new Error('the two builds give different events');
}
for (const b of builds) for (let i = 0; i < 20; i++) b.edit(); // warm-up
const loadStart = loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
for (let k = 0; k < BATCHES; k++) {
  for (const b of k % 2 ? [...builds].reverse() : builds) {
    const t0 = process.cpuUsage();
    for (let i = 0; i < EDITS; i++) b.edit();
    const t = process.cpuUsage(t0);
    b.ms.push((t.user + t.system) / 1000 / EDITS);
  }
}
const loadEnd = loadavg()
  .map((x) => x.toFixed(2))
  .join(' ');
for (const b of builds) {
  const s = [...b.ms].sort((x, y) => x - y);
  console.log(
    `${b.name} (${b.dist}${b.kept ? ', expressions kept' : ''}): CPU per rules edit median ${median(b.ms).toFixed(2)} ms ` +
      `(min ${s[0].toFixed(2)}, max ${s.at(-1).toFixed(2)}, ${BATCHES} batches of ${EDITS})`,
  );
}
console.log(`new / old: ${(median(builds[1].ms) / median(builds[0].ms)).toFixed(3)}`);
console.log(`load average: ${loadStart} at start, ${loadEnd} at end`);
