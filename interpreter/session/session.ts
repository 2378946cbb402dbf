/**
 * A combat driven step by step. A session is (program, encounter, seed, modes, log): to
 * advance, the engine runs from the start with the log as answers, and stops at the first input
 * that is asked and has no answer yet (Ink's story state, boardgame.io's log). A combat runs in
 * about a millisecond, so replaying per answer is cheap; undo drops the last log entry, and
 * loading a save replays its log.
 */
import { PhasebookError } from '../diagnostics.js';
import { checkRollAnswer } from '../dice/index.js';
import type { Encounter } from '../model/types.js';
import { Engine, runCombat, type RunResult } from '../run/engine.js';
import { hostOps } from '../run/host-ops.js';
import type { CompiledRuleset } from '../compile/types.js';
import type { Program } from '../core.js';
import type { DeclarationAnswer, Intervention, TrackerSnapshot } from '../run/host.js';
import type { TraceEvent } from '../trace/events.js';
import { GO_ON, ReplayHost, ROLL_FOR_ME, type Answer, type LogEntry } from './host.js';
import { allAuto, type Modes } from './modes.js';
import { Pending, SessionError, type Request } from './pending.js';
import { refereeProblem } from './referee-checks.js';

export interface SessionOptions {
  seed: number;
  /** Who is asked (default: nobody: every input is automatic, as in a plain run). */
  modes?: Modes;
  /** Pinned dice and decisions, as `run --roll/--choose` (the encounter's own pins apply too). */
  rolls?: ReadonlyMap<string, string>;
  choices?: ReadonlyMap<string, string>;
  rounds?: number;
  /** Answers and interventions to start from (a loaded save). */
  log?: readonly LogEntry[];
  /**
   * Called after every change with the events from seq `from` on. After an undo `from` is
   * lower than before: drop what you had from there.
   */
  onEvents?: (events: readonly TraceEvent[], from: number) => void;
}

interface State {
  pending: Request | null;
  events: readonly TraceEvent[];
  snapshot: TrackerSnapshot;
  result: RunResult | null;
  /** Log entries the replay never reached (after a load under changed rules). */
  unreached: LogEntry[];
}

export class Session {
  private log: LogEntry[];
  private modes: Modes;
  private state!: State;
  private readonly rollPins: Map<string, string>;
  private readonly choicePins: Map<string, string>;
  private delivered = 0;

  private readonly ruleset: CompiledRuleset;

  constructor(
    readonly program: Program,
    readonly encounter: Encounter,
    readonly options: SessionOptions,
  ) {
    this.ruleset = program.compiled;
    this.log = [...(options.log ?? [])];
    this.modes = structuredClone(options.modes ?? {});
    this.rollPins = new Map(Object.entries(encounter.dice ?? {}).map(([k, v]) => [k, String(v)]));
    for (const [k, v] of options.rolls ?? []) this.rollPins.set(k, v);
    this.choicePins = new Map(Object.entries(encounter.decisions ?? {}));
    for (const [k, v] of options.choices ?? []) this.choicePins.set(k, v);
    this.replay();
  }

  /** What the session waits for, or null when the combat is over. */
  get pending(): Request | null {
    return this.state.pending;
  }

  /** Every event so far. */
  get events(): readonly TraceEvent[] {
    return this.state.events;
  }

  /** The result once the combat is over, else null. */
  get result(): RunResult | null {
    return this.state.result;
  }

  get done(): boolean {
    return this.state.result !== null;
  }

  /** The tracker's view now: round, phase, step, whose turn, the order to come, each combatant. */
  snapshot(): TrackerSnapshot {
    return this.state.snapshot;
  }

  /** The log of answers and interventions, oldest first. */
  entries(): readonly LogEntry[] {
    return this.log;
  }

  /** Log entries the last replay did not reach (stale after the rules changed). */
  unreached(): readonly LogEntry[] {
    return this.state.unreached;
  }

  getModes(): Modes {
    return structuredClone(this.modes);
  }

  /** Change who is asked from now on; answers already given stay. */
  setModes(modes: Modes): void {
    this.modes = structuredClone(modes);
    this.replay();
  }

  /**
   * Answer what is pending: a roll's total ("7") or dice ("3,4"), or "roll" to roll; a
   * decision's option; a declaration `{action, target}` or null for nothing; anything at a pause.
   */
  answer(value: Answer): void {
    const p = this.state.pending;
    if (!p) throw new SessionError('nothing is pending: the combat is over');
    this.push({ label: p.label, answer: this.checked(p, value) });
  }

  /** Let the session answer what is pending as it would in auto mode (roll, the default, go on). */
  answerDefault(): void {
    const p = this.state.pending;
    if (!p) throw new SessionError('nothing is pending: the combat is over');
    if (p.kind === 'roll') this.answer(ROLL_FOR_ME);
    else if (p.kind === 'decision') this.answer(p.default);
    else if (p.kind === 'declaration') this.answer(p.default);
    else this.answer(GO_ON);
  }

  /** A referee's intervention now (before what is pending); it is logged at the pending input's label. */
  intervene(iv: Intervention): void {
    const p = this.state.pending;
    if (!p) throw new SessionError('the combat is over');
    const problem = refereeProblem(iv, this.state.snapshot);
    if (problem) throw new SessionError(problem);
    this.push({ label: p.label, intervention: structuredClone(iv) });
  }

  /** Take back the last answer or intervention. Returns it, or null when the log is empty. */
  undo(): LogEntry | null {
    const last = this.log.pop() ?? null;
    if (last) this.replay();
    return last;
  }

  private push(entry: LogEntry): void {
    this.log.push(entry);
    try {
      this.replay();
    } catch (err) {
      this.log.pop();
      this.replay();
      if (err instanceof PhasebookError) throw new SessionError(err.diagnostics.map((d) => d.message).join('; '));
      if (err instanceof Error) throw new SessionError(err.message);
      throw err;
    }
  }

  private checked(p: Request, value: Answer): Answer {
    switch (p.kind) {
      case 'roll': {
        const text = typeof value === 'string' ? value.trim() : '';
        if (text === ROLL_FOR_ME) return ROLL_FOR_ME;
        const problem = text === '' ? 'give a total ("7"), the single dice ("3,4"), or "roll"' : checkRollAnswer(p.label, p.notation, text);
        if (problem) throw new SessionError(problem);
        return text;
      }
      case 'decision':
        if (typeof value !== 'string' || !p.options.includes(value)) {
          throw new SessionError(`${p.label}: "${String(value)}" is not one of ${p.options.join(', ')}`);
        }
        return value;
      case 'declaration': {
        if (value === null) return null;
        if (typeof value !== 'object') throw new SessionError(`${p.label}: give an action and a target, or nothing`);
        const d = value as Exclude<DeclarationAnswer, null>;
        const option = p.options.find((o) => o.action === d.action);
        if (!option)
          throw new SessionError(
            `${p.label}: "${d.action}" is not allowed now; allowed: ${p.options.map((o) => o.action).join(', ') || 'nothing'}`,
          );
        const target = d.target ?? null;
        if (!option.targets.includes(target)) {
          throw new SessionError(
            `${p.label}: ${d.action} cannot target ${target ?? 'nobody'}; targets: ${option.targets.map((t) => t ?? 'none').join(', ')}`,
          );
        }
        return { action: d.action, target };
      }
      case 'pause':
        return GO_ON;
    }
  }

  private replay(): void {
    if (this.log.length === 0 && nobodyAsked(this.modes) && this.runAuto()) return;
    const host = new ReplayHost(
      {
        modes: this.modes,
        rollPins: this.rollPins,
        choicePins: this.choicePins,
        scripted: (round, combatant, phase) =>
          (this.encounter.script ?? []).some(
            (s) => s.round === round && s.combatant === combatant && this.ruleset.actions.get(s.action)?.phases.has(phase),
          ),
      },
      this.log,
    );
    const o = this.options;
    let state: Omit<State, 'unreached'>;
    try {
      const result = runCombat(this.ruleset, this.encounter, {
        seed: o.seed,
        ...(o.rolls ? { rolls: o.rolls } : {}),
        ...(o.choices ? { choices: o.choices } : {}),
        ...(o.rounds !== undefined ? { rounds: o.rounds } : {}),
        host,
      });
      state = { pending: null, events: result.events, snapshot: host.ops.snapshot(), result };
    } catch (err) {
      if (!(err instanceof Pending)) throw err;
      state = { pending: err.request, events: err.events, snapshot: err.snapshot, result: null };
    }
    this.state = { ...state, unreached: this.log.filter((_, i) => !host.reached.has(i)) };
    this.deliver();
  }

  /**
   * Auto mode with an empty log: nobody is asked and nothing is to be replayed, so the combat is
   * a plain run, without a host (no hook at each roll, decision, declaration or pause, no labels
   * made for it). Returns false when the plain run throws: the host differs from a plain run only
   * there (a pin the situation does not allow is replaced by the default instead of stopping the
   * run), so the caller replays with the host, which gives the session's own answer or error.
   */
  private runAuto(): boolean {
    const o = this.options;
    let engine: Engine;
    let result: RunResult;
    try {
      engine = new Engine(this.ruleset, this.encounter, {
        seed: o.seed,
        ...(o.rolls ? { rolls: o.rolls } : {}),
        ...(o.choices ? { choices: o.choices } : {}),
        ...(o.rounds !== undefined ? { rounds: o.rounds } : {}),
      });
      result = engine.run();
    } catch {
      return false;
    }
    // The tracker's view of the end, made now as the hosted replay makes it.
    this.state = { pending: null, events: result.events, snapshot: hostOps(engine).snapshot(), result, unreached: [] };
    this.deliver();
    return true;
  }

  private deliver(): void {
    const events = this.state.events;
    if (!this.options.onEvents) return;
    // After an undo, events from the first one that differs are new again.
    const from = Math.min(this.delivered, events.length);
    this.delivered = events.length;
    this.options.onEvents(events.slice(from), from);
  }
}

/** Whether no input of any kind is asked and no pause stops the combat. */
function nobodyAsked(modes: Modes): boolean {
  return allAuto(modes.roll) && allAuto(modes.decision) && allAuto(modes.declaration) && (modes.pause ?? 'off') === 'off';
}

export { GO_ON, ROLL_FOR_ME, type Answer, type LogEntry };
