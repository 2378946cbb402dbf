/**
 * The turn queue of combatants (round.turns.by "combatant"): who has a turn to come, in the turn
 * order, re-sorted before every turn.
 */
import { truthy, type Data, type Fn } from '../compile/evaluator.js';
import type { CompiledRuleset } from '../compile/types.js';
import { cmbItem, type CmbItem } from './cmb-items.js';
import { firstGroup, ORDER_KEYS, type CompiledKey, type OrderEnv } from './ordering.js';
import type { Engine } from './engine.js';
import type { Cmb } from './types.js';

/**
 * Combatants take turns one by one (simultaneous when tied), highest first. The queue is
 * re-sorted before every turn, so an initiative changed mid-round (a delay, a reaction, a
 * readied action) takes effect at once — unless turns.resort is "round-start".
 */
function playCombatantTurns(this: Engine): void {
  if (this.turnPlayed.size) this.turnPlayed.clear();
  const memo = new Map<string, number>();
  // One environment for the round's sorts: its label depends on the round only, and it reads the memo and the engine when asked.
  let env: OrderEnv | undefined;
  const cmbs = this.cmbs;
  // When the selects it evaluates cannot roll, a fallen combatant's need of a turn is asked after
  // the checks that read no expression: one who has had its turn is not asked again each turn.
  // The same candidates come out (the checks write nothing), and no die moves.
  const outLast = this.rs.outTurnRollFree;
  // Who has a turn to come, each as the turn order sees it (its item, refreshed before each sort),
  // in one array filled again for each turn.
  const resortAtRoundStart = this.rs.def.round.turns.resort === 'round-start';
  const candidates: CmbItem[] = [];
  const holds = this.holds;
  const ended = this.endedTurn;
  // Whether a candidate sorted after the best one, on a first key of its own, may be left out of the sort, and a fallen one unasked (pruneLater).
  const keysInert = fallenSkippable(this.rs);
  const skipFallen = outLast && keysInert;
  const fallenAt: number[] = [];
  for (let guard = 0; guard < cmbs.length * 4 + 8; guard++) {
    // In listing order, as before.
    candidates.length = 0;
    const played = this.turnPlayed;
    // The data of the fallen ones' selects in this scan: one object, its actor set for each (the
    // scan changes nothing a field holds, and expressions only read their data).
    let outData: Data | null = null;
    // Fallen candidates whose need of a turn is still to be asked (skipFallen only): their places in `candidates`.
    let pending = 0;
    for (let i = 0; i < cmbs.length; i++) {
      const c = cmbs[i]!;
      // heldIndefinitely and endedTurn.has asked only when someone holds or ended its turn (neither reads an expression).
      if (outLast) {
        if (played.has(c) || (holds.size !== 0 && this.heldIndefinitely(c)) || (ended.size !== 0 && ended.has(c))) continue;
        if (c.out) {
          if (skipFallen) {
            fallenAt[pending++] = candidates.length;
          } else if (!needsOutTurnWith(this, c, (outData = actorDataFor(this, outData, c)))) continue;
        }
      } else if (!(
        (!c.out || needsOutTurnWith(this, c, (outData = actorDataFor(this, outData, c)))) &&
        !played.has(c) &&
        !(holds.size !== 0 && this.heldIndefinitely(c)) &&
        !(ended.size !== 0 && ended.has(c))
      )) {
        continue;
      }
      candidates.push(cmbItem(this, c).refresh(resortAtRoundStart));
    }
    if (pending !== 0 || (keysInert && candidates.length > 1)) {
      env ??= this.orderEnv(this.tieLabel('turns'), false, memo);
      pruneLater(this, candidates, fallenAt, pending, env);
    }
    if (candidates.length === 0) return;
    // One candidate under the turn order's fallenSkippable: its keys have no effect (nothing to compute, nothing to break).
    const first =
      candidates.length === 1 && keysInert
        ? candidates
        : firstGroup(candidates, this.rs.turnOrder, (env ??= this.orderEnv(this.tieLabel('turns'), false, memo)));
    const n = first.length;
    if (n === 1) {
      // A turn of one (the usual): the item's set, and its list of ids unless an event keeps it or a host sees it.
      const c = first[0]!.c;
      this.turnPlayed.add(c);
      const item = cmbItem(this, c);
      this.playTurn(item.loneMembers(), !this.opts.host && !this.keeps('turn.start') ? item.loneWho() : [c.id]);
      if (this.endedTurn.size !== 0) replayIfHeld(this, c);
      continue;
    }
    const tier: Cmb[] = new Array<Cmb>(n);
    const who: string[] = new Array<string>(n);
    const members = new Set<Cmb>();
    for (let j = 0; j < n; j++) {
      const c = first[j]!.c;
      tier[j] = c;
      who[j] = c.id;
      members.add(c);
      this.turnPlayed.add(c);
    }
    this.playTurn(members, who);
    // A turn ended by a hold that replays it (a delay to a later count) is played again when that count comes
    // (looked for only when some turn has ended).
    if (this.endedTurn.size !== 0) for (const c of tier) replayIfHeld(this, c);
  }
  throw this.rs.evaluator.at('/round/turns', `round ${this.round}: the turns never ended (a delay keeps postponing itself)`);
}

/** A turn `c` ended with a hold that replays it (a delay to a later count) is played again when that count comes. */
function replayIfHeld(eng: Engine, c: Cmb): void {
  if (!eng.endedTurn.has(c) || !eng.holds.get(c)?.mode.replaysTurn) return;
  eng.turnPlayed.delete(c);
  eng.holds.delete(c);
  eng.endedTurn.delete(c);
  eng.resuming.add(c);
}

/**
 * Drops from `candidates` those that cannot change who plays next, asking the fallen ones at
 * `fallenAt[0, pending)` (their places, ascending; not asked yet) only when their answer can.
 *
 * Under keysInert (fallenSkippable), computing the first key has no effect, and the later keys
 * are computed for nobody outside a tie on the first key (or have no effect either). When every
 * first key of the scan is a finite number, the comparison is a total order, and a candidate
 * whose first key sorts strictly after the best standing (or already asked) candidate's and
 * equals no other candidate's is a group of one after the first: the first group, every other
 * group and its tie-break, and every key computed for the others are the same with it or without
 * it, and a later group of one is neither made nor broken (firstGroup). So it is dropped, and a
 * fallen one among them is not asked (it is asked again before the next turn, when it may be
 * first). The other fallen ones are asked as before (their selects cannot roll: the order of
 * asking changes no die).
 */
function pruneLater(eng: Engine, candidates: CmbItem[], fallenAt: number[], pending: number, env: OrderEnv): void {
  const n = candidates.length;
  const first = eng.rs.turnOrder.keys[0]!;
  const v = KEY_SCRATCH;
  let finite = true;
  for (let i = 0; i < n; i++) {
    const x = first(candidates[i]!, env);
    if (!Number.isFinite(x)) finite = false;
    v[i] = x;
  }
  // The best (lowest) first key of the candidates not to be asked: those not in fallenAt.
  let best = Number.POSITIVE_INFINITY;
  if (finite) {
    for (let i = 0, k = 0; i < n; i++) {
      if (k < pending && fallenAt[k] === i) k++;
      else if (v[i]! < best) best = v[i]!;
    }
  }
  let data: Data | null = null;
  let w = 0;
  for (let i = 0, k = 0; i < n; i++) {
    const item = candidates[i]!;
    const asked = k < pending && fallenAt[k] === i;
    if (asked) k++;
    if (v[i]! > best && alone(v, n, i)) continue;
    if (asked && !needsOutTurnWith(eng, item.c, (data = actorDataFor(eng, data, item.c)))) continue;
    candidates[w++] = item;
  }
  candidates.length = w;
}

/** Whether v[i] equals no other of v[0, n). */
function alone(v: number[], n: number, i: number): boolean {
  const x = v[i];
  for (let j = 0; j < n; j++) if (j !== i && v[j] === x) return false;
  return true;
}

/** The first keys of one pruneLater call (no call starts inside another: its keys have no effect). */
const KEY_SCRATCH: number[] = [];

/**
 * Whether pruneLater may leave a fallen candidate unasked: the turn order's first key is a built-in
 * one (no effect), and no later key can roll (pureTail), or every key is built in. Asked once per compiled ruleset.
 */
const FALLEN_SKIPPABLE = new WeakMap<CompiledRuleset, boolean>();
function fallenSkippable(rs: CompiledRuleset): boolean {
  let ok = FALLEN_SKIPPABLE.get(rs);
  if (ok === undefined) {
    const o = rs.turnOrder;
    const first = o.keys[0];
    ok = first !== undefined && BUILTIN_KEYS.has(first) && (o.pureTail === true || o.builtinKeys === true);
    FALLEN_SKIPPABLE.set(rs, ok);
  }
  return ok;
}
const BUILTIN_KEYS: ReadonlySet<CompiledKey> = new Set(Object.values(ORDER_KEYS).map((k) => k.value));

/** A fallen combatant still has a turn when a step performs something for the fallen (bleeding on its count). */
function needsOutTurn(this: Engine, c: Cmb): boolean {
  const selects = outSelects(this.rs);
  for (let i = 0; i < selects.length; i++) if (truthy(selects[i]!(this.actorProbe(c.view)))) return true;
  return false;
}

/** needsOutTurn(c) over `data`, actorData(c.view) as made for this scan: every select reads the same object. */
function needsOutTurnWith(eng: Engine, c: Cmb, data: Data): boolean {
  const selects = outSelects(eng.rs);
  for (let i = 0; i < selects.length; i++) if (truthy(selects[i]!(data))) return true;
  return false;
}

/**
 * actorData(c.view): the engine's actor probe filled at the first call of a scan (`data` null;
 * run/data-probes.ts), then the same object with its actor set to c's view, while nothing the
 * other fields hold has changed since it was filled.
 */
export function actorDataFor(eng: Engine, data: Data | null, c: Cmb): Data {
  if (data === null) return eng.actorProbe(c.view);
  data.actor = c.view;
  return data;
}

/** The selects of the steps that perform something for the fallen, in phase and step order: listed once per compiled ruleset. */
const OUT_SELECTS = new WeakMap<CompiledRuleset, Fn[]>();
function outSelects(rs: CompiledRuleset): Fn[] {
  let list = OUT_SELECTS.get(rs);
  if (list === undefined) {
    list = [];
    for (const phase of rs.phases) for (const step of phase.steps) if (step.perform && step.def.includeOut) list.push(step.select);
    OUT_SELECTS.set(rs, list);
  }
  return list;
}

export const turnQueueMethods = { playCombatantTurns, needsOutTurn };
