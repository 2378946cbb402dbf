/**
 * The referee's commands of `phasebook play` that change the fight (damage, heal, set,
 * condition, join, flee), read from the words typed into the session's interventions.
 */
import type { Intervention } from '../run/host.js';

/**
 * The intervention a command asks for; null when `word` is no such command. Throws a one-line
 * usage message when the words do not fit (the play loop prints it and asks again).
 */
export function parseIntervention(word: string, args: string[]): Intervention | null {
  switch (word) {
    case 'damage':
    case 'heal': {
      const n = Number(args[1]);
      if (!args[0] || !Number.isFinite(n)) throw new Error(`${word} <who> <n> [stat]`);
      return { op: word, who: args[0], amount: n, ...(args[2] ? { stat: args[2] } : {}) };
    }
    case 'set': {
      if (args.length < 3) throw new Error('set <who> <stat> <value>');
      const v = args[2]!;
      return {
        op: 'set',
        who: args[0]!,
        stat: args[1]!,
        value: /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v === 'true' ? true : v === 'false' ? false : v,
      };
    }
    case 'condition':
      return parseCondition(args);
    case 'join': {
      if (args.length < 2) throw new Error('join <side> <id> [stat=value…]');
      const stats: Record<string, unknown> = {};
      for (const kv of args.slice(2)) {
        const i = kv.indexOf('=');
        if (i <= 0) throw new Error(`join: "${kv}" is not stat=value`);
        const v = kv.slice(i + 1);
        stats[kv.slice(0, i)] = /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
      }
      return { op: 'join', side: args[0]!, combatant: { id: args[1]!, stats } };
    }
    case 'flee':
      if (!args[0]) throw new Error('flee <who>');
      return { op: 'flee', who: args[0] };
  }
  return null;
}

const CONDITION_USAGE = 'condition <who> <id> [rounds] [until-turn <whose> [start|end]]  |  condition <who> -<id>';

/**
 * `condition <who> <id> [rounds] [until-turn <whose> [start|end]]`: until removed, for a number
 * of rounds, or until the start (or end) of a combatant's turn (the n-th one with a number).
 */
function parseCondition(args: string[]): Intervention {
  if (args.length < 2) throw new Error(CONDITION_USAGE);
  const [who, id] = args as [string, string];
  if (id.startsWith('-')) {
    if (args.length > 2) throw new Error(CONDITION_USAGE);
    return { op: 'condition', who, condition: id.slice(1), remove: true };
  }
  const rest = args.slice(2);
  let rounds: number | undefined;
  if (rest[0] !== undefined && rest[0] !== 'until-turn') {
    rounds = Number(rest.shift());
    if (!(Number.isInteger(rounds) && rounds >= 1)) throw new Error('rounds must be a whole number from 1');
  }
  let endsAt: { turnOf: string; when: 'start' | 'end' } | undefined;
  if (rest[0] === 'until-turn') {
    const [, turnOf, when = 'start', ...more] = rest;
    if (!turnOf || (when !== 'start' && when !== 'end') || more.length) throw new Error(CONDITION_USAGE);
    endsAt = { turnOf, when };
  } else if (rest.length) throw new Error(CONDITION_USAGE);
  return { op: 'condition', who, condition: id, ...(rounds ? { rounds } : {}), ...(endsAt ? { endsAt } : {}) };
}
