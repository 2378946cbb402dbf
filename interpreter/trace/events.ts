/**
 * Stage 6: events. A run is a list of events (schemas/trace.schema.json); the CLI and the
 * editor only ever consume events. Every event has seq, type and round.
 */
export type EventType =
  | 'combat.start'
  | 'round.start'
  | 'initiative'
  | 'turn.start'
  | 'phase.start'
  | 'step.start'
  | 'declare'
  | 'act'
  | 'skip'
  | 'move'
  | 'roll'
  | 'decision'
  | 'damage'
  | 'condition'
  | 'down'
  | 'note'
  | 'intervention'
  | 'round.end'
  | 'combat.end'
  | 'warning';

export interface TraceEvent {
  seq: number;
  type: EventType;
  round: number;
  [field: string]: unknown;
}

/** JSON Lines: one event per line, keys in insertion order (stable by construction). */
export function toJsonLines(events: readonly TraceEvent[]): string {
  return events.map((e) => JSON.stringify(e)).join('\n') + (events.length ? '\n' : '');
}
