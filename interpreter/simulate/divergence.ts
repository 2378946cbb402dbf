/**
 * Where two variants part: run both on the same seed, find the first event where their
 * timelines differ, and name the overlay change that caused it, with its file and line.
 *
 * When one variant's overlays are the other's plus some more (in the same order), the extra
 * changes are switched on one at a time, in the order they apply; the cause is the first change
 * whose timeline no longer matches the variant without them up to the parting event. A change
 * that cannot be applied alone (it needs a later change of the same overlays to be valid) is
 * passed over and taken together with the next one.
 */
import { resolve as resolvePath } from 'node:path';
import { PhasebookError } from '../diagnostics.js';
import { readDocumentFile } from '../read/index.js';
import { loadEncounter, loadProgram, run } from '../pipeline.js';
import type { TraceEvent } from '../trace/events.js';
import { applyPatch, formatPatch } from './sweep.js';
import { loadSeries, type SeriesSpec } from './series.js';

export interface Cause {
  /** The variant that has the change: 'a' or 'b'. */
  in: 'a' | 'b';
  overlay: string;
  file: string;
  line: number;
  col: number;
  /** Pointer of the change in its overlay, e.g. /changes/0. */
  pointer: string;
  op: string;
  path: string;
  why?: string;
}

export interface Divergence {
  seed: number;
  /** Index of the first differing event, or null when the timelines are identical. */
  index: number | null;
  a?: TraceEvent;
  b?: TraceEvent;
  cause: Cause | null;
  /** Why no cause could be named, when it could not. */
  note?: string;
}

/** An event as compared: the list of overlays applied is the difference itself, not a part of it. */
const key = (e: TraceEvent | undefined) => {
  if (!e) return '';
  if (e.type !== 'combat.start') return JSON.stringify(e);
  const { overlays: _o, ...rest } = e;
  void _o;
  return JSON.stringify(rest);
};

function firstDifference(a: readonly TraceEvent[], b: readonly TraceEvent[], upTo = Infinity): number | null {
  const n = Math.min(Math.max(a.length, b.length), upTo + 1);
  for (let i = 0; i < n; i++) if (key(a[i]) !== key(b[i])) return i;
  return null;
}

const eventsOf = (s: SeriesSpec, seed: number) => {
  const { program, encounter } = loadSeries(s);
  return run(program, encounter, { seed }).events;
};

/** `small` is a subsequence of `big` (by resolved path): the extra overlays of big, or null. */
function extras(small: string[], big: string[]): boolean[] | null {
  const norm = (x: string) => resolvePath(x);
  let j = 0;
  const extra = big.map((o) => {
    if (j < small.length && norm(small[j]!) === norm(o)) {
      j++;
      return false;
    }
    return true;
  });
  return j === small.length ? extra : null;
}

export function diverge(a: SeriesSpec, b: SeriesSpec, seed: number): Divergence {
  const ea = eventsOf(a, seed);
  const eb = eventsOf(b, seed);
  const index = firstDifference(ea, eb);
  const out: Divergence = { seed, index, ...(index !== null ? { a: ea[index], b: eb[index] } : {}), cause: null };
  if (index === null) return out;
  const same = (x: SeriesSpec, y: SeriesSpec) =>
    resolvePath(x.ruleset) === resolvePath(y.ruleset) &&
    resolvePath(x.encounter) === resolvePath(y.encounter) &&
    x.patches.map(formatPatch).join() === y.patches.map(formatPatch).join();
  if (!same(a, b))
    return { ...out, note: 'the variants differ in more than their overlays (ruleset, encounter or --set): no single change to name' };
  const bHasMore = extras(a.overlays, b.overlays);
  const aHasMore = bHasMore ? null : extras(b.overlays, a.overlays);
  if (!bHasMore && !aHasMore)
    return { ...out, note: "neither variant's overlays contain the other's: give one variant the other's overlays plus the ones to test" };
  const [small, big, flags, side, baseEvents] = bHasMore ? [a, b, bHasMore, 'b' as const, ea] : [b, a, aHasMore!, 'a' as const, eb];
  void small;
  const docs = big.overlays.map((f, i) =>
    flags[i] ? (readDocumentFile(f).value as { id: string; changes: Array<{ op: string; path: string; why?: string }> }) : null,
  );
  const steps: Array<{ overlay: number; change: number }> = [];
  docs.forEach((d, i) => d?.changes.forEach((_, c) => steps.push({ overlay: i, change: c })));
  for (const [t, step] of steps.entries()) {
    // Overlays before the current extra one in full, the current one up to this change, later extras left out.
    const texts = new Map<string, string>();
    const files: string[] = [];
    big.overlays.forEach((f, i) => {
      if (!flags[i] || i < step.overlay) return files.push(f);
      if (i > step.overlay) return;
      files.push(f);
      const doc = readDocumentFile(f).value as { changes: unknown[] };
      texts.set(f, JSON.stringify({ ...doc, changes: doc.changes.slice(0, step.change + 1) }));
    });
    let events: readonly TraceEvent[];
    try {
      const program = loadProgram(big.ruleset, files, texts);
      let enc = readDocumentFile(big.encounter).value;
      for (const p of big.patches) enc = applyPatch(enc, p, '--set');
      events = run(program, loadEncounter(big.encounter, program, JSON.stringify(enc)), { seed }).events;
    } catch (err) {
      if (err instanceof PhasebookError && t < steps.length - 1) continue;
      throw err;
    }
    if (firstDifference(baseEvents, events, index) === null) continue;
    const file = big.overlays[step.overlay]!;
    const doc = docs[step.overlay]!;
    const change = doc.changes[step.change]!;
    const pointer = `/changes/${step.change}`;
    const at = readDocumentFile(file).locate(pointer);
    out.cause = {
      in: side,
      overlay: doc.id,
      file,
      ...at,
      pointer,
      op: change.op,
      path: change.path,
      ...(change.why ? { why: change.why } : {}),
    };
    return out;
  }
  return { ...out, note: 'no single extra change reproduces the parting on its own' };
}

const where = (e: TraceEvent) => {
  const at: Array<[string, string | number | undefined]> = [
    ['round', e.round],
    ['turn', e.turn],
    ['phase', e.phase],
    ['step', e.step],
  ];
  return at
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(', ');
};

export function formatDivergence(d: Divergence, names: { a: string; b: string }, commands: { a: string; b: string }): string {
  const out: string[] = [];
  if (d.index === null) {
    out.push(`The timelines of the two variants are identical on seed ${d.seed}.`);
    return out.join('\n') + '\n';
  }
  const at = d.a ?? d.b!;
  out.push(`The variants part at event ${d.index} (${where(at)}) on seed ${d.seed}:`);
  out.push(`  A  ${names.a}`, `     ${d.a ? JSON.stringify(d.a) : '(the timeline has ended)'}`);
  out.push(`  B  ${names.b}`, `     ${d.b ? JSON.stringify(d.b) : '(the timeline has ended)'}`);
  if (d.cause) {
    const c = d.cause;
    out.push(
      `Caused by the change in ${c.in.toUpperCase()}: ${c.file}:${c.line}:${c.col}  ${c.pointer}  overlay "${c.overlay}": ${c.op} ${c.path}`,
    );
    if (c.why) out.push(`  why: ${c.why}`);
  } else if (d.note) out.push(`No cause named: ${d.note}.`);
  out.push('Replay:', `  A  ${commands.a}`, `  B  ${commands.b}`);
  return out.join('\n') + '\n';
}
