/**
 * Golden cases as folders: test/samples/<ruleset>/<case>/ holds
 *   encounter.json  — the combatants (and optionally script, dice, decisions)
 *   case.json       — ruleset, overlays, seed, pinned dice and decisions, the cited rule, and
 *                     the expected order of acts, written by hand from the source text.
 *
 * An expected act is "<round> <phase>/<step>: <actor> <action>"; simultaneous actors are one
 * entry joined by " + "; a reaction out of turn starts with "!" ("1 movement/moves: !archer opportunity-shot").
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { loadEncounter, loadProgram, run } from '../../interpreter/pipeline.js';
import type { RunResult } from '../../interpreter/run/types.js';
import type { TraceEvent } from '../../interpreter/trace/events.js';

export const ROOT = join(import.meta.dirname, '..', '..');
export const SAMPLES = join(ROOT, 'test', 'samples');

export interface CaseSpec {
  /** Path of the ruleset, relative to the repository root. */
  ruleset: string;
  /** Overlay paths, relative to the repository root, in order. */
  with?: string[];
  seed?: number;
  rounds?: number;
  rolls?: Record<string, string | number>;
  choices?: Record<string, string>;
  /** The rule under test: source file and a short quote or paraphrase. */
  rule: { file: string; quote: string; note?: string };
  /** Only compare acts of these rounds / phases (all when absent). */
  only?: { rounds?: number[]; phases?: string[] };
  expect: {
    acts?: string[];
    winner?: string | null;
    reason?: string;
    /** Event types with fields that must appear, in this order, among the events. */
    events?: Array<Record<string, unknown>>;
  };
}

export interface GoldenCase {
  name: string;
  dir: string;
  spec: CaseSpec;
  encounterPath: string;
}

export function listCases(): GoldenCase[] {
  const out: GoldenCase[] = [];
  if (!existsSync(SAMPLES)) return out;
  for (const rs of readdirSync(SAMPLES).sort()) {
    for (const c of readdirSync(join(SAMPLES, rs)).sort()) {
      const dir = join(SAMPLES, rs, c);
      out.push({
        name: `${rs}/${c}`,
        dir,
        spec: JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as CaseSpec,
        encounterPath: join(dir, 'encounter.json'),
      });
    }
  }
  return out;
}

/** A shipped sample encounter under one overlay stack; paths relative to the repository root. */
export interface Variant {
  name: string;
  ruleset: string;
  overlays: string[];
  encounter: string;
}

/**
 * Every shipped sample encounter under each overlay stack: no overlay, each overlay alone, and
 * where a ruleset has a `phased-round` overlay, that overlay with each other module and with all
 * of them (the safety net's coverage; its names are the net's keys).
 */
export function listVariants(): Variant[] {
  const out: Variant[] = [];
  const R = (p: string) => join(ROOT, p);
  for (const id of readdirSync(R('rulesets')).sort()) {
    const ruleset = `rulesets/${id}/${id}.json`;
    if (!existsSync(R(ruleset))) continue;
    const overlays = readdirSync(R(`rulesets/${id}/overlays`))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .sort();
    const stacks: string[][] = [[]];
    if (overlays.includes('phased-round')) {
      const modules = overlays.filter((o) => o !== 'phased-round' && o !== 'ties-reroll');
      stacks.push(['ties-reroll'], ['phased-round'], ...modules.map((m) => ['phased-round', m]), ['phased-round', ...modules]);
    } else for (const o of overlays) stacks.push([o]);
    for (const enc of readdirSync(R(`rulesets/${id}/encounters`))
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      for (const stack of stacks) {
        out.push({
          name: `${id}/${enc}${stack.length ? ' +' + stack.join('+') : ''}`,
          ruleset,
          overlays: stack.map((o) => `rulesets/${id}/overlays/${o}.json`),
          encounter: `rulesets/${id}/encounters/${enc}`,
        });
      }
    }
  }
  return out;
}

/** Example packs (examples/packs/<pack>/): their golden cases live in cases/<case>/, in the same form. */
export const EXAMPLE_PACKS = join(ROOT, 'examples', 'packs');

/** The example packs (folders with a phasebook-pack.json). */
export function listExamplePacks(): string[] {
  if (!existsSync(EXAMPLE_PACKS)) return [];
  return readdirSync(EXAMPLE_PACKS)
    .filter((p) => existsSync(join(EXAMPLE_PACKS, p, 'phasebook-pack.json')))
    .sort();
}

export function listExampleCases(): GoldenCase[] {
  const out: GoldenCase[] = [];
  if (!existsSync(EXAMPLE_PACKS)) return out;
  for (const pack of readdirSync(EXAMPLE_PACKS).sort()) {
    const casesDir = join(EXAMPLE_PACKS, pack, 'cases');
    if (!existsSync(casesDir)) continue;
    for (const c of readdirSync(casesDir).sort()) {
      const dir = join(casesDir, c);
      out.push({
        name: `${pack}/${c}`,
        dir,
        spec: JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as CaseSpec,
        encounterPath: join(dir, 'encounter.json'),
      });
    }
  }
  return out;
}

/** Run a golden case: its ruleset and overlays (paths from the repository root), its encounter, seed and pins. */
export function runCase(c: GoldenCase): RunResult {
  const program = loadProgram(
    join(ROOT, c.spec.ruleset),
    (c.spec.with ?? []).map((w) => join(ROOT, w)),
  );
  return run(program, loadEncounter(c.encounterPath, program), {
    seed: c.spec.seed ?? 1,
    rolls: new Map(Object.entries(c.spec.rolls ?? {}).map(([k, v]) => [k, String(v)])),
    choices: new Map(Object.entries(c.spec.choices ?? {})),
    ...(c.spec.rounds !== undefined ? { rounds: c.spec.rounds } : {}),
  });
}

/** What a golden case expects of its run: every pin used, then its acts, winner, reason and events. */
export function expectCase(c: GoldenCase, result: RunResult): void {
  const warnings = result.events.filter((e) => e.type === 'warning').map((e) => e.message);
  expect(warnings, 'every pinned roll and decision must be used').toEqual([]);
  if (c.spec.expect.acts) expect(actsOf(result.events, c.spec.only)).toEqual(c.spec.expect.acts);
  if (c.spec.expect.winner !== undefined) expect(result.winner).toBe(c.spec.expect.winner);
  if (c.spec.expect.reason !== undefined) expect(result.reason).toBe(c.spec.expect.reason);
  if (c.spec.expect.events) expect(containsInOrder(result.events, c.spec.expect.events)).toBeNull();
}

/** The acts of a run in the golden-case notation. */
export function actsOf(events: readonly TraceEvent[], only?: CaseSpec['only']): string[] {
  const out: string[] = [];
  let lastGroup: string | null = null;
  for (const e of events) {
    if (e.type !== 'act') {
      if (e.type !== 'roll' && e.type !== 'damage' && e.type !== 'down' && e.type !== 'note' && e.type !== 'decision') lastGroup = null;
      continue;
    }
    if (only?.rounds && !only.rounds.includes(e.round)) continue;
    if (only?.phases && !only.phases.includes(String(e.phase))) continue;
    const who = `${e.reaction ? '!' : ''}${String(e.combatant)} ${String(e.action)}`;
    const where = `${e.round} ${String(e.phase)}/${String(e.step ?? '-')}`;
    if (e.group && e.group === lastGroup) {
      out[out.length - 1] += ` + ${who}`;
    } else {
      out.push(`${where}: ${who}`);
    }
    lastGroup = (e.group as string | undefined) ?? null;
  }
  return out;
}

/** Whether `events` contains the expected partial events in order. */
export function containsInOrder(events: readonly TraceEvent[], expected: Array<Record<string, unknown>>): string | null {
  let i = 0;
  for (const want of expected) {
    const matches = (e: TraceEvent) =>
      Object.entries(want).every(([k, v]) => JSON.stringify((e as unknown as Record<string, unknown>)[k]) === JSON.stringify(v));
    while (i < events.length && !matches(events[i]!)) i++;
    if (i === events.length) return `no event ${JSON.stringify(want)} (in order)`;
    i++;
  }
  return null;
}
