/** An encounter document: the sides and combatants of one fight, with optional script, dice pins and answers. */
import type { Scalar } from './types.js';

export interface EncounterCombatant {
  id: string;
  name?: string;
  stats?: Record<string, Scalar>;
  tags?: string[];
}

export interface EncounterSide {
  id: string;
  name?: string;
  combatants: EncounterCombatant[];
}

export interface ScriptEntry {
  round: number;
  combatant: string;
  action: string;
  target?: string;
}

export interface Encounter {
  $schema?: string;
  kind: 'encounter';
  id: string;
  name: string;
  description?: string;
  ruleset?: string;
  sides: EncounterSide[];
  script?: ScriptEntry[];
  dice?: Record<string, string | number>;
  decisions?: Record<string, string>;
}
