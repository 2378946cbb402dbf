/**
 * Game-terms descriptions of the parts of a round the Visual view shows: sort keys, tie-breaks,
 * orderings, turns, declarations, initiative, and a short reading of a JSON Logic expression
 * (a step's `select`). Pure functions over the document language's types; no rules logic.
 */
import {
  type Declarations,
  type Initiative,
  type Ordering,
  type OrderingRef,
  type OrderKey,
  type RoundDef,
  type Step,
  type TieBreak,
  ORDER_KEYS,
  ORDER_PRESETS,
  describeTieBreak,
} from '../../../../interpreter/index.js';

/** The built-in sort key names (the engine's table), with each one's phrase from that table. */
export function presetKeys(): Array<{ name: string; phrase: string }> {
  return Object.keys(ORDER_KEYS).map((name) => ({ name, phrase: keyPhrase(name) }));
}

export function keyPhrase(name: string): string {
  return Object.hasOwn(ORDER_KEYS, name) ? ORDER_KEYS[name]!.phrase : 'unknown sort key';
}

/** "side-initiative: the side holding initiative first", "higher dex first", … */
export function describeKey(key: OrderKey): string {
  if (typeof key === 'string') return `${key}: ${keyPhrase(key)}`;
  if ('preset' in key) return `${key.preset}: ${key.description ?? keyPhrase(key.preset)}`;
  const asc = key.dir === 'asc';
  if ('stat' in key) return `${key.stat}: ${asc ? 'lower' : 'higher'} ${key.stat} first${key.description ? ` (${key.description})` : ''}`;
  const what = key.description ?? summariseExpr(key.expr, 60);
  return `by expression: ${what} — ${asc ? 'lowest' : 'highest'} first`;
}

/** "still tied: …", in the words of the registered tie-break (concepts/tie-breaks). */
export function describeTies(ties: TieBreak | undefined): string {
  return `still tied: ${describeTieBreak(ties)}`;
}

export interface OrderingView {
  /** The name used (a preset or one of the ruleset's orderings), or null for an inline ordering. */
  name: string | null;
  /** Where the name comes from. */
  source: 'preset' | 'ruleset' | 'inline' | 'default' | 'unknown';
  description: string | null;
  keys: string[];
  ties: string;
  /** The ordering's value, when known. */
  ordering: Ordering | null;
}

/** What an ordering reference means: its keys and tie-break, described. */
export function describeOrdering(ref: OrderingRef | undefined, named: Record<string, Ordering> | undefined): OrderingView {
  if (ref === undefined) {
    const o = ORDER_PRESETS.simultaneous!;
    return {
      name: null,
      source: 'default',
      description: 'no order given: everyone at once',
      keys: [],
      ties: describeTies(o.ties),
      ordering: o,
    };
  }
  if (typeof ref !== 'string') {
    return {
      name: null,
      source: 'inline',
      description: ref.description ?? null,
      keys: ref.keys.map(describeKey),
      ties: describeTies(ref.ties),
      ordering: ref,
    };
  }
  const own = named && Object.prototype.hasOwnProperty.call(named, ref) ? named[ref] : undefined;
  if (own)
    return {
      name: ref,
      source: 'ruleset',
      description: own.description ?? null,
      keys: own.keys.map(describeKey),
      ties: describeTies(own.ties),
      ordering: own,
    };
  const preset = Object.prototype.hasOwnProperty.call(ORDER_PRESETS, ref) ? ORDER_PRESETS[ref] : undefined;
  if (preset) {
    const desc = preset.keys.length === 1 && typeof preset.keys[0] === 'string' ? keyPhrase(preset.keys[0]) : (preset.description ?? null);
    return {
      name: ref,
      source: 'preset',
      description: desc,
      keys: preset.keys.map(describeKey),
      ties: describeTies(preset.ties),
      ordering: preset,
    };
  }
  return { name: ref, source: 'unknown', description: 'no such ordering', keys: [], ties: '', ordering: null };
}

/** One line for an ordering: "side-initiative: the side holding initiative first". */
export function orderingLine(ref: OrderingRef | undefined, named: Record<string, Ordering> | undefined): string {
  const v = describeOrdering(ref, named);
  if (v.source === 'default') return 'everyone at once (no order given)';
  if (v.name) return v.description ? `${v.name}: ${v.description}` : v.name;
  return v.description ?? (v.keys.join('; then ') || 'custom order');
}

/** The names a step may refer to: the presets, then the ruleset's own orderings. */
export function orderingNames(
  named: Record<string, Ordering> | undefined,
): Array<{ name: string; source: 'preset' | 'ruleset'; label: string }> {
  const out: Array<{ name: string; source: 'preset' | 'ruleset'; label: string }> = [];
  for (const name of Object.keys(ORDER_PRESETS)) out.push({ name, source: 'preset', label: orderingLine(name, undefined) });
  for (const [name, o] of Object.entries(named ?? {}))
    out.push({ name, source: 'ruleset', label: o.description ? `${name}: ${o.description}` : name });
  return out;
}

export function describeTurns(turns: RoundDef['turns'], named: Record<string, Ordering> | undefined): string {
  if (turns.by === 'none') return 'No turns: everyone plays every phase.';
  const who = turns.by === 'side' ? 'Each side' : 'Each combatant';
  const order = turns.order === undefined ? '' : `, in order ${orderingLine(turns.order, named)}`;
  const resort =
    turns.resort === 'always'
      ? '; re-sorted before every turn (changed initiative counts at once)'
      : turns.resort === 'round-start'
        ? '; sorted once at round start'
        : '';
  return `${who} plays all phases in its own turn${order}${resort}.`;
}

export function describeDeclarations(d: Declarations, named: Record<string, Ordering> | undefined): string {
  const when = d.when === 'round-start' ? 'at the start of the round' : 'at the start of each phase';
  const order = d.order === undefined ? '' : `, in order ${orderingLine(d.order, named)}`;
  let choice = '';
  if (d.choice) {
    const where = d.choice.phases?.length ? ` (in ${d.choice.phases.join(', ')})` : '';
    choice = `; the side holding initiative chooses to declare first or second${where}, by default ${d.choice.default}`;
  }
  return `Declared ${when}${order}${choice}.`;
}

export function describeInitiative(i: Initiative): string {
  const scope = i.scope === 'side' ? 'per side' : i.scope === 'combatant' ? 'per combatant' : 'per declared action';
  const roll = i.roll === 'once' ? 'rolled once for the combat' : 'rolled every round';
  const formula = summariseExpr(i.formula, 50);
  const judgments = i.judgments?.length ? `; referee judgments: ${i.judgments.map((j) => j.id).join(', ')}` : '';
  const mods = i.modifiers?.length ? `; modifiers: ${i.modifiers.map((m) => m.id).join(', ')}` : '';
  return `Initiative ${scope}, ${roll} (${formula})${mods}${judgments}; ties: ${describeTies(i.ties).replace(/^still tied: /, '')}.`;
}

/** What a step takes: its select, summarised, and what it performs. */
export function describeSelect(step: Step): string {
  const who = step.perform ? `every combatant${step.includeOut ? ' (also those out of the fight)' : ''}` : "this phase's declared actions";
  if (step.select === undefined) return step.perform ? `${who} performs ${step.perform}` : `all of ${who}`;
  const sel = summariseExpr(step.select);
  return step.perform ? `${who} where ${sel} performs ${step.perform}` : `${who} where ${sel}`;
}

const INFIX: Record<string, string> = {
  '==': '=',
  '===': '=',
  '!=': '≠',
  '!==': '≠',
  '<': '<',
  '>': '>',
  '<=': '≤',
  '>=': '≥',
  '+': '+',
  '-': '−',
  '*': '×',
  '/': '÷',
  '%': 'mod',
};

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function varName(arg: unknown): string | null {
  const a = Array.isArray(arg) ? arg[0] : arg;
  return typeof a === 'string' ? (a === '' ? 'the value' : a) : null;
}

/** A short human reading of a JSON Logic expression, cut at `max` characters. */
export function summariseExpr(expr: unknown, max = 140): string {
  const s = read(expr, 0);
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

function lit(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null || typeof v !== 'object') return String(v);
  return read(v, 1);
}

function read(e: unknown, depth: number): string {
  if (depth > 8) return '…';
  if (Array.isArray(e)) return `[${e.map((x) => lit(x)).join(', ')}]`;
  if (!isObj(e)) return typeof e === 'string' ? JSON.stringify(e) : String(e);
  const keys = Object.keys(e);
  if (keys.length !== 1) return JSON.stringify(e);
  const op = keys[0]!;
  const raw = e[op];
  const args = Array.isArray(raw) ? raw : [raw];
  const sub = (x: unknown) => {
    const s = read(x, depth + 1);
    return isObj(x) && ['and', 'or', 'if', '?:'].includes(Object.keys(x)[0] ?? '') ? `(${s})` : s;
  };
  switch (op) {
    case 'var': {
      const n = varName(raw);
      if (n === null) return `the value named by ${read(args[0], depth + 1)}`;
      return Array.isArray(raw) && raw.length > 1 ? `${n} (default ${lit(raw[1])})` : n;
    }
    case 'and':
      return args.map(sub).join(' and ');
    case 'or':
      return args.map(sub).join(' or ');
    case '!': {
      const inner = args[0];
      if (isObj(inner) && 'in' in inner) {
        const tag = tagTest(inner.in);
        if (tag) return `${tag.who} not tagged ${tag.tag}`;
      }
      if (isObj(inner) && 'var' in inner) return `not ${read(inner, depth + 1)}`;
      return `not (${read(inner, depth + 1)})`;
    }
    case '!!':
      return `${sub(args[0])} is set`;
    case 'in': {
      const tag = tagTest(raw);
      if (tag) return `${tag.who} tagged ${tag.tag}`;
      return `${lit(args[0])} in ${sub(args[1])}`;
    }
    case 'if':
    case '?:': {
      const parts: string[] = [];
      for (let i = 0; i + 1 < args.length; i += 2) parts.push(`${i ? 'else if' : 'if'} ${sub(args[i])} then ${sub(args[i + 1])}`);
      if (args.length % 2 === 1) parts.push(`else ${sub(args[args.length - 1])}`);
      return parts.join(' ');
    }
    case 'roll':
      return `roll ${typeof args[0] === 'string' ? args[0] : sub(args[0])}`;
    default: {
      if (op in INFIX) {
        if ((op === '<' || op === '<=') && args.length === 3)
          return `${sub(args[0])} ${INFIX[op]} ${sub(args[1])} ${INFIX[op]} ${sub(args[2])}`;
        if (op === '-' && args.length === 1) return `−${sub(args[0])}`;
        return args.map((a) => (isObj(a) ? sub(a) : lit(a))).join(` ${INFIX[op]} `);
      }
      return `${op}(${args.map((a) => (isObj(a) ? read(a, depth + 1) : lit(a))).join(', ')})`;
    }
  }
}

/** `{"in": ["two-handed", {"var": "actor.tags"}]}` → actor tagged two-handed. */
function tagTest(raw: unknown): { who: string; tag: string } | null {
  if (!Array.isArray(raw) || raw.length !== 2 || typeof raw[0] !== 'string') return null;
  const v = raw[1];
  if (!isObj(v) || !('var' in v)) return null;
  const n = varName(v.var);
  const m = n ? /^(\w+)\.tags$/.exec(n) : null;
  return m ? { who: m[1]!, tag: raw[0] } : null;
}
