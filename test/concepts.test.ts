/**
 * The registered concepts (interpreter/concepts/) and the document language agree: every name a
 * ruleset may write has a definition, and every definition can be written. A new concept is one
 * file, one line in its table, and its name in schemas/ruleset.schema.json; this test says which
 * of the three is missing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECLARE_TIMES } from '../interpreter/concepts/declare-times/index.js';
import { EFFECT_OPS } from '../interpreter/concepts/effects/index.js';
import { HOLD_EXPIRIES } from '../interpreter/concepts/hold-expiry/index.js';
import { HOLD_MODES } from '../interpreter/concepts/hold-modes/index.js';
import { SUBJECTS } from '../interpreter/concepts/subjects/index.js';
import { INITIATIVE_SCOPES } from '../interpreter/concepts/initiative-scopes/index.js';
import { INITIATIVE_ROLLS } from '../interpreter/concepts/initiative-rolls/index.js';
import { ORDER_KEYS } from '../interpreter/concepts/sort-keys/index.js';
import { TARGET_PICKERS } from '../interpreter/concepts/targets/index.js';
import { describeTieBreak, TIE_BREAKS } from '../interpreter/concepts/tie-breaks/index.js';
import { REACTOR_KINDS, TRIGGER_KINDS } from '../interpreter/concepts/triggers/index.js';
import { TARGET_KINDS } from '../interpreter/concepts/target-kinds/index.js';
import { TURN_MODES } from '../interpreter/concepts/turn-modes/index.js';
import { ROOT } from './support/cases.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema read as plain JSON
const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/ruleset.schema.json'), 'utf8')) as { $defs: Record<string, any> };
const d = schema.$defs;
const sorted = (xs: Iterable<string>) => [...xs].sort();

describe('each concept table matches the names the schema allows', () => {
  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ['effect ops', EFFECT_OPS, d.effect.properties.op.enum],
    ['sort keys', ORDER_KEYS, d.orderKey.oneOf[0].enum],
    // A tie-break is a name, or an object keyed by its name ({ "reroll": "1d6" }).
    ['tie-breaks', TIE_BREAKS, [...d.ties.oneOf[0].enum, ...d.ties.oneOf.slice(1).flatMap((o: { required: string[] }) => o.required)]],
    ['hold modes', HOLD_MODES, d.effectHold.properties.resume.enum],
    ['hold expiries', HOLD_EXPIRIES, d.effectHold.properties.expires.enum],
    ['initiative scopes', INITIATIVE_SCOPES, d.initiative.properties.scope.enum],
    ['declaration times', DECLARE_TIMES, d.ruleset.properties.round.properties.declare.properties.when.enum],
    ['initiative rolls', INITIATIVE_ROLLS, d.initiative.properties.roll.enum],
    ['trigger kinds', TRIGGER_KINDS, d.trigger.properties.on.enum],
    ['reactors', REACTOR_KINDS, d.trigger.properties.reactors.enum],
    ['target pickers', TARGET_PICKERS, d.policyEntry.properties.target.enum],
    ['turn modes', TURN_MODES, d.ruleset.properties.round.properties.turns.properties.by.enum],
    ['target kinds', TARGET_KINDS, d.action.properties.target.enum],
    ['subjects', SUBJECTS, [...d.who.oneOf[0].enum, ...d.who.oneOf.slice(1).flatMap((o: { required: string[] }) => o.required)]],
  ];
  for (const [what, table, names] of cases) {
    it(what, () => {
      expect(sorted(Object.keys(table))).toEqual(sorted(names));
    });
  }
  it('every trigger timing the schema allows is a timing of some kind', () => {
    const timings = new Set(Object.values(TRIGGER_KINDS).flatMap((k) => Object.keys(k.timings)));
    expect(sorted(timings)).toEqual(sorted(d.trigger.properties.timing.enum));
  });
  it('sort keys and tie-breaks have the short phrase the editor shows', () => {
    for (const k of Object.values(ORDER_KEYS)) expect(k.phrase.length).toBeGreaterThan(8);
    expect(describeTieBreak(undefined)).toBe(TIE_BREAKS.simultaneous!.phrase('simultaneous', describeTieBreak));
    expect(describeTieBreak({ reroll: '1d6', then: 'referee' })).toBe(
      're-roll 1d6, highest first; tied again: the referee decides who goes first',
    );
  });
  it('every definition says what it is in game terms', () => {
    for (const table of cases.map((c) => c[1])) {
      for (const def of Object.values(table) as Array<{ description: string }>) expect(def.description.length).toBeGreaterThan(8);
    }
  });
});
