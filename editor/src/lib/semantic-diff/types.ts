/** What a semantic diff says: one entry a change, in an area of the ruleset. */
export type DiffArea =
  | 'round'
  | 'phases'
  | 'steps'
  | 'initiative'
  | 'turns'
  | 'declarations'
  | 'orderings'
  | 'options'
  | 'actions'
  | 'triggers'
  | 'procedures'
  | 'policy'
  | 'end'
  | 'combatant'
  | 'economy'
  | 'limits';

export interface DiffEntry {
  area: DiffArea;
  change: 'added' | 'removed' | 'changed' | 'moved';
  /** One sentence, from A to B. */
  text: string;
}

/** How an area's diff adds an entry. */
export type Push = (area: DiffArea, change: DiffEntry['change'], text: string) => void;
