/**
 * The typed trace (interpreter/trace/events.ts) and schemas/trace.schema.json agree, both ways:
 * - the event types and, for each, its required and optional fields are the same lists;
 * - every event of every golden case and of each shipped sample (without and with each overlay,
 *   a few seeds) validates against the schema, which admits no field it does not list;
 * - every event type the schema lists is emitted by one of those runs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram, run } from '../interpreter/pipeline.js';
import { EVENT_FIELDS, type TraceEvent } from '../interpreter/trace/events.js';
import { Session } from '../interpreter/session/session.js';
import { listCases, listExampleCases, ROOT } from './support/cases.js';

interface Block {
  required?: string[];
  properties?: Record<string, unknown>;
}
const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/trace.schema.json'), 'utf8')) as {
  properties: { type: { enum: string[] } } & Record<string, unknown>;
  allOf: Array<{ if: { properties: { type: { const: string } } }; then: Block }>;
};
/** Fields every event may have; the per-type blocks list the rest. */
const COMMON = Object.keys(schema.properties);
const sorted = (xs: readonly string[]) => [...xs].sort();

function runs(): Array<{ name: string; events: TraceEvent[] }> {
  const out: Array<{ name: string; events: TraceEvent[] }> = [];
  for (const c of [...listCases(), ...listExampleCases()]) {
    const program = loadProgram(
      join(ROOT, c.spec.ruleset),
      (c.spec.with ?? []).map((w) => join(ROOT, w)),
    );
    const r = run(program, loadEncounter(c.encounterPath, program), {
      seed: c.spec.seed ?? 1,
      rolls: new Map(Object.entries(c.spec.rolls ?? {}).map(([k, v]) => [k, String(v)])),
      choices: new Map(Object.entries(c.spec.choices ?? {})),
      ...(c.spec.rounds !== undefined ? { rounds: c.spec.rounds } : {}),
    });
    out.push({ name: `golden ${c.name}`, events: r.events });
  }
  {
    // The one event no rule emits: a pinned label that never comes up is a warning.
    const program = loadProgram(join(ROOT, 'rulesets/ose/ose.json'), []);
    const encounter = loadEncounter(join(ROOT, 'rulesets/ose/encounters/skirmish.json'), program);
    out.push({ name: 'unused pin', events: run(program, encounter, { seed: 1, rolls: new Map([['r99.nobody.d6', '3']]) }).events });
  }
  {
    // A session (interpreter/session/): an answered declaration, and every kind of referee intervention.
    const program = loadProgram(join(ROOT, 'rulesets/d20-srd/d20-srd.json'), []);
    const encounter = loadEncounter(join(ROOT, 'rulesets/d20-srd/encounters/sample.json'), program);
    const s = new Session(program, encounter, { seed: 1, modes: { declaration: { combatants: { archer: 'ask' } } } });
    s.intervene({ op: 'damage', who: 'ogre', amount: 3 });
    s.intervene({ op: 'heal', who: 'ogre', amount: 1 });
    s.intervene({ op: 'set', who: 'ogre', stat: 'armor', value: 5 });
    s.intervene({ op: 'condition', who: 'ogre', condition: 'shaken', rounds: 1 });
    s.intervene({ op: 'condition', who: 'ogre', condition: 'shaken', remove: true });
    s.intervene({ op: 'join', side: 'tower', combatant: { id: 'orc-3', stats: { hp: 6, position: 50 } } });
    s.intervene({ op: 'flee', who: 'orc-2' });
    s.answer(null);
    s.answer(null);
    s.answer({ action: 'shoot', target: 'ogre' });
    out.push({ name: 'session', events: [...s.events] });
  }
  for (const id of readdirSync(join(ROOT, 'rulesets')).sort()) {
    const ruleset = join(ROOT, 'rulesets', id, `${id}.json`);
    if (!existsSync(ruleset)) continue;
    const overlays = readdirSync(join(ROOT, 'rulesets', id, 'overlays')).filter((f) => f.endsWith('.json'));
    for (const enc of readdirSync(join(ROOT, 'rulesets', id, 'encounters')).filter((f) => f.endsWith('.json'))) {
      for (const stack of [[], ...overlays.map((o) => [o])]) {
        let program;
        try {
          program = loadProgram(
            ruleset,
            stack.map((o) => join(ROOT, 'rulesets', id, 'overlays', o)),
          );
        } catch {
          continue; // an overlay that needs another under it (a module of the phased round)
        }
        const encounter = loadEncounter(join(ROOT, 'rulesets', id, 'encounters', enc), program);
        for (const seed of [1, 2, 3])
          out.push({ name: `${id}/${enc} +${stack.join('+')} seed ${seed}`, events: run(program, encounter, { seed }).events });
      }
    }
  }
  return out;
}

describe('typed trace events and the trace schema agree', () => {
  it('the same event types', () => {
    expect(sorted(Object.keys(EVENT_FIELDS))).toEqual(sorted(schema.properties.type.enum));
  });
  for (const type of schema.properties.type.enum) {
    it(`the same fields for ${type}`, () => {
      const block = schema.allOf.find((b) => b.if.properties.type.const === type)?.then ?? {};
      const fields = EVENT_FIELDS[type as keyof typeof EVENT_FIELDS];
      const own = (xs: readonly string[]) => sorted(xs.filter((x) => !COMMON.includes(x)));
      expect(own(block.required ?? []), 'required').toEqual(sorted(fields.required));
      expect(own(Object.keys(block.properties ?? {})), 'all fields').toEqual(sorted([...fields.required, ...fields.optional]));
    });
  }

  const all = runs();
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validate = ajv.compile(schema);
  it('every event of the golden and sample runs validates (no unlisted field)', () => {
    expect(all.length).toBeGreaterThan(100);
    const bad: string[] = [];
    for (const r of all) {
      for (const e of r.events)
        if (!validate(e) && bad.length < 5) bad.push(`${r.name}: ${JSON.stringify(e)}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(bad).toEqual([]);
  });
  it('every event type of the schema is emitted by some run', () => {
    const seen = new Set(all.flatMap((r) => r.events.map((e) => e.type)));
    expect(schema.properties.type.enum.filter((t) => !seen.has(t as TraceEvent['type']))).toEqual([]);
  });
});
