/** Conditions and temporary changes (`set … until`, `adjust … until`) running out at their moment. */
import { num } from '../compile/evaluator.js';
import type { Engine } from './engine.js';
import type { Cmb, Condition, ConditionMoment, Frame } from './types.js';

/** A moment as text: round-start, round-end, combat-end, phase:<id>, turn:<id> (its start) or turn-end:<id>. */
export function describeMoment(m: ConditionMoment): string {
  if (typeof m === 'string') return m;
  if ('phase' in m) return `phase:${m.phase}`;
  return 'turnOf' in m ? `turn:${m.turnOf}` : `turn-end:${m.turnEndOf}`;
}

/** describeMoment(m) === key, without making the text of m. */
function isMoment(m: ConditionMoment, key: string): boolean {
  if (typeof m === 'string') return m === key;
  if ('phase' in m) return endsAs(key, 'phase:', m.phase);
  return 'turnOf' in m ? endsAs(key, 'turn:', m.turnOf) : endsAs(key, 'turn-end:', m.turnEndOf);
}

/** key === `${prefix}${id}`. */
function endsAs(key: string, prefix: string, id: unknown): boolean {
  const text = String(id);
  return key.length === prefix.length + text.length && key.startsWith(prefix) && key.endsWith(text);
}

/** The kind of a moment that is not a text, as describeMoment tells them apart (its prefix). */
function kindOf(m: Exclude<ConditionMoment, string>): 0 | 1 | 2 {
  if ('phase' in m) return 0;
  return 'turnOf' in m ? 1 : 2;
}

/** The id of a moment that is not a text, as describeMoment writes it. */
function idOf(m: Exclude<ConditionMoment, string>): unknown {
  if ('phase' in m) return m.phase;
  return 'turnOf' in m ? m.turnOf : m.turnEndOf;
}

/**
 * describeMoment(m) === describeMoment(moment), asked of many m, with `moment`'s kind and id
 * (kind -1: a text) found once by the caller. A text on either side compares as isMoment does;
 * two moments that are not texts compare by kind and id, the two parts of their text (the
 * prefixes phase:, turn: and turn-end: never begin one another, so equal texts are equal kinds
 * with equal ids).
 */
function sameMoment(m: ConditionMoment, moment: ConditionMoment, kind: number, id: string): boolean {
  if (typeof m === 'string' || kind === -1) return isMoment(m, describeMoment(moment));
  return kindOf(m) === kind && String(idOf(m)) === id;
}

/** The moment `moment` has come: what ends at it ends. */
function expire(this: Engine, moment: ConditionMoment): void {
  // Nothing runs: no list to rebuild (asked at every phase and turn start).
  if (this.conditions.length === 0) return;
  const kind = typeof moment === 'string' ? -1 : kindOf(moment);
  const id = typeof moment === 'string' ? '' : String(idOf(moment));
  // Most moments end nothing: then the list stays as it is (nothing holds it across a call here).
  const conds = this.conditions;
  let any = false;
  for (let i = 0; i < conds.length && !any; i++) any = sameMoment(conds[i]!.moment, moment, kind, id);
  if (!any) return;
  const ending: Condition[] = [];
  const keep: Condition[] = [];
  for (const cond of this.conditions) {
    if (sameMoment(cond.moment, moment, kind, id) && --cond.remaining <= 0) ending.push(cond);
    else keep.push(cond);
  }
  // Settle the list first: effects of an ending condition may start new ones.
  this.conditions = keep;
  for (const cond of ending) {
    if (cond.adjust) {
      const value = num(cond.owner.view[cond.adjust.key]) - cond.adjust.by;
      this.setView(cond.owner, cond.adjust.key, value);
      // A change of initiative is visible when it is made, and when it is taken back.
      if (cond.adjust.key === 'initiative')
        this.emit('initiative', { who: cond.owner.id, scope: 'combatant', value, adjusted: -cond.adjust.by, expired: true });
      this.recheckOut(cond.owner);
      continue;
    }
    if (cond.restore) {
      this.setView(cond.owner, cond.restore.key, cond.restore.value);
      this.recheckOut(cond.owner);
      continue;
    }
    const list = cond.owner.view.conditions as string[];
    const i = list.indexOf(cond.id);
    if (i >= 0) list.splice(i, 1);
    this.emit('condition', { target: cond.owner.id, condition: cond.id, ended: true });
    if (cond.then && !cond.then.by.out) {
      const f: Frame = {
        actor: cond.then.by,
        target: cond.then.target,
        action: null,
        local: {},
        reaction: {},
        defer: null,
        prefix: cond.then.prefix,
        depth: 0,
      };
      this.runEffects(cond.then.effects, f);
    }
  }
}

/** A turn of `members` ends: what a referee made last until the end of one of their turns ends. */
function expireTurnEnd(this: Engine, members: Set<Cmb>): void {
  // Only referees' conditions end here: a plain run pays one scan per turn, and nothing else.
  // A loop, not `some` with an arrow: no closure per turn.
  const conds = this.conditions;
  let any = false;
  for (let i = 0; i < conds.length && !any; i++) {
    const m = conds[i]!.moment;
    any = typeof m === 'object' && 'turnEndOf' in m;
  }
  if (!any) return;
  for (const c of members) this.expire({ turnEndOf: c.id });
}

/** A stat of `c` without its temporary adjustments (`adjust … until` still running). */
function withoutAdjustments(this: Engine, c: Cmb, key: string): number {
  let v = num(c.view[key]);
  for (const cond of this.conditions) if (cond.owner === c && cond.adjust?.key === key) v -= cond.adjust.by;
  return v;
}

export const conditionMethods = { expire, expireTurnEnd, withoutAdjustments };
