/** The timeline's view model: rounds → turns → phases → steps → acts, and the details under them. */
export interface SideInfo {
  id: string;
  /** Place in the encounter's side order, from 0 (picks the colour). */
  index: number;
  combatants: string[];
}

interface DetailBase {
  seq: number;
  /** One readable line (for plain rendering, tests and screen readers). */
  text: string;
}
export type Detail =
  | (DetailBase & { kind: 'roll'; label: string; expr: string; dice: number[]; total: number; pinned: boolean })
  | (DetailBase & { kind: 'decision'; label: string; options: string[]; chosen: string; by: string | null; pinned: boolean })
  | (DetailBase & { kind: 'damage'; target: string; amount: number; stat: string | null; value: number | null; by: string | null })
  | (DetailBase & { kind: 'down'; combatant: string })
  | (DetailBase & { kind: 'move'; combatant: string; from: number; to: number })
  | (DetailBase & { kind: 'note'; combatant: string | null })
  | (DetailBase & { kind: 'condition'; target: string; condition: string; ended: boolean })
  | (DetailBase & { kind: 'initiative'; who: string; value: number | null })
  | (DetailBase & { kind: 'skip'; combatant: string; action: string; reason: string })
  | (DetailBase & { kind: 'declare'; combatant: string; action: string; target: string | null })
  | (DetailBase & { kind: 'warning' });

export interface ActNode {
  seq: number;
  round: number;
  turn: string | null;
  phase: string;
  step: string;
  actor: string;
  action: string;
  target: string | null;
  /** Shared by the members of a simultaneous group. */
  group: string | null;
  /** Present for a reaction out of turn. */
  reaction: { trigger: string; by: string; to: number } | null;
  details: Detail[];
  /** Reactions this act (or its move) set off, in the order they happened. */
  reactions: ActNode[];
  /** Stable identity across two runs: round, actor, action and occurrence. */
  key: string;
}

export type Item = { kind: 'act'; act: ActNode } | { kind: 'group'; id: string; acts: ActNode[] } | { kind: 'detail'; detail: Detail };

export interface StepView {
  id: string;
  items: Item[];
}
export interface PhaseView {
  id: string;
  /** Declarations and decisions before the first step. */
  pre: Detail[];
  steps: StepView[];
  /** The phase goes on after another turn played inside it. */
  continued: boolean;
}
export interface TurnView {
  /** Whose turn; null for rounds without turns (everyone plays each phase). */
  who: string[] | null;
  continued: boolean;
  pre: Detail[];
  phases: PhaseView[];
}
export interface RoundView {
  round: number;
  /** Round 0: the surprise round. */
  surprise: boolean;
  /** Initiative, declarations and decisions before the first turn or phase. */
  pre: Detail[];
  turns: TurnView[];
}
export interface TimelineModel {
  ruleset: string | null;
  version: string | null;
  overlays: string[];
  encounter: string | null;
  seed: number | null;
  sides: SideInfo[];
  /** Combatant id → side index. */
  sideOf: Record<string, number>;
  rounds: RoundView[];
  end: { round: number; winner: string | null; reason: string } | null;
  warnings: string[];
  /** Every act (reactions included) in the order they happened. */
  acts: ActNode[];
}
