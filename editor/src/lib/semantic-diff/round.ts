/** The round's part of the semantic diff: turns, declarations, the phases and their steps. */
import { resolveOrderingRef, type OrderingRef, type Phase, type Ruleset, type Step } from '../../../../interpreter/index.js';
import { changedFields, diffList, place } from './lists.js';
import type { Push } from './types.js';
import { describeKeys, describeOrderRef, describeStep, describeTies, expr, phaseName, q, same } from './words.js';

export function diffRound(a: Ruleset, b: Ruleset, push: Push): void {
  const ta = a.round.turns;
  const tb = b.round.turns;
  const turnsWord = (by: string) =>
    by === 'none' ? 'no turns (everyone plays each phase)' : by === 'side' ? 'turns by side' : 'turns by combatant';
  if (ta.by !== tb.by) push('turns', 'changed', `Turns: ${turnsWord(ta.by)} → ${turnsWord(tb.by)}`);
  if (!same(ta.order, tb.order) && (ta.order !== undefined || tb.order !== undefined))
    push('turns', 'changed', `Turn order: ${describeOrderRef(ta.order)} → ${describeOrderRef(tb.order)}`);
  if ((ta.resort ?? 'always') !== (tb.resort ?? 'always')) {
    const w = (r: string | undefined) => ((r ?? 'always') === 'always' ? 're-sorted before every turn' : 'fixed at the start of the round');
    const why =
      (tb.resort ?? 'always') === 'always'
        ? 'an initiative changed mid-round counts at once'
        : 'an initiative changed mid-round waits for the next round';
    push('turns', 'changed', `Turn order: ${w(ta.resort)} → ${w(tb.resort)} (${why})`);
  }

  const da = a.round.declare;
  const db = b.round.declare;
  const when = (w: string) => (w === 'round-start' ? 'at the start of the round' : 'at the start of each phase');
  if (da.when !== db.when) push('declarations', 'changed', `Declarations: ${when(da.when)} → ${when(db.when)}`);
  if (!same(da.order, db.order))
    push('declarations', 'changed', `Declaration order: ${describeOrderRef(da.order)} → ${describeOrderRef(db.order)}`);
  if (!same(da.choice, db.choice)) {
    if (!da.choice && db.choice)
      push(
        'declarations',
        'added',
        `Declarations: the initiative side may choose to declare first or second (${q(db.choice.id)}, default ${db.choice.default}${db.choice.phases ? `, in ${db.choice.phases.join(', ')}` : ''})`,
      );
    else if (da.choice && !db.choice)
      push('declarations', 'removed', `Declarations: no more choice ${q(da.choice.id)} for the initiative side`);
    else
      push(
        'declarations',
        'changed',
        `Declarations: choice ${q(db.choice!.id)} changed (${changedFields(da.choice!, db.choice!).join(', ')})`,
      );
  }

  const sa = a.round.surprise;
  const sb = b.round.surprise;
  if (!sa && sb) push('round', 'added', `A surprise round: ${expr(sb.when)}; who acts: ${expr(sb.who)}`);
  else if (sa && !sb) push('round', 'removed', 'No surprise round');
  else if (sa && sb && !same(sa, sb)) push('round', 'changed', `Surprise round: ${changedFields(sa, sb).join(', ')} changed`);

  diffPhases(a, b, a.round.phases, b.round.phases, '', push);
  diffPhases(a, b, a.round.finally, b.round.finally, 'end-of-round ', push);
}

function diffPhases(ra: Ruleset, rb: Ruleset, a: Phase[] | undefined, b: Phase[] | undefined, kind: string, push: Push): void {
  const d = diffList(a, b);
  const stepIds = (p: Phase) => p.steps.map((s) => s.id).join(', ');
  for (const x of d.added) push('phases', 'added', `New ${kind}phase ${q(x.item.id)} ${place(x.after)} (steps: ${stepIds(x.item)})`);
  for (const x of d.removed) push('phases', 'removed', `The ${kind}phase ${q(x.item.id)} is gone (it was ${place(x.after)})`);
  for (const x of d.moved) push('phases', 'moved', `${phaseName(x.item)} moved: now ${place(x.after)} (was ${place(x.wasAfter)})`);

  // Steps that left one phase for another read as moves.
  const removedSteps = new Map<string, { phase: Phase; step: Step }>();
  const addedSteps = new Map<string, { phase: Phase; step: Step }>();
  for (const c of d.common) {
    const sd = diffList(c.a.steps, c.b.steps);
    for (const x of sd.removed) removedSteps.set(x.item.id, { phase: c.a, step: x.item });
    for (const x of sd.added) addedSteps.set(x.item.id, { phase: c.b, step: x.item });
  }
  const crossMoved = new Set([...removedSteps.keys()].filter((id) => addedSteps.has(id)));

  for (const c of d.common) {
    const p = c.b;
    if (!same(c.a.when, c.b.when))
      push(
        'phases',
        'changed',
        `${phaseName(p)}: played ${c.b.when === undefined ? 'always' : `when ${expr(c.b.when)}`} (was ${c.a.when === undefined ? 'always' : `when ${expr(c.a.when)}`})`,
      );
    const sd = diffList(c.a.steps, c.b.steps);
    for (const x of sd.added) {
      if (crossMoved.has(x.item.id)) {
        const from = removedSteps.get(x.item.id)!.phase;
        push('steps', 'moved', `${phaseName(p)}: step ${q(x.item.id)} moved here from phase ${q(from.id)}, ${place(x.after)}`);
        continue;
      }
      push('steps', 'added', `${phaseName(p)}: new step ${q(x.item.id)} ${place(x.after)} (${describeStep(x.item)})`);
    }
    for (const x of sd.removed) {
      if (crossMoved.has(x.item.id)) continue;
      push('steps', 'removed', `${phaseName(p)}: step ${q(x.item.id)} removed (it was ${place(x.after)}; ${describeStep(x.item)})`);
    }
    for (const x of sd.moved)
      push('steps', 'moved', `${phaseName(p)}: step ${q(x.item.id)} moved: now ${place(x.after)} (was ${place(x.wasAfter)})`);
    for (const s of sd.common) diffStep(ra, rb, p, s.a, s.b, push);
  }
}

function diffStep(ra: Ruleset, rb: Ruleset, p: Phase, a: Step, b: Step, push: Push): void {
  const at = `${phaseName(p)}, step ${q(b.id)}`;
  if (!same(a.select, b.select)) {
    const w = (s: unknown) => (s === undefined ? 'every declared action of the phase' : expr(s));
    push('steps', 'changed', `${at}: selection ${w(a.select)} → ${w(b.select)}`);
  }
  if (a.perform !== b.perform)
    push(
      'steps',
      'changed',
      `${at}: ${b.perform ? `everyone selected performs ${q(b.perform)}` : 'declared actions'} (was ${a.perform ? `performs ${q(a.perform)}` : 'declared actions'})`,
    );
  if (!!a.includeOut !== !!b.includeOut)
    push('steps', 'changed', `${at}: ${b.includeOut ? 'also' : 'no longer'} includes combatants out of the fight`);
  if (!same(a.order, b.order)) {
    push('steps', 'changed', `${at}: order ${describeOrderRef(a.order)} → ${describeOrderRef(b.order)}`);
    const oa = resolveOrderingRef(a.order, ra.orderings);
    const ob = resolveOrderingRef(b.order, rb.orderings);
    const named = (r: OrderingRef | undefined, rs: Ruleset) => typeof r === 'string' && !!rs.orderings?.[r];
    // A named ordering of the ruleset says little by its name: spell out what changed.
    if (oa && ob && (named(a.order, ra) || named(b.order, rb))) {
      if (!same(oa.keys, ob.keys) && typeof a.order === 'string' && typeof b.order === 'string')
        push('steps', 'changed', `${at}: sort keys ${describeKeys(oa)} → ${describeKeys(ob)}`);
      if (!same(oa.ties ?? 'simultaneous', ob.ties ?? 'simultaneous') && typeof a.order === 'string' && typeof b.order === 'string')
        push('steps', 'changed', `${at}: ties ${describeTies(oa.ties)} → ${describeTies(ob.ties)}`);
    }
  }
  if (!same(a.choice, b.choice)) {
    if (!a.choice && b.choice)
      push(
        'steps',
        'added',
        `${at}: the initiative side may choose to go first or second (${q(b.choice.id)}, default ${b.choice.default})`,
      );
    else if (a.choice && !b.choice) push('steps', 'removed', `${at}: no more choice ${q(a.choice.id)}`);
    else push('steps', 'changed', `${at}: choice ${q(b.choice!.id)} changed (${changedFields(a.choice!, b.choice!).join(', ')})`);
  }
}
