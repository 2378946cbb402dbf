/**
 * The trace contract (schemas/trace.schema.json): every event a run emits validates, seq
 * counts from 0 without gaps, and acts of simultaneous actors share a group id.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { loadEncounter, loadProgram, run, schemas } from '../interpreter/pipeline.js';
import { ROOT } from './support/cases.js';

const OSE = join(ROOT, 'rulesets/ose/ose.json');
const SKIRMISH = join(ROOT, 'rulesets/ose/encounters/skirmish.json');
const MODULES = ['phased-round', 'crossbow-speed', 'two-handed-last', 'charges-first', 'lurking', 'withdrawal', 'caster-disruption'].map(
  (m) => join(ROOT, 'rulesets/ose/overlays', `${m}.json`),
);

const ajv = new Ajv2020({ strict: false, allErrors: true });
const traceSchema = schemas()[2] as { $id: string };
const validate = ajv.compile(traceSchema);

describe('trace contract', () => {
  for (const [name, overlays] of [
    ['by the book', []],
    ['phased, all modules', MODULES],
  ] as const) {
    it(`every event validates against the trace schema (${name})`, () => {
      const program = loadProgram(OSE, [...overlays]);
      for (const seed of [1, 2, 3, 4, 5]) {
        const { events } = run(program, loadEncounter(SKIRMISH, program), { seed });
        events.forEach((e, i) => {
          expect(e.seq).toBe(i);
          const ok = validate(e);
          expect(ok, `${JSON.stringify(e)}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        });
        expect(events[0]!.type).toBe('combat.start');
        expect(events.at(-1)!.type).toBe('combat.end');
        // Simultaneous acts share one group id, and a group always has two or more acts.
        const groups = new Map<string, number>();
        for (const e of events) if (e.type === 'act' && e.group) groups.set(e.group as string, (groups.get(e.group as string) ?? 0) + 1);
        for (const n of groups.values()) expect(n).toBeGreaterThan(1);
      }
    });
  }
});
