/**
 * Dependencies between packs: semver ranges, resolved in topological order. A missing or
 * incompatible dependency, a cycle, and two packs with one id are each one error naming both
 * packs and their versions, located at the manifest line that asks.
 */
import semver from 'semver';
import { PhasebookError, escapePointerSegment, type Diagnostic } from '../diagnostics.js';
import type { LoadedPack } from './load.js';
import { packLabel } from './manifest.js';

/** Installed or given packs by id: one version of each. */
export type PackSet = Map<string, LoadedPack>;

const depPointer = (id: string) => `/dependencies/${escapePointerSegment(id)}`;

function at(p: LoadedPack, pointer: string, message: string): Diagnostic {
  return { file: p.manifestDoc.file, ...p.manifestDoc.locate(pointer), pointer, message, severity: 'error' };
}

/** Put packs together; two different packs with one id are refused (naming both and where they come from). */
export function mergePacks(...groups: LoadedPack[][]): PackSet {
  const set: PackSet = new Map();
  const errors: Diagnostic[] = [];
  for (const p of groups.flat()) {
    const other = set.get(p.manifest.id);
    if (other) {
      errors.push(
        at(
          p,
          '/id',
          `two packs with the same id: ${packLabel(p.manifest)} (${p.origin}) and ${packLabel(other.manifest)} (${other.origin}); install one at a time`,
        ),
      );
      continue;
    }
    set.set(p.manifest.id, p);
  }
  if (errors.length) throw new PhasebookError(errors);
  return set;
}

/**
 * Every pack of the set in dependency order (dependencies first). Throws one diagnostic per
 * missing or incompatible dependency, and one per cycle.
 */
export function dependencyOrder(set: PackSet): LoadedPack[] {
  const errors: Diagnostic[] = [];
  for (const p of set.values()) {
    for (const [dep, range] of Object.entries(p.manifest.dependencies ?? {})) {
      const q = set.get(dep);
      if (!q)
        errors.push(
          at(
            p,
            depPointer(dep),
            `${packLabel(p.manifest)} needs ${dep} ${range}, which is not installed (install it first, or give it in the same command)`,
          ),
        );
      else if (!semver.satisfies(q.manifest.version, range, { includePrerelease: true })) {
        errors.push(
          at(p, depPointer(dep), `${packLabel(p.manifest)} needs ${dep} ${range}, but ${packLabel(q.manifest)} is installed: incompatible`),
        );
      }
    }
  }
  const order: LoadedPack[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const path: LoadedPack[] = [];
  const reported = new Set<string>();
  const visit = (p: LoadedPack) => {
    const s = state.get(p.manifest.id);
    if (s === 'done') return;
    if (s === 'visiting') {
      const cycle = path.slice(path.indexOf(p));
      const key = cycle
        .map((c) => c.manifest.id)
        .sort()
        .join(',');
      if (!reported.has(key)) {
        reported.add(key);
        const names = [...cycle, p].map((c) => packLabel(c.manifest)).join(' → ');
        const last = cycle[cycle.length - 1]!;
        errors.push(at(last, depPointer(p.manifest.id), `dependency cycle: ${names}`));
      }
      return;
    }
    state.set(p.manifest.id, 'visiting');
    path.push(p);
    for (const dep of Object.keys(p.manifest.dependencies ?? {}).sort()) {
      const q = set.get(dep);
      if (q) visit(q);
    }
    path.pop();
    state.set(p.manifest.id, 'done');
    order.push(p);
  };
  for (const id of [...set.keys()].sort()) visit(set.get(id)!);
  if (errors.length) throw new PhasebookError(errors);
  return order;
}
