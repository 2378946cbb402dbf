/**
 * Outcomes on real runs of the built-in rulesets (the CLI's pipeline), with the attack roll
 * pinned: every system shows whether an attack hit, whatever its documents print.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { loadEncounter, loadProgram, run } from '../../../interpreter/pipeline.js';
import { buildTimeline, type ActNode, type TimelineModel } from './timeline.js';
import { actOutcome } from './outcome.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const R = (p: string) => join(ROOT, 'rulesets', p);

function timeline(ruleset: string, encounter: string, rolls: Record<string, string> = {}): TimelineModel {
  const program = loadProgram(R(ruleset), []);
  const enc = loadEncounter(R(encounter), program);
  return buildTimeline(run(program, enc, { seed: 1, rolls: new Map(Object.entries(rolls)), choices: new Map() }).events);
}

function allActs(m: TimelineModel): ActNode[] {
  const out: ActNode[] = [];
  const visit = (a: ActNode) => {
    out.push(a);
    a.reactions.forEach(visit);
  };
  for (const r of m.rounds)
    for (const t of r.turns)
      for (const p of t.phases)
        for (const s of p.steps)
          for (const it of s.items) {
            if (it.kind === 'act') visit(it.act);
            else if (it.kind === 'group') it.acts.forEach(visit);
          }
  return out;
}

const SYSTEMS: Array<[string, string]> = [
  ['ose/ose.json', 'ose/encounters/skirmish.json'],
  ['d20-srd/d20-srd.json', 'd20-srd/encounters/sample.json'],
  ['cepheus/cepheus.json', 'cepheus/encounters/sample.json'],
  ['mage/mage.json', 'mage/encounters/sample.json'],
  ['unbalanced-world/unbalanced-world.json', 'unbalanced-world/encounters/sample.json'],
];

describe('the outcome of an act', () => {
  // rulesets/ose/ose.json /procedures/attack: damage only when the roll reaches THAC0 − AC.
  it('OSE by the book: an attack roll pinned to 1 misses, to 20 hits', () => {
    const OSE = ['ose/ose.json', 'ose/encounters/skirmish.json'] as const;
    const attackRoll = (a: ActNode) =>
      a.details.find((d) => d.kind === 'roll' && d.label.endsWith('.attack')) as { label: string } | undefined;
    const first = allActs(timeline(...OSE)).find((a) => attackRoll(a))!;
    const label = attackRoll(first)!.label;
    const pinned = (v: string) => allActs(timeline(...OSE, { [label]: v })).find((a) => a.key === first.key)!;
    expect(actOutcome(pinned('1'))).toEqual({ kind: 'miss', reached: [], text: `misses ${first.target}` });
    const hit = actOutcome(pinned('20'))!;
    expect(hit.kind).toBe('hit');
    expect(hit.reached).toContain(first.target);
  });

  it.each(SYSTEMS)('%s: every attack that rolled has an outcome, a hit exactly when damage, a down or a condition followed', (rs, enc) => {
    const acts = allActs(timeline(rs, enc));
    const attacks = acts.filter((a) => a.target && a.target !== a.actor && a.details.some((d) => d.kind === 'roll'));
    expect(attacks.length).toBeGreaterThan(0);
    for (const a of attacks) {
      const o = actOutcome(a);
      const effect = a.details.some(
        (d) => (d.kind === 'damage' && d.amount >= 0 && d.target !== a.actor) || d.kind === 'down' || (d.kind === 'condition' && !d.ended),
      );
      const healOnly = !effect && a.details.some((d) => d.kind === 'damage' && d.amount < 0);
      if (healOnly) expect(o).toBeNull();
      else expect(o?.kind, `${a.key}`).toBe(effect ? 'hit' : 'miss');
    }
    // Acts without dice (moves, holds) have none.
    for (const a of acts.filter((x) => !x.details.some((d) => d.kind === 'roll'))) expect(actOutcome(a)).toBeNull();
  });

  it('d20: an attack whose documents say "misses" is a miss here too', () => {
    const acts = allActs(timeline('d20-srd/d20-srd.json', 'd20-srd/encounters/sample.json'));
    const said = acts.filter((a) => a.details.some((d) => d.kind === 'note' && d.text.includes('misses')));
    expect(said.length).toBeGreaterThan(0);
    for (const a of said) expect(actOutcome(a)?.kind).toBe('miss');
  });
});
