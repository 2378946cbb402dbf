/** An overlay document: a house rule as a list of changes (patch operations) to the ruleset it extends. */
import type { Decision, Ruleset } from './types.js';

export type PatchOp =
  | { op: 'add'; path: string; value: unknown; before?: string; after?: string; why?: string }
  | { op: 'replace'; path: string; value: unknown; why?: string }
  | { op: 'remove'; path: string; why?: string }
  | { op: 'move'; path: string; before?: string; after?: string; why?: string };

export interface Overlay {
  $schema?: string;
  kind: 'overlay';
  id: string;
  name: string;
  version: string;
  description?: string;
  extends: string;
  requires?: string[];
  source?: Ruleset['source'];
  decisions?: Decision[];
  changes: PatchOp[];
}
