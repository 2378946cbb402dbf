/**
 * Dice: {"roll": [notation]} or {"roll": [notation, labelSuffix]} rolls
 * `ctx.dice.roll(ctx.labelPrefix + '.' + suffix, notation)` and returns the total. The suffix
 * defaults to "roll"; without a labelPrefix the label is the suffix alone. A literal notation is
 * checked at compile time.
 */
import { DiceError, parseNotation } from '../../dice/index.js';
import { stepBudgetError, type OpDefinition } from './core.js';

export const rollOp: OpDefinition = {
  name: 'roll',
  compile(args, site) {
    const n = args.length;
    if (n === 0) site.fail('"roll" needs a dice notation, e.g. {"roll": ["1d20", "attack"]}');
    const k = site.constantArg(0);
    if (k !== undefined) {
      if (typeof k.value !== 'string' && typeof k.value !== 'number') {
        site.fail('the dice notation of "roll" must be a string such as "1d20"', site.argPointer(0));
      }
      try {
        parseNotation(String(k.value));
      } catch (e) {
        if (e instanceof DiceError) site.fail(e.message, site.argPointer(0));
        throw e;
      }
    }
    const notationArg = args[0]!;
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      const notation = notationArg(d, c);
      const suffix = n > 1 ? args[1]!(d, c) : undefined;
      for (let i = 2; i < n; i++) args[i]!(d, c);
      const dice = c.dice;
      if (dice === undefined) {
        throw site.error('"roll" was evaluated without dice (the engine gave no dice to this expression)');
      }
      if (typeof notation !== 'string' && typeof notation !== 'number') {
        throw site.error(`the dice notation of "roll" must be a string such as "1d20", got ${JSON.stringify(notation)}`);
      }
      const prefix = c.labelPrefix;
      const tail = suffix === undefined || suffix === null ? 'roll' : typeof suffix === 'string' ? suffix : String(suffix);
      try {
        // The label is `prefix.tail`; the dice hash the prefix once for the rolls that share it.
        const text = typeof notation === 'string' ? notation : String(notation);
        return (prefix === undefined || prefix === '' ? dice.roll(tail, text) : dice.rollIn(prefix, tail, text)).total;
      } catch (e) {
        if (e instanceof DiceError && !e.pin) throw site.error(e.message, e);
        throw e;
      }
    };
  },
};

/**
 * {"sharedRoll": [notation, label]}: one roll for everyone who asks with the same label in a
 * run (the label is used as given, without the actor's prefix), e.g. the referee's single
 * initiative die for all their characters: {"sharedRoll": ["1d10", {"cat": ["r", {"var": "round"}, ".initiative.", {"var": "actor.side"}]}]}.
 */
export const sharedRollOp: OpDefinition = {
  name: 'sharedRoll',
  compile(args, site) {
    if (args.length !== 2) site.fail('"sharedRoll" needs a dice notation and a label, e.g. {"sharedRoll": ["1d10", "r1.initiative.npcs"]}');
    const k = site.constantArg(0);
    if (k !== undefined) {
      try {
        parseNotation(String(k.value));
      } catch (e) {
        if (e instanceof DiceError) site.fail(e.message, site.argPointer(0));
        throw e;
      }
    }
    const [notationArg, labelArg] = args as [(typeof args)[0], (typeof args)[0]];
    return (d, c) => {
      if (++c.steps > c.maxSteps) throw stepBudgetError(c, site);
      const notation = notationArg!(d, c);
      const label = labelArg!(d, c);
      if (c.dice === undefined) throw site.error('"sharedRoll" was evaluated without dice');
      if (typeof label !== 'string' || label === '')
        throw site.error(`the label of "sharedRoll" must be a non-empty string, got ${JSON.stringify(label)}`);
      try {
        return c.dice.rollShared(label, String(notation)).total;
      } catch (e) {
        if (e instanceof DiceError && !e.pin) throw site.error(e.message, e);
        throw e;
      }
    };
  },
};
