/**
 * The names an expression reads at its top level: one list, for the engine (which of them a loop
 * body may still read from outside the loop, compile/evaluator.ts) and for the checks (an unknown
 * name is reported, validate/names.ts). No imports: the CLI's run path loads it.
 */

/** Variables that hold one combatant's view, where they are defined. */
export const COMBATANT_VARIABLES = ['actor', 'self', 'target', 'reactor', 'mover', 'next', 'lastActor'] as const;

/**
 * Every top-level variable an expression can read somewhere (run/data.ts, run/triggers.ts, the
 * sort keys and the holds). Where one is not defined it is null; derived values are stricter.
 */
export const EXPRESSION_VARIABLES = [
  'round',
  'phase',
  'step',
  'options',
  'holder',
  'sides',
  'sideList',
  'standingSides',
  'lastStanding',
  'best',
  'everyone',
  'encounter',
  ...COMBATANT_VARIABLES,
  'action',
  'local',
  'reaction',
  'event',
  'distance',
  'side',
  'candidates',
  'pass',
] as const;

/** What a derived value is computed from (run/setup.ts): its own combatant and nothing of another's. */
export const DERIVED_VARIABLES = ['actor', 'options', 'sides', 'round'] as const;
