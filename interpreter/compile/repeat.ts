/** round.repeat compiled: its phases must be consecutive phases of round.phases, and its slots slots of the economy. */
import type { Ruleset } from '../model/types.js';
import type { CompiledRuleset } from './types.js';
import type { Evaluator } from './evaluator.js';
import { closestName } from '../validate/precompiled.js';

const mean = (word: string, names: string[]) => {
  const near = closestName(word, names);
  return near === undefined ? '' : `; did you mean "${near}"?`;
};

export function compileRepeat(def: Ruleset, ev: Evaluator): CompiledRuleset['repeat'] {
  const rep = def.round.repeat;
  if (!rep) return null;
  const ids = def.round.phases.map((p) => p.id);
  const at = rep.phases.map((id) => ids.indexOf(id));
  at.forEach((k, i) => {
    if (k < 0)
      throw ev.at(
        `/round/repeat/phases/${i}`,
        `unknown phase "${rep.phases[i]}"${mean(rep.phases[i]!, ids) || `; the phases of a turn are ${ids.join(', ')}`}`,
      );
    if (i > 0 && k !== at[i - 1]! + 1)
      throw ev.at(
        `/round/repeat/phases/${i}`,
        `the repeated phases must follow each other in round.phases: "${rep.phases[i]}" does not follow "${rep.phases[i - 1]}"`,
      );
  });
  const slots = Object.keys(def.economy.slots);
  (rep.refresh ?? []).forEach((s, i) => {
    if (!slots.includes(s))
      throw ev.at(`/round/repeat/refresh/${i}`, `unknown slot "${s}"${mean(s, slots) || `; economy.slots has ${slots.join(', ')}`}`);
  });
  return {
    first: rep.phases[0]!,
    last: rep.phases[rep.phases.length - 1]!,
    while: ev.compile(rep.while, '/round/repeat/while'),
    refresh: rep.refresh ?? [],
  };
}
