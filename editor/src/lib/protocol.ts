/**
 * Messages between the editor and the engine worker. The worker runs the same pipeline as the
 * CLI (interpreter/core.ts) on texts; the page never evaluates rules itself.
 */
import type { Diagnostic } from '../../../interpreter/diagnostics.js';
import type { TraceEvent } from '../../../interpreter/trace/events.js';

export interface DocText {
  /** Workspace path, used as the file name in diagnostics. */
  path: string;
  text: string;
}

export interface Variant {
  ruleset: string;
  overlays: string[];
  encounter: string;
  seed: number;
  rolls: Record<string, string>;
  choices: Record<string, string>;
  rounds?: number;
}

export type Request =
  | { id: number; type: 'validate'; docs: DocText[]; target: string }
  | { id: number; type: 'run'; docs: DocText[]; variant: Variant };

export type Response =
  | { id: number; type: 'validate'; target: string; diagnostics: Diagnostic[] }
  | { id: number; type: 'run'; ok: true; events: TraceEvent[]; winner: string | null; reason: string; rounds: number }
  | { id: number; type: 'run'; ok: false; diagnostics: Diagnostic[] };
