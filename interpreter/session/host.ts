/**
 * The session's host: answers the engine from the log, or automatically by the modes, or stops
 * the replay with `Pending` where an input is asked and the log has no answer yet.
 */
import type { DeclarationAnswer, DecisionAsk, DeclarationAsk, EngineHost, HostOps, Intervention, PauseAsk, RollAsk } from '../run/host.js';
import { allAuto, modeOf, REFEREE, type Modes } from './modes.js';
import { Pending, type Request, type Roller } from './pending.js';

/** The answer a caller gives: a roll ("7", "3,4" or "roll"), an option, a declaration, or "go on" at a pause. */
export type Answer = string | DeclarationAnswer;

/** One entry of a session's log: an answer, or a referee's intervention, at an input point's label. */
export type LogEntry = { label: string; answer: Answer } | { label: string; intervention: Intervention };

/** The answer to a roll that asks the session to roll (the seeded dice, as in a plain run). */
export const ROLL_FOR_ME = 'roll';
export const GO_ON = 'go on';

export interface HostSettings {
  modes: Modes;
  rollPins: ReadonlyMap<string, string>;
  choicePins: ReadonlyMap<string, string>;
  /** Script entries by `round.combatant.phase`: the declarations the encounter pins. */
  scripted: (round: number, combatant: string, phase: string) => boolean;
}

export class ReplayHost implements EngineHost {
  ops!: HostOps;
  private readonly answers = new Map<string, Answer>();
  private readonly interventions = new Map<string, Intervention[]>();
  /** Log entries the replay reached (by index in the log). */
  readonly reached = new Set<number>();
  private readonly indexOf = new Map<string, number[]>();
  /** Nobody is asked for rolls, or for declarations: answer those without working out who rolls or declares. */
  private readonly autoRolls: boolean;
  private readonly autoDeclarations: boolean;

  constructor(
    private readonly settings: HostSettings,
    log: readonly LogEntry[],
  ) {
    this.autoRolls = allAuto(settings.modes.roll);
    this.autoDeclarations = allAuto(settings.modes.declaration);
    log.forEach((e, i) => {
      if ('intervention' in e) {
        const list = this.interventions.get(e.label) ?? [];
        list.push(e.intervention);
        this.interventions.set(e.label, list);
      } else this.answers.set(e.label, e.answer);
      const at = this.indexOf.get(e.label) ?? [];
      at.push(i);
      this.indexOf.set(e.label, at);
    });
  }

  attach(ops: HostOps): void {
    this.ops = ops;
  }

  at(label: string): void {
    const list = this.interventions.get(label);
    if (list) {
      this.mark(label);
      for (const iv of list) this.ops.intervene(iv);
    }
  }

  roll(ask: RollAsk): string | undefined {
    const logged = this.logged(ask.label);
    if (logged !== undefined) return logged === ROLL_FOR_ME ? undefined : String(logged);
    if (this.autoRolls) return undefined;
    const who = rollerOf(ask.label, this.ops);
    const mode = modeOf(this.settings.modes, 'roll', who.combatant, who.side);
    const pin = this.settings.rollPins.get(ask.label);
    if (mode === 'auto' || (mode === 'pinned' && pin !== undefined)) return undefined;
    const why = whyOf(ask.label, who);
    this.stop({
      kind: 'roll',
      label: ask.label,
      notation: ask.notation,
      who: who.combatant || who.side ? who : null,
      why,
      ...(pin !== undefined ? { pin } : {}),
    });
  }

  decide(ask: DecisionAsk): string | undefined {
    const logged = this.logged(ask.label);
    if (logged !== undefined) return String(logged);
    const byKind = ask.by === REFEREE ? 'referee' : this.ops.isSide(ask.by) ? 'side' : 'combatant';
    const combatant = byKind === 'combatant' ? ask.by : null;
    const side = byKind === 'referee' ? null : byKind === 'side' ? ask.by : (this.ops.sideOf(ask.by) ?? null);
    const mode = modeOf(this.settings.modes, 'decision', combatant, side);
    const pin = this.settings.choicePins.get(ask.label);
    // A pin the situation no longer allows (the referee changed the fight) is not used.
    const stale = pin !== undefined && !ask.options.includes(pin);
    if (mode === 'auto' || (mode === 'pinned' && pin !== undefined)) return stale ? ask.default : undefined;
    this.stop({ kind: 'decision', label: ask.label, options: ask.options, default: ask.default, by: ask.by, byKind });
  }

  declare(ask: DeclarationAsk): DeclarationAnswer | undefined {
    if (this.answers.has(ask.label)) {
      this.mark(ask.label);
      return this.answers.get(ask.label) as DeclarationAnswer;
    }
    if (!this.asksDeclaration(ask)) return undefined;
    this.stop({ kind: 'declaration', ...ask });
  }

  asksDeclaration(ask: Pick<DeclarationAsk, 'label' | 'combatant' | 'side' | 'phase' | 'round'>): boolean {
    if (this.answers.has(ask.label)) return true;
    if (this.autoDeclarations) return false;
    const mode = modeOf(this.settings.modes, 'declaration', ask.combatant, ask.side);
    return !(mode === 'auto' || (mode === 'pinned' && this.settings.scripted(ask.round, ask.combatant, ask.phase)));
  }

  pause(ask: PauseAsk): void {
    if (this.answers.has(ask.label)) {
      this.mark(ask.label);
      return;
    }
    const p = this.settings.modes.pause ?? 'off';
    if (p === 'off' || (p === 'turn' && ask.at !== 'turn')) return;
    this.stop({ kind: 'pause', ...ask });
  }

  private logged(label: string): Answer | undefined {
    if (!this.answers.has(label)) return undefined;
    this.mark(label);
    return this.answers.get(label);
  }

  private mark(label: string): void {
    for (const i of this.indexOf.get(label) ?? []) this.reached.add(i);
  }

  private stop(request: Request): never {
    throw new Pending(request, this.ops.snapshot(), this.ops.events());
  }
}

/** Who rolls, read from the label: the first segment naming a combatant or a side; else the referee. */
export function rollerOf(label: string, ops: Pick<HostOps, 'sideOf' | 'isSide'>): Roller {
  for (const seg of label.replace(/#\d+$/, '').split('.')) {
    const side = ops.sideOf(seg);
    if (side !== undefined) return { combatant: seg, side };
    if (ops.isSide(seg)) return { combatant: null, side: seg };
  }
  return { combatant: null, side: null };
}

/** Why: the label's words after the round and the roller ("melee attack", "initiative d6"). */
function whyOf(label: string, who: Roller): string {
  const name = who.combatant ?? who.side;
  const words = label
    .replace(/#\d+$/, '')
    .split('.')
    .filter((w, i) => !(i === 0 && /^r\d+$/.test(w)) && w !== name);
  return words.join(' ') || label;
}
