/**
 * The checks of a pack that need other packs: every preset is resolved, applied and checked
 * with its encounter; every overlay is applied (with the overlays it requires) to the ruleset it
 * extends; every encounter is checked against its ruleset. Nothing is run.
 */
import type { Diagnostic } from '../diagnostics.js';
import type { Core } from '../core.js';
import type { PackSet } from './graph.js';
import type { LoadedPack } from './load.js';
import { parseRef } from './refs.js';
import { buildStack, diagnosticsOf, requiresClosure, resolveRef, stackOf, tryResolve, type Resolved, type Where } from './stack.js';

/** A qualified reference (pack-id:doc-id) must resolve; a short one may name a ruleset outside the packs. */
function resolveOrSkip(set: PackSet, pack: LoadedPack, ref: string, where: Where): Resolved | undefined {
  return parseRef(ref)?.pack !== undefined ? resolveRef(set, pack, ref, 'ruleset', where) : tryResolve(set, pack, ref, 'ruleset', where);
}

export function checkPack(set: PackSet, pack: LoadedPack, core: Core): Diagnostic[] {
  const errors: Diagnostic[] = [];
  const attempt = (f: () => void) => {
    try {
      f();
    } catch (err) {
      errors.push(...diagnosticsOf(err));
    }
  };
  const m = pack.manifestDoc;
  for (const [i, p] of (pack.manifest.presets ?? []).entries()) {
    attempt(() => {
      const where = (field: string, j?: number) => ({ doc: m, pointer: `/presets/${i}/${field}${j === undefined ? '' : `/${j}`}` });
      const s = buildStack(set, pack, p, where);
      const program = core.program(s.ruleset, s.overlays);
      if (s.encounter) core.encounter(s.encounter, program);
    });
  }
  for (const d of pack.documents) {
    const self: Resolved = { pack, document: d };
    const v = d.doc.value as { extends?: string; ruleset?: string };
    if (d.kind === 'ruleset') attempt(() => void core.program(d.doc));
    else if (d.kind === 'overlay') {
      attempt(() => {
        const base = resolveOrSkip(set, pack, v.extends ?? '', { doc: d.doc, pointer: '/extends' });
        if (!base) return; // a short id naming no ruleset of this pack: the overlay is for a ruleset given when it is run
        const s = stackOf(set, base, requiresClosure(set, self));
        core.program(s.ruleset, s.overlays);
      });
    } else if (d.kind === 'encounter' && typeof v.ruleset === 'string') {
      attempt(() => {
        const base = resolveOrSkip(set, pack, v.ruleset!, { doc: d.doc, pointer: '/ruleset' });
        if (!base) return;
        const s = stackOf(set, base, [], self);
        core.encounter(s.encounter!, core.program(s.ruleset));
      });
    }
  }
  const seen = new Set<string>();
  return errors.filter((e) => {
    const k = `${e.file}:${e.line}:${e.col}:${e.pointer}:${e.message}`;
    return seen.has(k) ? false : (seen.add(k), true);
  });
}
