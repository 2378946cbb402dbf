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
    case 'condition': {
      if (args.length < 2) throw new Error('condition <who> <id> [rounds]  |  condition <who> -<id>');
      const id = args[1]!;
      if (id.startsWith('-')) return { op: 'condition', who: args[0]!, condition: id.slice(1), remove: true };
      const rounds = args[2] !== undefined ? Number(args[2]) : undefined;
      if (rounds !== undefined && !(Number.isInteger(rounds) && rounds >= 1)) throw new Error('rounds must be a whole number from 1');
      return { op: 'condition', who: args[0]!, condition: id, ...(rounds ? { rounds } : {}) };
    }
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
