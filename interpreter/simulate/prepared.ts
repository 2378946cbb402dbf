/**
 * A series as the main thread has already read, schema-checked, resolved and semantically
 * checked it (issue 9: workers receive the checked program instead of revalidating it). The
 * compiled program holds closures, which cannot cross to a worker thread; its source can: the
 * resolved ruleset and the encounter, plain JSON. A worker compiles them (compileRuleset) and
 * runs them, without reading a file or loading a schema validator.
 *
 * Only positions are lost: a rules error met while running has no file:line:col. The worker then
 * loads the series the long way and runs that seed again, so the error reads as before.
 */
import type { Program } from '../core.js';
import type { Encounter, Ruleset } from '../model/types.js';
import { compileRuleset } from '../compile/ruleset.js';
import type { ResolvedRuleset } from '../resolve/overlays.js';

export interface PreparedSeries {
  ruleset: Ruleset;
  overlays: string[];
  encounter: Encounter;
}

export function preparedOf(program: Program, encounter: Encounter): PreparedSeries {
  return { ruleset: program.resolved.ruleset, overlays: program.resolved.overlays, encounter };
}

/** The program of a prepared series: compiled here, without positions for errors. */
export function programOf(p: PreparedSeries): Program {
  const nowhere = { line: 0, col: 0 };
  const resolved: ResolvedRuleset = {
    ruleset: p.ruleset,
    overlays: p.overlays,
    origin: (pointer) => ({ file: '<resolved>', pointer, ...nowhere }),
    locate: () => nowhere,
  };
  return { resolved, compiled: compileRuleset(resolved), sources: [] };
}
