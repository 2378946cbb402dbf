/**
 * A semantic diff of two resolved rulesets, in game terms: phases and steps added, removed or
 * moved; a step's selection or ordering changed; initiative, turns, declarations, orderings,
 * options, actions and triggers changed. Lists are compared by id (as overlays address them),
 * so a reordered list reads as a move, not as a removal and an addition. Pure.
 */
import {
  type Ordering,
  type OrderingRef,
  type OrderKey,
  type Phase,
  type Ruleset,
  type Step,
  type TieBreak,
  type Overlay,
  resolveOrderingRef,
  ORDER_KEYS,
  describeTieBreak,
  PhasebookError,
  type Diagnostic,
  readDocumentText,
  resolveOverlays,
  type Located,
} from '../../../interpreter/index.js';

export type DiffArea =
  | 'round'
  | 'phases'
  | 'steps'
  | 'initiative'
  | 'turns'
  | 'declarations'
  | 'orderings'
  | 'options'
  | 'actions'
  | 'triggers'
  | 'procedures'
  | 'policy'
  | 'end'
  | 'combatant'
  | 'economy'
  | 'limits';

export interface DiffEntry {
  area: DiffArea;
  change: 'added' | 'removed' | 'changed' | 'moved';
  /** One sentence, from A to B. */
  text: string;
}

// ───────────────────────── describing things ─────────────────────────

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep equality of JSON values (key order does not matter). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => same(a[k], b[k]));
  }
  return false;
}

const clip = (s: string, n = 110) => (s.length > n ? s.slice(0, n - 1) + '…' : s);
const q = (s: unknown) => `'${String(s)}'`;
const value = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : (JSON.stringify(v) ?? 'nothing'));

const INFIX: Record<string, string> = {
  '==': '=',
  '===': '=',
  '!=': '≠',
  '!==': '≠',
  '<': '<',
  '<=': '≤',
  '>': '>',
  '>=': '≥',
  '+': '+',
  '-': '−',
  '*': '×',
  '/': '/',
  '%': 'mod',
};

/**
 * A JSON Logic expression as a short formula. `{"in": ["crossbow", {"var": "actor.tags"}]}`
 * reads as a tag ("crossbow"); variables read as their path.
 */
export function describeExpr(e: unknown, depth = 0): string {
  const wrap = (s: string) => (depth > 0 ? `(${s})` : s);
  if (e === null || typeof e !== 'object') return typeof e === 'string' ? `"${e}"` : String(e);
  if (Array.isArray(e)) return `[${e.map((x) => describeExpr(x, 1)).join(', ')}]`;
  const keys = Object.keys(e);
  if (keys.length !== 1) return clip(JSON.stringify(e), 60);
  const op = keys[0]!;
  const raw = (e as Record<string, unknown>)[op];
  const args = Array.isArray(raw) ? raw : [raw];
  if (op === 'var') return String(args[0] ?? '');
  if (op === 'in' && typeof args[0] === 'string' && isObj(args[1]) && typeof args[1].var === 'string' && /\.tags$/.test(args[1].var)) {
    const who = args[1].var.replace(/\.tags$/, '');
    return who === 'actor' ? String(args[0]) : `${who} ${String(args[0])}`;
  }
  if (op === '!' || op === 'not') return `not ${describeExpr(args[0], 1)}`;
  if (op === '!!') return describeExpr(args[0], depth);
  if (op === 'and' || op === 'or') return wrap(args.map((a) => describeExpr(a, 1)).join(` ${op} `));
  if (op === 'if' || op === '?:') {
    const parts: string[] = [];
    for (let i = 0; i + 1 < args.length; i += 2)
      parts.push(`${i ? 'else if' : 'if'} ${describeExpr(args[i], 1)} then ${describeExpr(args[i + 1], 1)}`);
    if (args.length % 2 === 1) parts.push(`else ${describeExpr(args[args.length - 1], 1)}`);
    return wrap(parts.join(' '));
  }
  if (op === 'roll') return String(args[0]);
  if ((op === '+' || op === '*') && args.length > 2) return wrap(args.map((a) => describeExpr(a, 1)).join(` ${INFIX[op]} `));
  if (INFIX[op] && args.length === 2) return wrap(`${describeExpr(args[0], 1)} ${INFIX[op]} ${describeExpr(args[1], 1)}`);
  if (op === 'in' && args.length === 2) return wrap(`${describeExpr(args[0], 1)} in ${describeExpr(args[1], 1)}`);
  return `${op}(${args.map((a) => describeExpr(a, 1)).join(', ')})`;
}

const expr = (e: unknown) => clip(describeExpr(e));

/** A sort key: a built-in one by name with its phrase from the registered table, a stat, or an expression. */
export function describeKey(k: OrderKey): string {
  const builtIn = (name: string) => (Object.hasOwn(ORDER_KEYS, name) ? `${name} (${ORDER_KEYS[name]!.phrase})` : name);
  if (typeof k === 'string') return builtIn(k);
  if ('preset' in k) return builtIn(k.preset);
  const dir = k.dir === 'asc' ? 'lowest first' : 'highest first';
  if ('stat' in k) return `${k.stat} (${dir})`;
  return k.description ? clip(k.description.replace(/\.$/, ''), 60) : `${clip(describeExpr(k.expr), 50)} (${dir})`;
}

/** A tie-break in the words of the registered table (concepts/tie-breaks). */
export function describeTies(t: TieBreak | undefined): string {
  return describeTieBreak(t);
}

const describeKeys = (o: Ordering) => (o.keys.length ? o.keys.map(describeKey).join(', then ') : 'no keys (everyone at once)');

/** An ordering reference as the document writes it: its name, or its keys. */
export function describeOrderRef(ref: OrderingRef | undefined): string {
  if (ref === undefined) return 'simultaneous';
  if (typeof ref === 'string') return ref;
  return `${describeKeys(ref)}; ties ${describeTies(ref.ties)}`;
}

function describeStep(s: Step): string {
  const bits: string[] = [];
  if (s.perform) bits.push(`everyone selected performs ${q(s.perform)}`);
  if (s.select !== undefined) bits.push(`selects ${expr(s.select)}`);
  bits.push(`order ${describeOrderRef(s.order)}`);
  if (s.choice) bits.push(`choice ${q(s.choice.id)} (default ${s.choice.default})`);
  return bits.join('; ');
}

const phaseName = (p: Phase) => `Phase ${q(p.id)}`;

// ───────────────────────── lists by id ─────────────────────────

interface ListDiff<T> {
  added: Array<{ item: T; after: string | null }>;
  removed: Array<{ item: T; after: string | null }>;
  moved: Array<{ item: T; after: string | null; wasAfter: string | null }>;
  common: Array<{ a: T; b: T }>;
}

/** Longest common subsequence of two id lists (the ids that kept their relative order). */
function lcs(a: string[], b: string[]): Set<string> {
  const m = a.length;
  const n = b.length;
  const t: number[][] = Array.from({ length: m + 1 }, () => new Array<number>(n + 1).fill(0));
  for (let i = m - 1; i >= 0; i--)
    for (let j = n - 1; j >= 0; j--) t[i]![j] = a[i] === b[j] ? t[i + 1]![j + 1]! + 1 : Math.max(t[i + 1]![j]!, t[i]![j + 1]!);
  const out = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < m && j < n) {
    if (a[i] === b[j]) {
      out.add(a[i]!);
      i++;
      j++;
    } else if (t[i + 1]![j]! >= t[i]![j + 1]!) i++;
    else j++;
  }
  return out;
}

function diffList<T extends { id: string }>(a: readonly T[] | undefined, b: readonly T[] | undefined): ListDiff<T> {
  const la = a ?? [];
  const lb = b ?? [];
  const ida = la.map((x) => x.id);
  const idb = lb.map((x) => x.id);
  const after = (ids: string[], id: string) => {
    const i = ids.indexOf(id);
    return i > 0 ? ids[i - 1]! : null;
  };
  const inA = new Set(ida);
  const inB = new Set(idb);
  const kept = lcs(
    ida.filter((id) => inB.has(id)),
    idb.filter((id) => inA.has(id)),
  );
  const out: ListDiff<T> = { added: [], removed: [], moved: [], common: [] };
  for (const x of la) if (!inB.has(x.id)) out.removed.push({ item: x, after: after(ida, x.id) });
  for (const x of lb) {
    if (!inA.has(x.id)) out.added.push({ item: x, after: after(idb, x.id) });
    else {
      const old = la.find((y) => y.id === x.id)!;
      out.common.push({ a: old, b: x });
      if (!kept.has(x.id)) out.moved.push({ item: x, after: after(idb, x.id), wasAfter: after(ida, x.id) });
    }
  }
  return out;
}

const place = (after: string | null) => (after ? `after ${q(after)}` : 'first');

/** Object maps keyed by name: which keys were added, removed, changed. */
function diffMap<T>(
  a: Record<string, T> | undefined,
  b: Record<string, T> | undefined,
): { added: string[]; removed: string[]; changed: string[] } {
  const ka = Object.keys(a ?? {});
  const kb = Object.keys(b ?? {});
  return {
    added: kb.filter((k) => !ka.includes(k)),
    removed: ka.filter((k) => !kb.includes(k)),
    changed: ka.filter((k) => kb.includes(k) && !same(a![k], b![k])),
  };
}

/** Fields of two objects that differ, ignoring prose (description, name, why). */
function changedFields(a: object, b: object, ignore: string[] = ['description', 'name', 'why']): string[] {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(ra), ...Object.keys(rb)])];
  return keys.filter((k) => !ignore.includes(k) && !same(ra[k], rb[k]));
}

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

type Push = (area: DiffArea, change: DiffEntry['change'], text: string) => void;

function diffRound(a: Ruleset, b: Ruleset, push: Push): void {
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
