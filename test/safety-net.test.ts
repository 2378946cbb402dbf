/**
 * The safety net for engine changes (issue "The engine as a session", §6).
 *
 * test/safety-net/traces.json records, from the engine as it was before a change:
 * - every golden case: its order of acts and a sha-256 digest of its whole trace (JSON Lines);
 * - every shipped sample encounter under each overlay stack (no overlay, each overlay alone, and
 *   for OSE the phased round with each module and with all of them), for seeds 1 to 50: the order
 *   of acts and a digest of each seed's trace.
 *
 * A refactoring must reproduce all of it byte for byte. A deliberate change of a trace (a new
 * event, a new field) is recorded again with
 *
 *   PHASEBOOK_RECORD=1 npx vitest run test/safety-net.test.ts
 *
 * and the commit that does so names each trace that changed and why.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { toJsonLines, type TraceEvent } from '../interpreter/trace/events.js';
import { actsOf, listCases, listVariants, ROOT } from './support/cases.js';

const FILE = join(ROOT, 'test', 'safety-net', 'traces.json');
const SEEDS = 50;
const RECORD = process.env.PHASEBOOK_RECORD === '1';

interface Entry {
  acts: string[];
  digest: string;
}
type Net = Record<string, Entry>;

const digest = (events: readonly TraceEvent[]) => createHash('sha256').update(toJsonLines(events)).digest('hex').slice(0, 24);

function compute(): Net {
  const net: Net = {};
  for (const c of listCases()) {
    const program = loadProgram(
      join(ROOT, c.spec.ruleset),
      (c.spec.with ?? []).map((w) => join(ROOT, w)),
    );
    const enc = loadEncounter(c.encounterPath, program);
    const r = run(program, enc, {
      seed: c.spec.seed ?? 1,
      rolls: new Map(Object.entries(c.spec.rolls ?? {}).map(([k, v]) => [k, String(v)])),
      choices: new Map(Object.entries(c.spec.choices ?? {})),
      ...(c.spec.rounds !== undefined ? { rounds: c.spec.rounds } : {}),
    });
    net[`golden ${c.name}`] = { acts: actsOf(r.events), digest: digest(r.events) };
  }
  for (const v of listVariants()) {
    const program = loadProgram(
      join(ROOT, v.ruleset),
      v.overlays.map((o) => join(ROOT, o)),
    );
    const enc = loadEncounter(join(ROOT, v.encounter), program);
    for (let seed = 1; seed <= SEEDS; seed++) {
      const r = run(program, enc, { seed });
      net[`sample ${v.name} seed ${seed}`] = { acts: actsOf(r.events), digest: digest(r.events) };
    }
  }
  return net;
}

describe('safety net: traces are unchanged', () => {
  const now = compute();
  if (RECORD) {
    it('records the net', () => {
      writeFileSync(FILE, JSON.stringify(now, null, 1) + '\n');
      expect(Object.keys(now).length).toBeGreaterThan(0);
    });
    return;
  }
  const recorded = JSON.parse(readFileSync(FILE, 'utf8')) as Net;
  it('covers the same runs as recorded', () => {
    expect(Object.keys(now).sort()).toEqual(Object.keys(recorded).sort());
  });
  it('every order of acts is unchanged', () => {
    const changed = Object.keys(recorded).filter((k) => now[k] && JSON.stringify(now[k].acts) !== JSON.stringify(recorded[k]!.acts));
    expect(changed).toEqual([]);
  });
  it('every trace is byte-identical', () => {
    const changed = Object.keys(recorded).filter((k) => now[k] && now[k].digest !== recorded[k]!.digest);
    expect(changed).toEqual([]);
  });
});
