/**
 * Declarations: who declares when, in what order, and what: the encounter's script first, else
 * the ruleset's default policy (its target pickers are in concepts/targets).
 */
import { truthy, type Data } from '../compile/evaluator.js';
import { policyPlan, type PlannedEntry } from '../compile/policy-plan.js';
import type { CAction } from '../compile/types.js';
import { TARGET_PICKERS } from '../concepts/targets/index.js';
import { orderIntoGroups, type OrderEnv } from './ordering.js';
import { cmbItem, type CmbItem } from './cmb-items.js';
import type { Engine } from './engine.js';
import { sharedFieldsHold } from './data.js';
import type { Cmb, Decl } from './types.js';
import { declareByHost } from './host-ops.js';
import { actPrefix } from './act-prefix.js';

/** Every phase's id, `finally` last (a compiled ruleset's phases never change: listed once per ruleset). */
const PHASE_IDS = new WeakMap<object, string[]>();
function allPhaseIds(eng: Engine): string[] {
  let ids = PHASE_IDS.get(eng.rs);
  if (ids === undefined) PHASE_IDS.set(eng.rs, (ids = [...eng.rs.phases, ...eng.rs.finally].map((p) => p.def.id)));
  return ids;
}

/** The ruleset's policy entries by phase: looked up once per combat, then kept on the engine. */
function policyOf(eng: Engine): Map<string, PlannedEntry[]> {
  return (eng.policyByPhase ??= policyPlan(eng.rs));
}

/** Everyone in `who` (in its order) declares, for one phase or (at round start) for every phase. */
function declare(this: Engine, who: Iterable<Cmb>, phase: string | null): void {
  const decl = this.rs.declare;
  // Those standing, without an array while there is only one (a turn of one); in the scratch
  // list when it is free (taken here, put back below; a declare inside this one makes its own).
  let one: Cmb | null = null;
  let standing: Cmb[] | null = null;
  let many = 0;
  for (const c of who) {
    if (c.out) continue;
    if (one === null) one = c;
    else {
      if (standing === null) {
        standing = freeStanding ?? [];
        freeStanding = null;
        standing[0] = one;
        many = 1;
      }
      standing[many++] = c;
    }
  }
  if (one === null) return;
  let reversed = false;
  const offered = decl.choice && (!decl.choice.def.phases || (phase !== null && decl.choice.def.phases.includes(phase)));
  if (decl.choice && offered && this.holder) {
    const label = `r${this.round}.${phase ? `${phase}.` : ''}${decl.choice.def.id}`;
    reversed = this.decide(label, ['first', 'second'], decl.choice.def.default, this.holder) === 'second';
  }
  // Only the policy speaks (no host to ask, no script): the phase's entries, or none.
  const policyOnly = !this.opts.host && !this.encounter.script?.length;
  const entries = phase !== null && policyOnly ? policyOf(this).get(phase) : undefined;
  // Nobody could declare anything in this phase: no host to ask, no script, no policy entry for it.
  const nothing = phase !== null && policyOnly && entries === undefined;
  // One combatant and keys without effects (a turn of one): nothing to order.
  if (standing === null && decl.order.builtinKeys) {
    if (nothing) return;
    if (entries !== undefined && !this.rs.def.round.declare.repeat) declarePlain(this, one, phase!, entries, null);
    else if (phase !== null) this.declareOne(one, phase, { ...one.slots });
    else {
      const budget = { ...one.slots };
      for (const ph of allPhaseIds(this)) this.declareOne(one, ph, budget);
    }
    return;
  }
  // An ordering that can neither roll nor ask (built-in keys, simultaneous ties) leaves no trace:
  // when nobody could declare anything, it is not made.
  if (nothing && decl.order.builtinKeys && decl.order.ties === 'simultaneous') {
    if (standing !== null) freeStanding = standing;
    return;
  }
  const n = standing === null ? 1 : many;
  const items = new Array<CmbItem>(n);
  for (let i = 0; i < n; i++) items[i] = cmbItem(this, standing === null ? one : standing[i]!).refresh(false);
  if (standing !== null) freeStanding = standing;
  const groups = orderIntoGroups(items, decl.order, declareEnv(this, reversed));
  // The ordering is still made: its tie-breaks may roll or ask, and that is in the trace.
  if (nothing) return;
  if (entries !== undefined && !this.rs.def.round.declare.repeat) {
    // One policy data object for everyone's entries, given again while its shared fields hold.
    const shared: SharedData = { data: null };
    for (const g of groups) for (let i = 0; i < g.length; i++) declarePlain(this, g[i]!.c, phase!, entries, shared);
    return;
  }
  const phases = phase ? [phase] : allPhaseIds(this);
  for (const g of groups) {
    for (const item of g) {
      const c = item.c;
      const budget = { ...c.slots };
      for (const ph of phases) this.declareOne(c, ph, budget);
    }
  }
}

/**
 * declareOne(c, phase, a copy of c's slots) when only the policy speaks and declarations do not
 * repeat: the policy reads c's slots themselves (nothing changes them while it reads). The copy
 * declareOne would make is read by nobody after its one declaration planned into it (planInto
 * writes only the copy), so none is made and nothing is planned (a null budget).
 */
/** declare's list of those standing, when no call holds it (longer than a call needs: it reads only its first `many`). */
let freeStanding: Cmb[] | null = [];

function declarePlain(eng: Engine, c: Cmb, phase: string, entries: PlannedEntry[], shared: SharedData | null): void {
  if (choose(eng, entries, c, c.slots, shared)) eng.addDecl(c, chosenAction!, chosenTarget, phase, null, false);
}

/**
 * The ordering environment of the declarations of `eng`'s round (its label is the round's, and
 * it holds nothing else but `reversed`: orderEnv without a memo): one for the round's declare
 * calls, not one each (an object, three closures, a context and a label per call).
 */
function declareEnv(eng: Engine, reversed: boolean): OrderEnv {
  if (envEngine !== eng || envRound !== eng.round || envReversed !== reversed || envKept === null) {
    envKept = eng.orderEnv(`r${eng.round}.declare`, reversed);
    envEngine = eng;
    envRound = eng.round;
    envReversed = reversed;
  }
  return envKept;
}
let envEngine: Engine | null = null;
let envRound = 0;
let envReversed = false;
let envKept: OrderEnv | null = null;

/** A resumed turn declares, in each phase, what its holder has not declared yet. */
function declareMissing(this: Engine, c: Cmb, phase: string): void {
  if (c.out || this.decls.some((d) => d.c === c && d.phase === phase && !d.done)) return;
  this.declareOne(c, phase, { ...c.slots });
}

/**
 * One combatant's declaration for a phase, within `budget` (its slots not yet planned). With
 * round.declare.repeat it keeps declaring while something fits in what is left (each declaration
 * plans at least one slot, so the slots bound the repetition), unless the script speaks for it.
 */
function declareOne(this: Engine, c: Cmb, phase: string, budget: Record<string, number>): void {
  if (!this.rs.def.round.declare.repeat) return this.declareOnce(c, phase, budget);
  const bound = Math.max(
    1,
    Object.values(budget).reduce((a, b) => a + Math.max(0, b), 0),
  );
  for (let k = 0; k < bound; k++) {
    const before = this.decls.length;
    this.declareOnce(c, phase, budget);
    if (this.decls.length === before || c.out) return;
    const scripted = (this.encounter.script ?? []).some(
      (s) => s.round === this.round && s.combatant === c.id && this.rs.actions.get(s.action)!.phases.has(phase),
    );
    if (scripted) return;
  }
}

/** One declaration (or a script's): the host's answer, the script's entries, else the policy's choice. */
function declareOnce(this: Engine, c: Cmb, phase: string, budget: Record<string, number>): void {
  if (this.opts.host && declareByHost(this, c, phase, budget)) return;
  const all = this.encounter.script;
  // No script (the usual case): straight to the policy, no empty list made.
  if (all === undefined || all.length === 0) {
    const entries = policyOf(this).get(phase);
    if (entries !== undefined && choose(this, entries, c, budget, null)) this.addDecl(c, chosenAction!, chosenTarget, phase, budget, false);
    return;
  }
  const script = all.filter((s) => s.round === this.round && s.combatant === c.id && !this.scriptUsed.has(s));
  for (const entry of script) {
    const action = this.rs.actions.get(entry.action)!;
    if (!action.phases.has(phase)) continue;
    this.scriptUsed.add(entry);
    const target = entry.target ? (this.byId.get(entry.target) ?? null) : null;
    this.addDecl(c, action, target, phase, budget, true);
  }
  if (script.some((s) => this.rs.actions.get(s.action)!.phases.has(phase))) return;
  const chosen = this.policyChoice(c, phase, budget);
  if (chosen) this.addDecl(c, chosen.action, chosen.target, phase, budget, false);
}

/** What the default policy declares for a combatant in a phase (the first entry that applies), or null. */
function policyChoice(this: Engine, c: Cmb, phase: string, budget: Record<string, number>): { action: CAction; target: Cmb | null } | null {
  const entries = policyOf(this).get(phase);
  return entries !== undefined && choose(this, entries, c, budget, null) ? { action: chosenAction!, target: chosenTarget } : null;
}

/** What choose() chose when it returned true (read at once: the next choose writes them again). */
let chosenAction: CAction | null = null;
let chosenTarget: Cmb | null = null;

/** policyChoice over the phase's planned entries: true when an entry applies, its action and target in chosenAction and chosenTarget. */
function choose(eng: Engine, entries: PlannedEntry[], c: Cmb, budget: Record<string, number>, shared: SharedData | null): boolean {
  // Nothing changes while the policy is read, so each way of picking a target is asked once, and
  // one data object serves every entry's expressions (built at the first entry that has any).
  let pickedHow: string | null = null;
  let picked: Cmb | null = null;
  let data: Data | null = null;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    const p = e.p;
    if (!eng.canPlan(budget, p.action.uses)) continue;
    if (p.picker.pickFor) {
      // A pick that depends on the action (its requires) is made for this entry alone.
      pickedHow = null;
      picked = p.picker.pickFor(eng, c, p.action);
    } else if (p.target !== pickedHow) {
      pickedHow = p.target;
      picked = p.picker.pick(eng, c);
    }
    const target = picked;
    if (p.needsTarget && !target) continue;
    // Declared in its own phase, an action must be allowed now (e.requires); declared at round
    // start it is an intention, checked when performed (the situation will have changed by then).
    if (e.requires !== null || e.when !== null) {
      // The previous combatant's object, when every field but the frame's own still holds what a new
      // one would (its local and reaction are a policy frame's empty objects, only read; no event).
      if (data === null && shared !== null && shared.data !== null && sharedFieldsHold(eng, shared.data, eng.summary())) data = shared.data;
      data = policyData(eng, data, c, target, p.action);
      if (shared !== null) shared.data = data;
      if (e.whenFirst) {
        if (!truthy(e.when!(data)) || !truthy(e.requires!(data))) continue;
      } else {
        if (e.requires !== null && !truthy(e.requires(data))) continue;
        if (e.when !== null && !truthy(e.when(data))) continue;
      }
    }
    chosenAction = p.action;
    chosenTarget = target;
    return true;
  }
  return false;
}

/** The policy data of one declare call's combatants, shared while it still holds (null before the first). */
interface SharedData {
  data: Data | null;
}

/**
 * The data of a policy entry's expressions: the frame data of (c, target, action), written into
 * the engine's policy probe (run/data-probes.ts: the entries only truthy() what they give), or the
 * object of the previous entry with its frame fields set again (expressions only read their data).
 */
function policyData(eng: Engine, data: Data | null, c: Cmb, target: Cmb | null, action: CAction): Data {
  if (data === null) return eng.policyProbe(c, target, action);
  data.actor = c.view;
  data.self = c.view;
  data.target = target?.view ?? null;
  data.action = action.view;
  data.distance = eng.distance(c, target);
  return data;
}

function addDecl(
  this: Engine,
  c: Cmb,
  action: CAction,
  target: Cmb | null,
  phase: string,
  // The slots not yet planned, or null when nothing reads them after this declaration (nothing to plan).
  budget: Record<string, number> | null,
  scripted: boolean,
  answered = false,
): void {
  if (budget !== null) this.planInto(budget, action.uses);
  const d: Decl = { seq: this.declSeq++, c, action, target, phase, initiative: null, done: false };
  this.decls.push(d);
  (c.view.plan as string[]).push(action.def.id);
  // A run that does not keep declarations (a record-only one) takes the event's number only, without its fields.
  if (!this.keeps('declare')) this.seq++;
  // The usual declaration (neither scripted nor answered) as one literal, without spreads.
  else if (!scripted && !answered) this.emit('declare', { combatant: c.id, action: action.def.id, target: target?.id ?? null, for: phase });
  else
    this.emit('declare', {
      combatant: c.id,
      action: action.def.id,
      target: target?.id ?? null,
      for: phase,
      ...(scripted ? { scripted: true } : {}),
      ...(answered ? { answered: true } : {}),
    });
  this.rs.initiative.scope.declared?.(this, d);
  if (action.onDeclare.length) {
    this.runEffects(action.onDeclare, {
      actor: c,
      target,
      action,
      local: {},
      reaction: {},
      defer: null,
      prefix: actPrefix(this.round, c, action),
      depth: 0,
    });
  }
}

/** A target picked the way a policy names it (`nearest-enemy`, …). */
function pickTarget(this: Engine, c: Cmb, how: string): Cmb | null {
  const picker = TARGET_PICKERS[how];
  if (!picker) throw new Error(`unknown target picker "${how}"`);
  return picker.pick(this, c);
}

export const declareMethods = { declare, declareMissing, declareOne, declareOnce, policyChoice, addDecl, pickTarget };
