/**
 * The semantic diff on the built-in rulesets and their house-rule overlays, resolved by the
 * interpreter's own pipeline.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadProgram } from '../../../interpreter/pipeline.js';
import type { Ruleset } from '../../../interpreter/model/types.js';
import { describeExpr, diffRulesets, resolveTexts, same } from './semantic-diff.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const R = (p: string) => join(ROOT, 'rulesets', p);
const resolved = (ruleset: string, overlays: string[] = []): Ruleset => loadProgram(R(ruleset), overlays.map(R)).resolved.ruleset;
const ose = (...mods: string[]) =>
  resolved('ose/ose.json', ['ose/overlays/phased-round.json', ...mods.map((m) => `ose/overlays/${m}.json`)]);
const texts = (d: ReturnType<typeof diffRulesets>) => d.map((e) => e.text);

describe('diffRulesets', () => {
  it('crossbow speed: a new step after missiles, and the missiles step no longer selecting crossbows', () => {
    const d = diffRulesets(ose(), ose('crossbow-speed'));
    expect(texts(d)).toEqual([
      "Phase 'missile': new step 'crossbows' after 'missiles' (selects crossbow and not siege; order side-initiative)",
      "Phase 'missile', step 'missiles': selection not siege → not siege and not crossbow",
    ]);
    expect(d.map((e) => [e.area, e.change])).toEqual([
      ['steps', 'added'],
      ['steps', 'changed'],
    ]);
  });

  it('reads the other way round as a removal', () => {
    const d = diffRulesets(ose('crossbow-speed'), ose());
    expect(d[0]).toEqual({
      area: 'steps',
      change: 'removed',
      text: "Phase 'missile': step 'crossbows' removed (it was after 'missiles'; selects crossbow and not siege; order side-initiative)",
    });
  });

  it('the same ruleset: no differences', () => {
    expect(diffRulesets(ose('crossbow-speed'), ose('crossbow-speed'))).toEqual([]);
    expect(diffRulesets(resolved('d20-srd/d20-srd.json'), resolved('d20-srd/d20-srd.json'))).toEqual([]);
  });

  it('the phased round: turns, declarations, initiative ties and judgments, steps, actions, policy', () => {
    const d = diffRulesets(resolved('ose/ose.json'), ose());
    const t = texts(d);
    expect(t).toContain('Turns: turns by side → no turns (everyone plays each phase)');
    expect(t).toContain('Turn order: side-initiative → simultaneous');
    expect(t).toContain('Declarations: at the start of the round → at the start of each phase');
    expect(t).toContain(
      "Declarations: the initiative side may choose to declare first or second ('declare-first', default first, in movement)",
    );
    // Tie-breaks in the words of the registered table (interpreter/concepts/tie-breaks).
    expect(t).toContain(
      'Initiative ties: act simultaneously, as one group → re-roll 1d6, highest first; tied again: act simultaneously, as one group',
    );
    expect(t.some((x) => x.startsWith("Initiative: new referee judgment 'drew-first' when round = 1"))).toBe(true);
    expect(t).toContain("Phase 'missile': new step 'siege' after 'missiles' (selects siege; order side-initiative)");
    expect(t).toContain("Phase 'melee', step 'melee': order simultaneous → side-initiative");
    expect(t).toContain("New action 'sprint' (phase 'movement', uses move + action)");
    expect(d.some((e) => e.area === 'policy' && e.change === 'added' && e.text.includes("'concentrate-to-cast'"))).toBe(true);
    expect(d.some((e) => e.area === 'combatant' && e.text.startsWith('Cannot act:'))).toBe(true);
  });

  it('two-handed last and charges first: new melee steps', () => {
    const t = texts(diffRulesets(ose(), ose('two-handed-last', 'charges-first')));
    expect(t).toContain("Phase 'melee': new step 'two-handed' after 'melee' (selects two-handed; order side-initiative)");
    expect(t).toContain("Phase 'melee': new step 'charges' first (selects action.id = \"charge\"; order side-initiative)");
  });

  it('withdrawal: reactions added', () => {
    const t = texts(diffRulesets(ose(), ose('withdrawal')));
    expect(t.some((x) => /^New reaction 'withdrawal-attack': (before|during|after) a move/.test(x))).toBe(true);
  });

  it('d20 ties-referee: an ordering whose ties changed', () => {
    const t = texts(
      diffRulesets(resolved('d20-srd/d20-srd.json'), resolved('d20-srd/d20-srd.json', ['d20-srd/overlays/ties-referee.json'])),
    );
    expect(t).toEqual([expect.stringMatching(/^Ordering 'initiative-order': ties .* → the referee decides who goes first$/)]);
  });

  it('cepheus fixed-order: turn resort and ordering keys', () => {
    const d = diffRulesets(resolved('cepheus/cepheus.json'), resolved('cepheus/cepheus.json', ['cepheus/overlays/fixed-order.json']));
    expect(texts(d)).toContain(
      'Turn order: re-sorted before every turn → fixed at the start of the round (an initiative changed mid-round waits for the next round)',
    );
    expect(d.some((e) => e.area === 'orderings' && e.text.startsWith("Ordering 'turn-order': sort keys"))).toBe(true);
  });

  it('option overlays: the option and its new default', () => {
    const t = texts(diffRulesets(resolved('mage/mage.json'), resolved('mage/mage.json', ['mage/overlays/storyteller-one-die.json'])));
    expect(t[0]).toMatch(/^Option 'storytellerOneDie': false → true \(/);
  });

  it('moves within a list are moves, not removals', () => {
    const a = ose('two-handed-last');
    const b = structuredClone(a);
    const melee = b.round.phases.find((p) => p.id === 'melee')!;
    melee.steps.reverse();
    const phases = b.round.phases;
    [phases[0], phases[1]] = [phases[1]!, phases[0]!];
    const t = texts(diffRulesets(a, b));
    expect(t).toContain("Phase 'morale' moved: now after 'movement' (was first)");
    expect(t).toContain("Phase 'melee': step 'melee' moved: now after 'two-handed' (was first)");
    expect(t.some((x) => x.includes('removed'))).toBe(false);
  });

  it('a step moved to another phase', () => {
    const a = ose();
    const b = structuredClone(a);
    const missile = b.round.phases.find((p) => p.id === 'missile')!;
    const siege = missile.steps.splice(
      missile.steps.findIndex((s) => s.id === 'siege'),
      1,
    )[0]!;
    b.round.phases.find((p) => p.id === 'melee')!.steps.push(siege);
    expect(texts(diffRulesets(a, b))).toEqual(["Phase 'melee': step 'siege' moved here from phase 'missile', after 'melee'"]);
  });
});

describe('helpers', () => {
  it('describeExpr reads JSON Logic as a short formula', () => {
    expect(describeExpr({ and: [{ in: ['crossbow', { var: 'actor.tags' }] }, { '!': { in: ['siege', { var: 'actor.tags' }] } }] })).toBe(
      'crossbow and not siege',
    );
    expect(describeExpr({ '>': [{ var: 'actor.morale' }, 0] })).toBe('actor.morale > 0');
    expect(describeExpr({ or: [{ '==': [{ var: 'round' }, 1] }, { var: 'x' }] })).toBe('(round = 1) or x');
    expect(describeExpr({ roll: ['1d6', 'd6'] })).toBe('1d6');
  });
  it('same ignores key order', () => {
    expect(same({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(same({ a: 1 }, { a: 2 })).toBe(false);
  });
  it('resolveTexts resolves from texts, and reports an overlay that does not apply', () => {
    const t = (p: string) => ({ path: p, text: readFileSync(R(p), 'utf8') });
    const ok = resolveTexts(t('ose/ose.json'), [t('ose/overlays/phased-round.json'), t('ose/overlays/crossbow-speed.json')]);
    expect(ok.ok && ok.ruleset.round.phases.find((p) => p.id === 'missile')!.steps.map((s) => s.id)).toEqual([
      'missiles',
      'crossbows',
      'siege',
    ]);
    const bad = resolveTexts(t('ose/ose.json'), [t('ose/overlays/crossbow-speed.json')]);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.diagnostics[0]!.file).toBe('ose/overlays/crossbow-speed.json');
    const broken = resolveTexts({ path: 'x.json', text: '{' }, []);
    expect(broken.ok).toBe(false);
  });
});
