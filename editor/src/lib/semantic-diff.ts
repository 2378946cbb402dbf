/**
 * A semantic diff of two resolved rulesets, in game terms: phases and steps added, removed or
 * moved; a step's selection or ordering changed; initiative, turns, declarations, orderings,
 * options, actions and triggers changed. Lists are compared by id (as overlays address them),
 * so a reordered list reads as a move, not as a removal and an addition. Pure.
 */
import {
  type Ruleset,
  type Overlay,
  PhasebookError,
  type Diagnostic,
  readDocumentText,
  resolveOverlays,
  type Located,
} from '../../../interpreter/index.js';
import { changedFields, diffList, diffMap, place } from './semantic-diff/lists.js';
import { diffRound } from './semantic-diff/round.js';
import type { DiffArea, DiffEntry, Push } from './semantic-diff/types.js';
import { clip, describeKeys, describeTies, expr, q, same, value } from './semantic-diff/words.js';

export type { DiffArea, DiffEntry } from './semantic-diff/types.js';
export { describeExpr, describeKey, describeOrderRef, describeTies, same } from './semantic-diff/words.js';

// ───────────────────────── the diff ─────────────────────────

export function diffRulesets(a: Ruleset, b: Ruleset): DiffEntry[] {
  const out: DiffEntry[] = [];
  const push = (area: DiffArea, change: DiffEntry['change'], text: string) => out.push({ area, change, text });

  diffRound(a, b, push);
  diffInitiative(a, b, push);
  diffOrderings(a, b, push);
  diffOptions(a, b, push);
  diffActions(a, b, push);
  diffTriggers(a, b, push);

  // The rest, briefly.
  const procs = diffMap(a.procedures, b.procedures);
  for (const k of procs.added) push('procedures', 'added', `New procedure ${q(k)}`);
  for (const k of procs.removed) push('procedures', 'removed', `Procedure ${q(k)} removed`);
  for (const k of procs.changed) push('procedures', 'changed', `Procedure ${q(k)}: its effects changed`);

  const pol = diffList(a.policy, b.policy);
  for (const x of pol.added)
    push(
      'policy',
      'added',
      `Policy: new line ${q(x.item.id)} ${place(x.after)}: ${x.item.action}${x.item.when !== undefined ? ` when ${expr(x.item.when)}` : ''}`,
    );
  for (const x of pol.removed) push('policy', 'removed', `Policy: line ${q(x.item.id)} removed`);
  for (const x of pol.moved)
    push(
      'policy',
      'moved',
      `Policy: line ${q(x.item.id)} moved ${place(x.after)} (was ${place(x.wasAfter)}); the first line that holds wins`,
    );
  for (const c of pol.common) {
    const f = changedFields(c.a, c.b);
    if (f.length) push('policy', 'changed', `Policy line ${q(c.a.id)}: ${f.join(', ')} changed`);
  }

  const end = diffList(a.end, b.end);
  for (const x of end.added) push('end', 'added', `New end condition ${q(x.item.id)}: ${x.item.reason}`);
  for (const x of end.removed) push('end', 'removed', `End condition ${q(x.item.id)} removed`);
  for (const c of end.common) {
    const f = changedFields(c.a, c.b);
    if (f.length) push('end', 'changed', `End condition ${q(c.a.id)}: ${f.join(', ')} changed`);
  }

  for (const part of ['stats', 'tags', 'derived'] as const) {
    const d = diffMap(a.combatant[part] as Record<string, unknown> | undefined, b.combatant[part] as Record<string, unknown> | undefined);
    const noun = part === 'stats' ? 'stat' : part === 'tags' ? 'tag' : 'derived value';
    for (const k of d.added) push('combatant', 'added', `New combatant ${noun} ${q(k)}`);
    for (const k of d.removed) push('combatant', 'removed', `Combatant ${noun} ${q(k)} removed`);
    for (const k of d.changed) push('combatant', 'changed', `Combatant ${noun} ${q(k)} changed`);
  }
  if (!same(a.combatant.out, b.combatant.out))
    push('combatant', 'changed', `Out of the fight: ${expr(a.combatant.out)} → ${expr(b.combatant.out)}`);
  if (!same(a.combatant.cannotAct, b.combatant.cannotAct))
    push(
      'combatant',
      'changed',
      `Cannot act: ${a.combatant.cannotAct === undefined ? 'never' : expr(a.combatant.cannotAct)} → ${b.combatant.cannotAct === undefined ? 'never' : expr(b.combatant.cannotAct)}`,
    );

  if (!same(a.economy.slots, b.economy.slots))
    push('economy', 'changed', `Slots per round: ${value(a.economy.slots)} → ${value(b.economy.slots)}`);
  if (!same(a.economy.exchanges, b.economy.exchanges)) push('economy', 'changed', 'Slot exchanges changed');
  const la = (a.limits ?? {}) as Record<string, unknown>;
  const lb = (b.limits ?? {}) as Record<string, unknown>;
  const lim = diffMap(la, lb);
  for (const k of [...lim.changed, ...lim.added, ...lim.removed])
    push('limits', 'changed', `Limit ${q(k)}: ${value(la[k] ?? 'default')} → ${value(lb[k] ?? 'default')}`);
  return out;
}

function diffInitiative(ra: Ruleset, rb: Ruleset, push: Push): void {
  const a = ra.initiative;
  const b = rb.initiative;
  const scope = (s: string) => (s === 'side' ? 'by side' : s === 'combatant' ? 'by combatant' : 'by declared action');
  if (a.scope !== b.scope) push('initiative', 'changed', `Initiative: ${scope(a.scope)} → ${scope(b.scope)}`);
  if (a.roll !== b.roll)
    push(
      'initiative',
      'changed',
      `Initiative is rolled ${b.roll === 'once' ? 'once per combat' : 'every round'} (was ${a.roll === 'once' ? 'once per combat' : 'every round'})`,
    );
  if (!same(a.formula, b.formula)) push('initiative', 'changed', `Initiative formula: ${expr(a.formula)} → ${expr(b.formula)}`);
  if (!same(a.ties ?? 'simultaneous', b.ties ?? 'simultaneous'))
    push('initiative', 'changed', `Initiative ties: ${describeTies(a.ties)} → ${describeTies(b.ties)}`);
  const mods = diffList(a.modifiers, b.modifiers);
  for (const x of mods.added) push('initiative', 'added', `Initiative: new modifier ${q(x.item.id)} (${clip(x.item.description, 80)})`);
  for (const x of mods.removed) push('initiative', 'removed', `Initiative: modifier ${q(x.item.id)} removed`);
  for (const c of mods.common) {
    const f = changedFields(c.a, c.b);
    if (f.length) push('initiative', 'changed', `Initiative modifier ${q(c.a.id)}: ${f.join(', ')} changed`);
  }
  const judg = diffList(a.judgments, b.judgments);
  for (const x of judg.added)
    push(
      'initiative',
      'added',
      `Initiative: new referee judgment ${q(x.item.id)}${x.item.when !== undefined ? ` when ${expr(x.item.when)}` : ''} (${clip(x.item.description, 80)})`,
    );
  for (const x of judg.removed) push('initiative', 'removed', `Initiative: referee judgment ${q(x.item.id)} removed`);
  for (const c of judg.common) {
    const f = changedFields(c.a, c.b);
    if (f.length) push('initiative', 'changed', `Initiative judgment ${q(c.a.id)}: ${f.join(', ')} changed`);
  }
}

function diffOrderings(ra: Ruleset, rb: Ruleset, push: Push): void {
  const d = diffMap(ra.orderings, rb.orderings);
  for (const k of d.added)
    push('orderings', 'added', `New ordering ${q(k)}: ${describeKeys(rb.orderings![k]!)}; ties ${describeTies(rb.orderings![k]!.ties)}`);
  for (const k of d.removed) push('orderings', 'removed', `Ordering ${q(k)} removed`);
  for (const k of d.changed) {
    const a = ra.orderings![k]!;
    const b = rb.orderings![k]!;
    if (!same(a.keys, b.keys)) push('orderings', 'changed', `Ordering ${q(k)}: sort keys ${describeKeys(a)} → ${describeKeys(b)}`);
    if (!same(a.ties ?? 'simultaneous', b.ties ?? 'simultaneous'))
      push('orderings', 'changed', `Ordering ${q(k)}: ties ${describeTies(a.ties)} → ${describeTies(b.ties)}`);
  }
}

function diffOptions(ra: Ruleset, rb: Ruleset, push: Push): void {
  const d = diffMap(ra.options, rb.options);
  for (const k of d.added)
    push('options', 'added', `New option ${q(k)} = ${value(rb.options![k]!.default)} (${clip(rb.options![k]!.description, 80)})`);
  for (const k of d.removed) push('options', 'removed', `Option ${q(k)} removed`);
  for (const k of d.changed) {
    const a = ra.options![k]!;
    const b = rb.options![k]!;
    if (!same(a.default, b.default))
      push('options', 'changed', `Option ${q(k)}: ${value(a.default)} → ${value(b.default)} (${clip(b.description, 90)})`);
    else push('options', 'changed', `Option ${q(k)}: its allowed values changed`);
  }
}

function diffActions(ra: Ruleset, rb: Ruleset, push: Push): void {
  const d = diffList(ra.actions, rb.actions);
  for (const x of d.added) {
    const a = x.item;
    const bits = [`phase ${q(a.phase)}`];
    if (a.uses?.length) bits.push(`uses ${a.uses.join(' + ')}`);
    if (a.target && a.target !== 'none') bits.push(`at ${a.target === 'enemy' ? 'an enemy' : a.target === 'ally' ? 'an ally' : 'self'}`);
    push('actions', 'added', `New action ${q(a.id)} (${bits.join(', ')})`);
  }
  for (const x of d.removed) push('actions', 'removed', `Action ${q(x.item.id)} removed`);
  for (const c of d.common) {
    const f = changedFields(c.a, c.b);
    if (!f.length) continue;
    const bits: string[] = [];
    for (const k of f) {
      if (k === 'phase') bits.push(`now in phase ${q(c.b.phase)} (was ${q(c.a.phase)})`);
      else if (k === 'uses')
        bits.push(`uses ${(c.b.uses ?? []).join(' + ') || 'nothing'} (was ${(c.a.uses ?? []).join(' + ') || 'nothing'})`);
      else if (k === 'tags') bits.push(`tags ${(c.b.tags ?? []).join(', ') || 'none'} (was ${(c.a.tags ?? []).join(', ') || 'none'})`);
      else if (k === 'requires') bits.push(`requires ${c.b.requires === undefined ? 'nothing' : expr(c.b.requires)}`);
      else if (k === 'initiative') bits.push(`initiative ${c.b.initiative === undefined ? 'none' : expr(c.b.initiative)}`);
      else bits.push(`${k} changed`);
    }
    push('actions', 'changed', `Action ${q(c.a.id)}: ${bits.join('; ')}`);
  }
}

const EVENT: Record<string, string> = { move: 'a move', act: 'an act', damage: 'damage' };
const REACTORS: Record<string, string> = {
  enemies: 'each enemy',
  allies: 'each ally',
  others: 'each other combatant',
  target: 'the target',
};

function diffTriggers(ra: Ruleset, rb: Ruleset, push: Push): void {
  const d = diffList(ra.triggers, rb.triggers);
  for (const x of d.added) {
    const t = x.item;
    const what = t.perform ? `performs ${q(t.perform)}` : 'applies its effects';
    const acts = t.actions?.length ? ` (${t.actions.join(', ')})` : '';
    push(
      'triggers',
      'added',
      `New reaction ${q(t.id)}: ${t.timing} ${EVENT[t.on] ?? t.on}${acts}, ${REACTORS[t.reactors] ?? t.reactors} ${what}${t.when !== undefined ? ` when ${expr(t.when)}` : ''}`,
    );
  }
  for (const x of d.removed)
    push('triggers', 'removed', `Reaction ${q(x.item.id)} removed (${x.item.timing} ${EVENT[x.item.on] ?? x.item.on})`);
  for (const c of d.common) {
    const f = changedFields(c.a, c.b);
    if (!f.length) continue;
    const bits = f.map((k) =>
      k === 'when'
        ? `when ${expr(c.b.when)}`
        : k === 'timing'
          ? `now ${c.b.timing} (was ${c.a.timing})`
          : k === 'perform'
            ? `performs ${q(c.b.perform)}`
            : `${k} changed`,
    );
    push('triggers', 'changed', `Reaction ${q(c.a.id)}: ${bits.join('; ')}`);
  }
}

// ───────────────────────── resolving a variant's texts ─────────────────────────

export interface TextDoc {
  path: string;
  text: string;
}

/**
 * Resolve a ruleset with its overlays (in order) from their texts, as the engine does, for the
 * diff. Returns the diagnostics instead when a document cannot be read or an overlay does not apply.
 */
export function resolveTexts(
  base: TextDoc,
  overlays: TextDoc[],
): { ok: true; ruleset: Ruleset } | { ok: false; diagnostics: Diagnostic[] } {
  try {
    const located = (d: TextDoc) => {
      const doc = readDocumentText(d.path, d.text);
      return { file: doc.file, value: doc.value, locate: (p: string) => doc.locate(p) };
    };
    const resolved = resolveOverlays(
      located(base) as Located<Ruleset>,
      overlays.map((o) => located(o) as Located<Overlay>),
    );
    return { ok: true, ruleset: resolved.ruleset };
  } catch (err) {
    if (err instanceof PhasebookError) return { ok: false, diagnostics: err.diagnostics };
    return {
      ok: false,
      diagnostics: [
        { file: base.path, line: 1, col: 1, pointer: '', message: err instanceof Error ? err.message : String(err), severity: 'error' },
      ],
    };
  }
}
