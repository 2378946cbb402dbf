/**
 * Sweeps: one figure of the documents varied over a set of values, each value its own series.
 *
 *   encounter:<id path>=<values>   a value in the encounter, e.g. encounter:/sides/bandits/combatants/leader/stats/hp=4..12
 *   ruleset:<id path>=<values>     a value in the base ruleset (an overlay changing the same place wins)
 *   option:<name>=<values>         the default of a ruleset option, e.g. option:naturalRolls=true,false
 *   count:<id path>=<values>       how many copies of a combatant: ids bandit, bandit-2, bandit-3…
 *
 * Paths are JSON pointers in which list items are named by id (as in overlays). Values are a
 * range `4..12` (step 1) or `4..12:2`, or a comma list `a,b,c`; each item is read as JSON when it
 * is JSON (numbers, true, false, "quoted") and as a string otherwise (`1d8`). The same
 * `<target>=<value>` with a single value is `--set` of `phasebook run`, to replay one run.
 */
import { PhasebookError, escapePointerSegment } from '../diagnostics.js';

export type SweepKind = 'encounter' | 'ruleset' | 'option' | 'count';
export const SWEEP_KINDS: SweepKind[] = ['encounter', 'ruleset', 'option', 'count'];

export interface Patch {
  kind: SweepKind;
  /** The path as given (option: the option's name). */
  path: string;
  value: unknown;
}

export interface Sweep {
  kind: SweepKind;
  path: string;
  values: unknown[];
  /** The target as given: "encounter:/sides/…". */
  target: string;
}

const MAX_VALUES = 1000;

export const commandLineError = (pointer: string, message: string) =>
  new PhasebookError([{ file: '<command line>', line: 1, col: 1, pointer, message, severity: 'error' }]);

function splitTarget(text: string, flag: string): { kind: SweepKind; path: string; rest: string } {
  const colon = text.indexOf(':');
  const eq = text.indexOf('=');
  const kind = text.slice(0, Math.max(0, colon)) as SweepKind;
  if (colon <= 0 || eq < colon || !SWEEP_KINDS.includes(kind)) {
    throw commandLineError('', `${flag} expects <${SWEEP_KINDS.join('|')}>:<path>=<values>, got "${text}"`);
  }
  const path = text.slice(colon + 1, eq);
  const rest = text.slice(eq + 1);
  if (kind === 'option' ? !/^[^/]+$/.test(path) : !path.startsWith('/')) {
    throw commandLineError('', `${flag} "${text}": ${kind === 'option' ? "give the option's name" : 'the path must start with /'}`);
  }
  if (rest === '') throw commandLineError(pointerOf(kind, path), `${flag} "${text}": no value after =`);
  return { kind, path, rest };
}

const literal = (s: string): unknown => {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return s;
  }
};

export function parseValues(text: string, flag: string, pointer: string): unknown[] {
  const range = /^(-?\d+)\.\.(-?\d+)(?::(\d+))?$/.exec(text);
  if (range) {
    const [a, b, step] = [Number(range[1]), Number(range[2]), Number(range[3] ?? 1)];
    if (step < 1 || b < a) throw commandLineError(pointer, `${flag}: the range ${text} is empty (write low..high or low..high:step)`);
    if ((b - a) / step + 1 > MAX_VALUES) throw commandLineError(pointer, `${flag}: the range ${text} has more than ${MAX_VALUES} values`);
    const out: number[] = [];
    for (let v = a; v <= b; v += step) out.push(v);
    return out;
  }
  const items = text.split(',');
  if (items.some((x) => x === '')) throw commandLineError(pointer, `${flag}: empty value in "${text}"`);
  if (items.length > MAX_VALUES) throw commandLineError(pointer, `${flag}: more than ${MAX_VALUES} values`);
  return items.map(literal);
}

export function parseSweep(text: string): Sweep {
  const { kind, path, rest } = splitTarget(text, '--sweep');
  const values = parseValues(rest, '--sweep', pointerOf(kind, path));
  if (kind === 'count' && values.some((v) => !Number.isInteger(v) || (v as number) < 0)) {
    throw commandLineError(pointerOf(kind, path), `--sweep count: expects whole numbers of copies (0 or more), got "${rest}"`);
  }
  return { kind, path, values, target: `${kind}:${path}` };
}

export function parseSet(text: string): Patch {
  const { kind, path, rest } = splitTarget(text, '--set');
  const value = literal(rest);
  if (kind === 'count' && (!Number.isInteger(value) || (value as number) < 0)) {
    throw commandLineError(pointerOf(kind, path), `--set count: expects a whole number of copies, got "${rest}"`);
  }
  return { kind, path, value };
}

/** `<target>=<value>` as `--set` takes it back. */
export const formatPatch = (p: Patch) =>
  `${p.kind}:${p.path}=${typeof p.value === 'string' && literal(p.value) === p.value ? p.value : JSON.stringify(p.value)}`;

/** The pointer a patch changes, in its document. */
export const pointerOf = (kind: SweepKind, path: string) => (kind === 'option' ? `/options/${escapePointerSegment(path)}/default` : path);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const segmentsOf = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

function names(container: unknown): string {
  const idOf = (x: unknown, i: number) => (isObject(x) && typeof x.id === 'string' ? x.id : String(i));
  const list = Array.isArray(container) ? container.map(idOf) : isObject(container) ? Object.keys(container) : [];
  return list.length ? `there is ${list.map((n) => `"${n}"`).join(', ')}` : 'it is empty';
}

/** The container holding the last segment, and where it is in it. */
function locate(doc: unknown, pointer: string, flag: string): { parent: unknown; key: string; index: number } {
  const segs = segmentsOf(pointer);
  if (segs.length === 0) throw commandLineError(pointer, `${flag}: cannot replace the whole document`);
  let cur = doc;
  let at = '';
  for (const [n, seg] of segs.entries()) {
    const last = n === segs.length - 1;
    let next: unknown;
    let index = -1;
    if (Array.isArray(cur)) {
      index = cur.findIndex((x) => isObject(x) && x.id === seg);
      if (index < 0 && /^(0|[1-9]\d*)$/.test(seg) && Number(seg) < cur.length) index = Number(seg);
      next = index >= 0 ? cur[index] : undefined;
      if (index < 0) throw commandLineError(pointer, `${flag}: no "${seg}" at ${at || '/'}: ${names(cur)}`);
    } else if (isObject(cur)) {
      if (!Object.prototype.hasOwnProperty.call(cur, seg)) {
        // A new key at the end of the path is allowed (a stat the combatant takes by default).
        if (last) return { parent: cur, key: seg, index: -1 };
        throw commandLineError(pointer, `${flag}: no "${seg}" at ${at || '/'}: ${names(cur)}`);
      }
      next = cur[seg];
    } else throw commandLineError(pointer, `${flag}: ${at} is neither a list nor an object`);
    if (last) return { parent: cur, key: seg, index };
    at += '/' + escapePointerSegment(seg);
    cur = next;
  }
  throw new Error('unreachable');
}

/** Apply a patch to a document's value (a copy is changed and returned). */
export function applyPatch(doc: unknown, p: Patch, flag: string): unknown {
  const copy = structuredClone(doc);
  const pointer = pointerOf(p.kind, p.path);
  const { parent, key, index } = locate(copy, pointer, flag);
  if (p.kind === 'count') {
    if (!Array.isArray(parent) || !isObject(parent[index]))
      throw commandLineError(pointer, `${flag}: count: needs a path to an item of a list (a combatant)`);
    const item = parent[index] as Record<string, unknown>;
    const id = String(item.id ?? key);
    const copies = Array.from({ length: p.value as number }, (_, k) => {
      if (k === 0) return item;
      const c = structuredClone(item);
      c.id = `${id}-${k + 1}`;
      if (typeof c.name === 'string') c.name = `${c.name} ${k + 1}`;
      return c;
    });
    parent.splice(index, 1, ...copies);
    return copy;
  }
  const allowed = p.kind === 'option' && isObject(parent) && Array.isArray(parent.enum) ? parent.enum : null;
  if (allowed && !allowed.some((x) => JSON.stringify(x) === JSON.stringify(p.value))) {
    throw commandLineError(
      pointer,
      `${flag}: option "${p.path}" takes ${allowed.map((x) => JSON.stringify(x)).join(' or ')}, not ${JSON.stringify(p.value)}`,
    );
  }
  if (Array.isArray(parent)) parent[index] = p.value;
  else (parent as Record<string, unknown>)[key] = p.value;
  return copy;
}

/** Rewrite the problems a patched document has as problems of the command line. */
export function blamePatch(err: unknown, p: Patch, flag: string): never {
  if (!(err instanceof PhasebookError)) throw err;
  throw new PhasebookError(
    err.diagnostics.map((d) => ({ ...d, file: '<command line>', line: 1, col: 1, message: `${flag} ${formatPatch(p)}: ${d.message}` })),
  );
}
