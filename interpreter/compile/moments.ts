/** `moments` compiled: by when they run ("round-start", "round-end", "phase:<id>"), in document order. */
import { joinPointer } from '../diagnostics.js';
import type { MomentDef, Ruleset } from '../model/types.js';
import { closestName } from '../validate/precompiled.js';
import { compileEffects, type Procedures } from './effects.js';
import type { Evaluator, Fn } from './evaluator.js';
import type { CEffect } from './types.js';

export interface CMoment {
  def: MomentDef;
  when: Fn | null;
  effects: CEffect[];
}

export function compileMoments(def: Ruleset, ev: Evaluator, procs: Procedures): Map<string, CMoment[]> {
  const out = new Map<string, CMoment[]>();
  const phases = [...def.round.phases, ...(def.round.finally ?? [])].map((p) => p.id);
  (def.moments ?? []).forEach((m, i) => {
    const ptr = joinPointer('/moments', i);
    let key: string;
    if (typeof m.at === 'string') key = m.at;
    else {
      if (!phases.includes(m.at.phaseEnd)) {
        const near = closestName(m.at.phaseEnd, phases);
        throw ev.at(
          `${ptr}/at/phaseEnd`,
          `unknown phase "${m.at.phaseEnd}"${near === undefined ? `; the phases are ${phases.join(', ')}` : `; did you mean "${near}"?`}`,
        );
      }
      key = `phase:${m.at.phaseEnd}`;
    }
    const list = out.get(key) ?? [];
    list.push({
      def: m,
      when: m.when === undefined ? null : ev.compile(m.when, `${ptr}/when`),
      effects: compileEffects(m.effects, `${ptr}/effects`, ev, procs),
    });
    out.set(key, list);
  });
  return out;
}
