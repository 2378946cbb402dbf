/**
 * Benchmark 3: time per round as the number of combatants grows, and the measured exponent
 * (slope of log time per round against log n).
 *
 * The encounter is generated: n combatants, n/2 a side, cycling through six kinds (bow,
 * sword, crossbow, mace, two-handed axe, spear), each side in three ranks 5 ft apart, the sides
 * 100 ft apart, so every combatant has about the same work whatever n. It is run under OSE with
 * the phased round and the same modules as benchmark 1 (phased-round, crossbow-speed,
 * two-handed-last), plus bench/overlays/large-battles.json (acts per round 100,000 instead of
 * 10,000: nothing else), for at most `rounds` rounds per combat; small n run many seeded combats.
 */
import { loadEncounter, loadProgram, run } from '../dist/interpreter/pipeline.js';
import { gc, now, ROOT, slope } from './lib.mjs';

// Stats left at the ruleset's defaults are omitted (ac 9, thac0 19, 1d6 damage, speed 40,
// no tag = one-handed), so that 10,000 combatants fit in the reader's 1 MiB document limit.
const KINDS = [
  { stats: { hp: 5, ac: 7, missileBonus: 1, range: 150 }, tags: ['missile'] }, // bow
  { stats: { hp: 8, ac: 4, thac0: 17, damage: '1d8' } }, // sword
  { stats: { hp: 5, ac: 7, missileDamage: '1d8', range: 160 }, tags: ['missile', 'crossbow'] }, // crossbow
  { stats: { hp: 7, ac: 5, thac0: 18 } }, // mace
  { stats: { hp: 9, ac: 5, thac0: 17, damage: '1d10', speed: 30 }, tags: ['two-handed'] }, // two-handed axe
  { stats: { hp: 6, ac: 6, thac0: 18 } }, // spear
];

/** The generated encounter with n combatants (n even). */
export function generateEncounter(n) {
  const sides = ['a', 'b'].map((id, s) => ({
    id,
    name: id === 'a' ? 'Side A' : 'Side B',
    combatants: Array.from({ length: n / 2 }, (_, i) => {
      const k = KINDS[i % KINDS.length];
      const c = { id: `${id}${i}`, stats: { ...k.stats, position: s === 0 ? -5 * (i % 3) : 100 + 5 * (i % 3) } };
      if (k.tags) c.tags = k.tags;
      return c;
    }),
  }));
  return { kind: 'encounter', id: `scaling-${n}`, name: `Generated, ${n} combatants`, ruleset: 'ose', sides };
}

export const SCALING_OVERLAYS = [
  ...['phased-round', 'crossbow-speed', 'two-handed-last'].map((o) => `${ROOT}/rulesets/ose/overlays/${o}.json`),
  `${ROOT}/bench/overlays/large-battles.json`,
];

export async function scaling({ sizes = [10, 100, 1000, 10000], rounds = 4, minMs = 1500, log = (_line) => {} } = {}) {
  const program = loadProgram(`${ROOT}/rulesets/ose/ose.json`, SCALING_OVERLAYS);
  const rows = [];
  for (const n of sizes) {
    const text = JSON.stringify(generateEncounter(n));
    const encounter = loadEncounter(`scaling-${n}.json`, program, text); // schema- and semantically checked
    // Warm up on the same encounter (small n), so that the first sizes do not pay for the JIT.
    if (n <= 100) for (let s = 0; s < 20; s++) run(program, encounter, { seed: 10_000 + s, rounds });
    gc();
    let ms = 0;
    let played = 0;
    let combats = 0;
    let events = 0;
    while (ms < minMs || combats < 1) {
      const t0 = now();
      const r = run(program, encounter, { seed: ++combats, rounds });
      ms += now() - t0;
      played += r.rounds;
      events += r.events.length;
    }
    const row = {
      n,
      combats,
      rounds: played,
      ms: round3(ms),
      msPerRound: round3(ms / played),
      eventsPerRound: Math.round(events / played),
    };
    rows.push(row);
    log(`  n=${n}: ${row.msPerRound} ms/round (${combats} combats, ${played} rounds, ${row.eventsPerRound} events/round)`);
  }
  const exponent = slope(
    rows.map((r) => Math.log(r.n)),
    rows.map((r) => Math.log(r.msPerRound)),
  );
  const pairs = rows.slice(1).map((r, i) => ({
    from: rows[i].n,
    to: r.n,
    exponent: round3(Math.log(r.msPerRound / rows[i].msPerRound) / Math.log(r.n / rows[i].n)),
  }));
  return {
    ruleset: 'ose + phased-round + crossbow-speed + two-handed-last + bench/overlays/large-battles',
    roundsPerCombat: rounds,
    rows,
    exponent: round3(exponent),
    pairs,
  };
}

const round3 = (x) => Math.round(x * 1000) / 1000;
