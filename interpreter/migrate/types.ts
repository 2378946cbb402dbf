/** A step of the document language, from one major version to the next. */
export interface Migration {
  from: number;
  to: number;
  /** One line for `phasebook migrate`. */
  summary: string;
  /** Top-level properties renamed in this step (key renamed in place: formatting and order kept). */
  renames: Array<{ kind: 'ruleset' | 'overlay' | 'encounter'; from: string; to: string; removedIn: number }>;
}
