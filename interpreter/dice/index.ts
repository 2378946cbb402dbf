export { Dice, checkRollAnswer, type RollResult, type RollListener } from './dice.js';
export {
  DiceError,
  parseNotation,
  MAX_DICE,
  MAX_SIDES,
  MAX_MODIFIER,
  MAX_NOTATION_LENGTH,
  type DiceGroup,
  type ParsedNotation,
} from './notation.js';
export { cyrb128, fnv1a32, Sfc32, generatorFor, LabelHasher, hashMore, rollFromState, dieFromState } from './prng.js';
