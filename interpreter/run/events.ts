/** The trace as the engine writes it: events, rolls, and labelled decisions. */
import { PhasebookError } from '../diagnostics.js';
import type { RollResult } from '../dice/index.js';
import type { EventFields, EventOf, EventType, TraceEvent } from '../trace/events.js';
import type { Engine } from './engine.js';
import { ENCOUNTER_FILE } from './types.js';

/** Fields of an event of type T; none for the types that have none. */
type FieldsArg<T extends EventType> = object extends EventFields<T> ? [fields?: EventFields<T>] : [fields: EventFields<T>];

/** Where an event happened, as its fields come after seq, type and round. */
type Located = { seq: number; type: EventType; round: number; turn?: string; phase?: string; step?: string };

/**
 * What emit gives back: the event's number (a `cause` or `to` of later events), kept or not. Read
 * `seq` at once: for an event the run does not keep it is the engine's one `notKept` object,
 * which the next such event rewrites (a record-only run leaves most events out: no object each).
 */
type Emitted = { readonly seq: number };

/**
 * Whether events of this type go into the trace: every type, unless the run keeps only some
 * (RunOptions.keep, a record-only simulation). A caller may skip building what only such an
 * event would show, but must still call emit (or take a number with `this.seq++`) so the kept
 * events keep the numbers they have in the full trace.
 */
function keeps(this: Engine, type: EventType): boolean {
  const keep = this.opts.keep;
  return keep === undefined || keep.has(type);
}

/**
 * Add an event to the trace: its number, the round, and where it happened, then its own fields.
 * The place is written in the first literal (one per combination of turn, phase and step, the keys
 * in the same order as ever), so an event does not grow a field at a time before its own fields.
 * An event of a type the run does not keep takes its number and nothing else.
 */
function emitEvent(this: Engine, type: EventType, fields?: object): Emitted {
  const seq = this.seq++;
  const keep = this.opts.keep;
  if (keep !== undefined && !keep.has(type)) {
    const skipped = this.notKept;
    skipped.seq = seq;
    return skipped;
  }
  const round = this.round;
  const turn = this.turn !== undefined && type !== 'round.start' && type !== 'round.end' ? this.turn : undefined;
  const phase = this.phase;
  const step = this.step;
  let e: Located;
  if (turn !== undefined) {
    if (phase !== undefined) e = step !== undefined ? { seq, type, round, turn, phase, step } : { seq, type, round, turn, phase };
    else e = step !== undefined ? { seq, type, round, turn, step } : { seq, type, round, turn };
  } else if (phase !== undefined) e = step !== undefined ? { seq, type, round, phase, step } : { seq, type, round, phase };
  else e = step !== undefined ? { seq, type, round, step } : { seq, type, round };
  if (fields) Object.assign(e, fields);
  this.events.push(e as TraceEvent);
  return e;
}
/** emit(type, fields): each event's fields are checked against its type (trace/events.ts). */
const emit = emitEvent as <T extends EventType>(this: Engine, type: T, ...fields: FieldsArg<T>) => Emitted;

/**
 * An act (run/steps.ts playGroup): as emit('act', fields) gives it, the same keys in the same
 * order, but made as one literal, place and fields together, when it happens in a step of a phase
 * (a step's acts always do). emitEvent's Object.assign grows its place literal by the fields: a
 * second allocation (a backing store) and a shape change, for the most frequent kept event.
 */
function emitAct(this: Engine, combatant: string, action: string, target: string | null, group: string | undefined): Emitted {
  const phase = this.phase;
  const step = this.step;
  const keep = this.opts.keep;
  if (phase === undefined || step === undefined || (keep !== undefined && !keep.has('act')))
    return this.emit('act', group !== undefined ? { combatant, action, target, group } : { combatant, action, target });
  const seq = this.seq++;
  const round = this.round;
  const turn = this.turn;
  const type = 'act' as const;
  let e: EventOf<'act'>;
  if (turn !== undefined)
    e =
      group !== undefined
        ? { seq, type, round, turn, phase, step, combatant, action, target, group }
        : { seq, type, round, turn, phase, step, combatant, action, target };
  else
    e =
      group !== undefined
        ? { seq, type, round, phase, step, combatant, action, target, group }
        : { seq, type, round, phase, step, combatant, action, target };
  this.events.push(e);
  return e;
}

function onRoll(this: Engine, r: RollResult): void {
  // A roll effect with modifiers hands them over just before it rolls (concepts/effects/roll.ts).
  const mods = this.rollModifiers;
  this.rollModifiers = null;
  // Not kept: the roll's number only, without building what its event would show.
  if (!this.keeps('roll')) {
    this.seq++;
    return;
  }
  if (mods || r.pinned) {
    const shown = mods ? { modifiers: mods, modified: r.total + mods.reduce((a, m) => a + m.value, 0) } : {};
    this.emit('roll', { label: r.label, expr: r.notation, dice: r.dice, total: r.total, ...(r.pinned ? { pinned: true } : {}), ...shown });
    return;
  }
  // The usual roll (no pin, no modifiers): one literal, place and fields together (as emitAct).
  const phase = this.phase;
  const step = this.step;
  if (phase === undefined || step === undefined) {
    this.emit('roll', { label: r.label, expr: r.notation, dice: r.dice, total: r.total });
    return;
  }
  const seq = this.seq++;
  const round = this.round;
  const turn = this.turn;
  const type = 'roll' as const;
  const e: EventOf<'roll'> =
    turn !== undefined
      ? { seq, type, round, turn, phase, step, label: r.label, expr: r.notation, dice: r.dice, total: r.total }
      : { seq, type, round, phase, step, label: r.label, expr: r.notation, dice: r.dice, total: r.total };
  this.events.push(e);
}

/** A labelled decision: a referee judgment or a choice the rules give a player or side. */
function decide(this: Engine, asked: string, options: string[], fallback: string, by: string): string {
  // The same question asked again in a run gets label#2, label#3 (like repeated rolls).
  const n = (this.decisionCount.get(asked) ?? 0) + 1;
  this.decisionCount.set(asked, n);
  const label = n === 1 ? asked : `${asked}#${n}`;
  let pinned = this.choices.get(label);
  if (this.opts.host) {
    this.opts.host.at(label);
    const answer = this.opts.host.decide({
      label,
      options,
      default: pinned !== undefined && options.includes(pinned) ? pinned : fallback,
      by,
    });
    if (answer !== undefined) {
      if (pinned !== undefined) this.usedChoices.add(label);
      pinned = answer;
    }
  }
  let chosen = fallback;
  if (pinned !== undefined) {
    if (!options.includes(pinned)) {
      // A pin of the encounter's own decisions is the encounter's error (core.ts locates it).
      const inEncounter = !this.opts.choices?.has(label);
      const pointer = `/decisions/${label.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      throw new PhasebookError([
        inEncounter
          ? {
              file: ENCOUNTER_FILE,
              line: 1,
              col: 1,
              pointer,
              message: `decision "${label}" is pinned to "${pinned}", which is not one of ${options.join(', ')}`,
              severity: 'error',
            }
          : {
              file: '<command line>',
              line: 1,
              col: 1,
              pointer: '',
              message: `--choose ${label}=${pinned}: "${pinned}" is not one of ${options.join(', ')}`,
              severity: 'error',
            },
      ]);
    }
    chosen = pinned;
    this.usedChoices.add(label);
  }
  // Two literals rather than a spread of a third: the same fields in the same order.
  if (this.keeps('decision'))
    this.emit(
      'decision',
      pinned !== undefined ? { label, options, chosen, by, pinned: true } : { label, options, chosen, by, default: fallback },
    );
  else this.seq++;
  return chosen;
}

export const eventMethods = { emit, emitAct, keeps, onRoll, decide };
