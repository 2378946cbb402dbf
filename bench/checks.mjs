#!/usr/bin/env node
/**
 * The semantic checks of a ruleset (issue 9, goals 5 and 6): CPU time of `checkRuleset` on the
 * resolved rulesets the editor and the CLI load — OSE with its seven overlays, d20 SRD, Cepheus
 * and Mage — this build against another (`--old DIR`, a dist/ built from an older checkout, see
 * bench/compare-builds.mjs), in one process, alternating batches timed by process.cpuUsage.
 * The figure is the median over rounds of (new batch CPU / old batch CPU).
 *
 *   node --expose-gc bench/checks.mjs --old /tmp/checks-old/dist [--rounds 30] [--batch 20] [--new DIR]
 *
 * `--cold N` instead times the first checkRuleset of a fresh process (the d20 SRD sample's
 * ruleset, as `phasebook run` checks it at start-up: code not yet optimised), N processes per
 * build, alternating; the figure is the median of per-pair ratios.
 *
 * Byte-identical diagnostics: `--snapshot FILE [--dist DIR]` writes, as JSON, what
 * checkRuleset (and loadProgram) report for every ruleset + overlay combination, every
 * document of test/fixtures, and deterministic mutations of the four rulesets that make every
 * check report (renamed stats, phases, actions, misspelt variables, removed declarations…).
 * Write one with the old build and one with this one, then `cmp` them.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadavg } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gc, median, ROOT } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const load = async (dist) => ({
  pipeline: await import(pathToFileURL(join(dist, 'interpreter/pipeline.js')).href),
  semantic: await import(pathToFileURL(join(dist, 'interpreter/validate/semantic.js')).href),
});
const OSE_OVERLAYS = ['phased-round', 'crossbow-speed', 'two-handed-last', 'charges-first', 'lurking', 'withdrawal', 'caster-disruption'];
const RULESETS = [
  { name: 'OSE + 7 overlays', rs: 'rulesets/ose/ose.json', ov: OSE_OVERLAYS.map((o) => `rulesets/ose/overlays/${o}.json`) },
  { name: 'd20 SRD', rs: 'rulesets/d20-srd/d20-srd.json', ov: [] },
  { name: 'Cepheus', rs: 'rulesets/cepheus/cepheus.json', ov: [] },
  { name: 'Mage', rs: 'rulesets/mage/mage.json', ov: [] },
];
const abs = (p) => join(ROOT, p);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function bench() {
  const rounds = Number(opt('--rounds', 30));
  const batch = Number(opt('--batch', 20));
  const builds = {
    old: await load(resolve(opt('--old', '/tmp/checks-old/dist'))),
    new: await load(resolve(opt('--new', join(ROOT, 'dist')))),
  };
  const out = {
    command: `node --expose-gc bench/checks.mjs ${args.join(' ')}`.trim(),
    loadBefore: loadavg().map((x) => x.toFixed(2)),
    cases: [],
  };
  for (const c of RULESETS) {
    // Each build checks its own resolved ruleset, a fresh copy per call: no cache outlives a call.
    const rulesets = {};
    for (const [k, b] of Object.entries(builds)) rulesets[k] = b.pipeline.loadProgram(abs(c.rs), c.ov.map(abs)).resolved.ruleset;
    const time = (k) => {
      const copies = Array.from({ length: batch }, () => structuredClone(rulesets[k]));
      gc(); // the copies' garbage is not the checks' (run node with --expose-gc)
      const t0 = cpuMs();
      for (const rs of copies) builds[k].semantic.checkRuleset(rs);
      return (cpuMs() - t0) / batch;
    };
    for (let i = 0; i < 5; i++) for (const k of ['old', 'new']) time(k); // warm-up
    const ratios = [];
    const per = { old: [], new: [] };
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 ? ['new', 'old'] : ['old', 'new'];
      const t = {};
      for (const k of order) per[k].push((t[k] = time(k)));
      if (t.old > 0) ratios.push(t.new / t.old);
    }
    const sorted = [...ratios].sort((a, b) => a - b);
    out.cases.push({
      name: c.name,
      oldMsPerCheck: +median(per.old).toFixed(3),
      newMsPerCheck: +median(per.new).toFixed(3),
      ratioMedian: +median(ratios).toFixed(3),
      ratioQuartiles: [+sorted[Math.floor(sorted.length / 4)].toFixed(3), +sorted[Math.floor((3 * sorted.length) / 4)].toFixed(3)],
    });
    console.error(JSON.stringify(out.cases.at(-1)));
  }
  out.loadAfter = loadavg().map((x) => x.toFixed(2));
  console.log(JSON.stringify(out, null, 2));
}

/** Every ruleset + overlay combination, fixture and mutation, with what the checks say of it. */
async function snapshot(file, dist) {
  const { pipeline, semantic } = await load(dist);
  const entries = [];
  const record = (name, f) => {
    try {
      entries.push({ name, result: f() });
    } catch (err) {
      entries.push({ name, error: err.diagnostics ?? String(err.message) });
    }
  };
  const programOf = (rs, ov) => pipeline.loadProgram(abs(rs), ov.map(abs));
  for (const dir of readdirSync(abs('rulesets')).sort()) {
    const rs = `rulesets/${dir}/${dir}.json`;
    const overlays = readdirSync(abs(`rulesets/${dir}/overlays`))
      .sort()
      .map((o) => `rulesets/${dir}/overlays/${o}`);
    record(`${rs}`, () => programOf(rs, []) && []);
    for (const o of overlays) record(`${rs} + ${o}`, () => programOf(rs, [o]) && []);
    record(`${rs} + all overlays`, () => programOf(rs, overlays) && []);
  }
  const fixtures = [];
  const walk = (d) => {
    for (const f of readdirSync(abs(d)).sort()) {
      const p = `${d}/${f}`;
      if (statSync(abs(p)).isDirectory()) walk(p);
      else if (f.endsWith('.json')) fixtures.push(p);
    }
  };
  walk('test/fixtures');
  const kindOf = (p) => {
    try {
      return JSON.parse(readFileSync(abs(p), 'utf8')).kind;
    } catch {
      return undefined;
    }
  };
  const fixtureRulesets = fixtures.filter((p) => kindOf(p) === 'ruleset');
  for (const p of fixtures) record(`fixture ${p}`, () => programOf(p, []) && []);
  for (const o of fixtures.filter((p) => kindOf(p) === 'overlay'))
    for (const rs of [...fixtureRulesets, ...RULESETS.map((c) => c.rs)]) record(`fixture ${rs} + ${o}`, () => programOf(rs, [o]) && []);
  const examples = readdirSync(abs('examples/packs'))
    .sort()
    .flatMap((d) => readdirSync(abs(`examples/packs/${d}/rulesets`)).map((f) => `examples/packs/${d}/rulesets/${f}`));
  for (const p of examples) record(`example ${p}`, () => programOf(p, []) && []);
  const bases = [...RULESETS, { name: 'unbalanced-world', rs: 'rulesets/unbalanced-world/unbalanced-world.json', ov: [] }];
  for (const p of examples) if (kindOf(p) === 'ruleset') bases.push({ name: p, rs: p, ov: [] });
  for (const c of bases) {
    let base;
    try {
      base = programOf(c.rs, c.ov).resolved.ruleset;
    } catch {
      continue;
    }
    for (const [m, mutate] of Object.entries(MUTATIONS)) {
      const rs = structuredClone(base);
      mutate(rs);
      record(`mutation ${m} of ${c.name}`, () => semantic.checkRuleset(rs));
    }
  }
  writeFileSync(file, JSON.stringify(entries, null, 1) + '\n');
  console.error(`${entries.length} entries, ${entries.filter((e) => e.error || e.result?.length).length} with problems → ${file}`);
}

/** Every object and array of a value, depth first. */
function* nodes(v) {
  if (Array.isArray(v)) for (const x of v) yield* nodes(x);
  else if (v && typeof v === 'object') {
    yield v;
    for (const k of Object.keys(v)) yield* nodes(v[k]);
  }
}
const renameKeys = (o, f) => {
  if (!o) return;
  for (const k of Object.keys(o)) {
    o[f(k)] = o[k];
    delete o[k];
  }
};
const MUTATIONS = {
  stats: (rs) => renameKeys(rs.combatant.stats, (k) => `${k}_`),
  derived: (rs) => renameKeys(rs.combatant.derived, (k) => `${k}_`),
  tags: (rs) => delete rs.combatant.tags,
  options: (rs) => delete rs.options,
  state: (rs) => delete rs.state,
  expressions: (rs) => renameKeys(rs.expressions, (k) => `${k}z`),
  decks: (rs) => renameKeys(rs.decks, (k) => `${k}z`),
  phases: (rs) => [...rs.round.phases, ...(rs.round.finally ?? [])].forEach((p) => (p.id += 'x')),
  actions: (rs) => rs.actions.forEach((a) => (a.id += 'x')),
  slots: (rs) => renameKeys(rs.economy.slots, (k) => `${k}_`),
  vars: (rs) => {
    for (const n of nodes(rs)) {
      if (typeof n.var === 'string') n.var = n.var.replace(/\.(\w)/, '.q$1');
      else if (Array.isArray(n.var) && typeof n.var[0] === 'string') n.var[0] = n.var[0].replace(/^(\w)/, 'z$1');
    }
  },
  dice: (rs) => {
    for (const s of Object.values(rs.combatant.stats)) if (typeof s.default === 'string') s.default = `${s.default}x`;
    for (const n of nodes(rs)) if (n.op === 'roll' && typeof n.dice === 'string') n.dice = 'd';
  },
  duplicates: (rs) => {
    rs.actions.push(rs.actions[0]);
    rs.round.phases.push(rs.round.phases[0]);
  },
  inject: (rs) => {
    const a = rs.actions[0];
    a.requires = {
      and: [
        { var: 'encounter.fooo' },
        { var: 'sides.a.state.barr' },
        { expr: 'nam' },
        { in: ['tagg', { var: 'actor.tags' }] },
        a.requires ?? true,
      ],
    };
    a.effects = [
      ...(a.effects ?? []),
      { op: 'state', of: 'side', key: 'bazz' },
      { op: 'reshuffle', deck: 'dekk' },
      { op: 'roll', dice: '3q' },
    ];
    a.duration = { endsAt: { phase: 'nophase' } };
    rs.expressions = { ...rs.expressions, loop: { expr: 'loop' }, wide: { var: 'x', expr: 'loop' } };
  },
  empty: (rs) => {
    rs.actions = [];
    rs.end = [];
  },
};

if (args.includes('--cold-child')) await coldChild(opt('--cold-child'));
else if (args.includes('--cold')) cold(Number(opt('--cold', 15)));
else if (args.includes('--snapshot')) await snapshot(opt('--snapshot'), resolve(opt('--dist', join(ROOT, 'dist'))));
else await bench();

/** In a fresh process: load the d20 SRD ruleset with `dist`, then print the CPU ms of its first check. */
async function coldChild(dist) {
  const { pipeline, semantic } = await load(dist);
  const rs = pipeline.loadProgram(abs('rulesets/d20-srd/d20-srd.json')).resolved.ruleset;
  const copy = structuredClone(rs);
  const t0 = cpuMs();
  semantic.checkRuleset(copy);
  console.log(cpuMs() - t0);
}

function cold(n) {
  const dists = { old: resolve(opt('--old', '/tmp/checks-old/dist')), new: resolve(opt('--new', join(ROOT, 'dist'))) };
  const per = { old: [], new: [] };
  const ratios = [];
  const loadBefore = loadavg()[0].toFixed(2);
  for (let r = 0; r < n; r++) {
    const t = {};
    for (const k of r % 2 ? ['new', 'old'] : ['old', 'new']) {
      const out = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--cold-child', dists[k]], { encoding: 'utf8' });
      if (out.status !== 0) throw new Error(out.stderr);
      per[k].push((t[k] = Number(out.stdout.trim())));
    }
    ratios.push(t.new / t.old);
  }
  const result = {
    command: `node bench/checks.mjs ${args.join(' ')}`,
    loadBefore,
    loadAfter: loadavg()[0].toFixed(2),
    oldColdMs: +median(per.old).toFixed(2),
    newColdMs: +median(per.new).toFixed(2),
    ratioMedian: +median(ratios).toFixed(3),
  };
  console.log(JSON.stringify(result, null, 2));
}
