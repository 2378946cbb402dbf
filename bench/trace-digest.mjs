#!/usr/bin/env node
/**
 * Digest of the traces (JSON Lines, byte for byte) of many seeded runs of every ruleset's sample
 * encounter with and without its overlays, the benchmark encounters and a generated 100-combatant
 * encounter. Used to check that an engine change keeps every trace identical:
 *
 *   node bench/trace-digest.mjs > /tmp/before.txt   # before the change (after npm run build)
 *   node bench/trace-digest.mjs > /tmp/after.txt    # after it
 *   diff /tmp/before.txt /tmp/after.txt             # no output: identical
 *
 * Options: --seeds N (default 60); --dist DIR runs another build of the interpreter (e.g. one
 * compiled from `git archive HEAD` into /tmp/old/dist), so both sides can be compared at once.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateEncounter } from './scaling.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const seeds = Number(opt('--seeds', 60)) || 60;
const root = new URL('..', import.meta.url).pathname;
const dist = resolve(opt('--dist', join(root, 'dist')));
const { loadEncounter, loadProgram, run } = await import(pathToFileURL(join(dist, 'interpreter/pipeline.js')).href);
const { toJsonLines } = await import(pathToFileURL(join(dist, 'interpreter/trace/events.js')).href);

/** A d20 crowd: n combatants, n/2 a side, fighters, archers and brutes, 30 ft apart. */
function d20Crowd(n) {
  const kinds = [
    { stats: { hp: 14, dexMod: 1, armor: 5, attackBonus: 4, attacks: 2, damage: '1d8', damageBonus: 2, critRange: 19, speed: 20 } },
    {
      stats: { hp: 10, dexMod: 3, armor: 3, rangedBonus: 5, rangedDamage: '1d8', critMult: 3, range: 100, speed: 30 },
      tags: ['ranged', 'unarmed'],
    },
    { stats: { hp: 12, dexMod: 2, armor: 3, attackBonus: 3, damage: '1d6', damageBonus: 1, speed: 30 }, tags: ['combat-reflexes'] },
    { stats: { hp: 16, dexMod: -1, armor: 4, attackBonus: 5, damage: '2d6', damageBonus: 3, speed: 30 } },
  ];
  const sides = ['p', 'q'].map((id, s) => ({
    id,
    name: id,
    combatants: Array.from({ length: n / 2 }, (_, i) => {
      const k = kinds[i % kinds.length];
      return {
        id: `${id}${i}`,
        stats: { ...k.stats, position: s === 0 ? -5 * (i % 4) : 30 + 5 * (i % 4) },
        ...(k.tags ? { tags: k.tags } : {}),
      };
    }),
  }));
  return { kind: 'encounter', id: `d20-crowd-${n}`, name: `d20 crowd of ${n}`, ruleset: 'd20-srd', sides };
}
const R = (p) => join(root, p);
const O = (id, names) => names.map((n) => R(`rulesets/${id}/overlays/${n}.json`));
const PHASED = ['phased-round'];
const MODULES = ['crossbow-speed', 'two-handed-last', 'charges-first', 'lurking', 'withdrawal', 'caster-disruption'];

const variants = [];
for (const id of readdirSync(R('rulesets'))) {
  const rs = R(`rulesets/${id}/${id}.json`);
  for (const enc of readdirSync(R(`rulesets/${id}/encounters`))) {
    const e = R(`rulesets/${id}/encounters/${enc}`);
    variants.push({ name: `${id}/${enc}`, rs, ov: [], enc: e });
    const overlays = readdirSync(R(`rulesets/${id}/overlays`)).map((f) => f.replace(/\.json$/, ''));
    if (id === 'ose') {
      variants.push({ name: `${id}/${enc} +ties-reroll`, rs, ov: O(id, ['ties-reroll']), enc: e });
      variants.push({ name: `${id}/${enc} +phased`, rs, ov: O(id, PHASED), enc: e });
      for (const m of MODULES) variants.push({ name: `${id}/${enc} +phased+${m}`, rs, ov: O(id, [...PHASED, m]), enc: e });
      variants.push({ name: `${id}/${enc} +phased+all`, rs, ov: O(id, [...PHASED, ...MODULES]), enc: e });
    } else {
      for (const o of overlays) variants.push({ name: `${id}/${enc} +${o}`, rs, ov: O(id, [o]), enc: e });
    }
  }
}
const BENCH_OSE = O('ose', ['phased-round', 'crossbow-speed', 'two-handed-last']);
variants.push({
  name: 'bench/ose-phased-6v6',
  rs: R('rulesets/ose/ose.json'),
  ov: BENCH_OSE,
  enc: R('bench/encounters/ose-phased-6v6.json'),
});
variants.push({ name: 'bench/d20-4v4', rs: R('rulesets/d20-srd/d20-srd.json'), ov: [], enc: R('bench/encounters/d20-4v4.json') });
variants.push({ name: 'bench/scaling-100 (phased)', rs: R('rulesets/ose/ose.json'), ov: BENCH_OSE, gen: 100, seeds: 10 });
variants.push({ name: 'bench/scaling-100 (by the book)', rs: R('rulesets/ose/ose.json'), ov: [], gen: 100, seeds: 10 });
variants.push({
  name: 'bench/scaling-100 (phased, all modules)',
  rs: R('rulesets/ose/ose.json'),
  ov: O('ose', [...PHASED, ...MODULES]),
  gen: 100,
  seeds: 10,
});
variants.push({ name: 'bench/scaling-300 (phased)', rs: R('rulesets/ose/ose.json'), ov: BENCH_OSE, gen: 300, seeds: 3 });
variants.push({ name: 'd20 crowd of 100', rs: R('rulesets/d20-srd/d20-srd.json'), ov: [], crowd: 100, seeds: 10 });

const all = createHash('sha256');
for (const v of variants) {
  const program = loadProgram(v.rs, v.ov);
  const encounter = v.gen
    ? loadEncounter(`scaling-${v.gen}.json`, program, JSON.stringify(generateEncounter(v.gen)))
    : v.crowd
      ? loadEncounter(`d20-crowd-${v.crowd}.json`, program, JSON.stringify(d20Crowd(v.crowd)))
      : loadEncounter(v.enc, program);
  const h = createHash('sha256');
  let events = 0;
  for (let s = 1; s <= (v.seeds ?? seeds); s++) {
    let text;
    try {
      const r = run(program, encounter, { seed: s });
      text = toJsonLines(r.events);
      events += r.events.length;
    } catch (err) {
      text = `error: ${err instanceof Error ? err.message : String(err)}\n`;
    }
    h.update(text);
  }
  const d = h.digest('hex').slice(0, 16);
  all.update(d);
  console.log(`${d}  ${String(events).padStart(8)} events  ${v.name}`);
}
console.log(`${all.digest('hex').slice(0, 16)}  all ${variants.length} variants`);
