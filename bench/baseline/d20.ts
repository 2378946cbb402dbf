/**
 * Hand-written baseline: d20 System Reference Document 3.5 combat by the book
 * (rulesets/d20-srd/d20-srd.json, no overlays) for encounters of melee fighters and archers in
 * which everyone is aware (no surprise round), nobody casts, and nothing is scripted or pinned.
 *
 * The rules, as the document says them and the engine runs them:
 * - Initiative d20 + Dexterity modifier + other bonuses, rolled once; highest first every
 *   round; ties: the higher initiative modifier, then the tied re-roll a d20 (again while still
 *   tied, at most five times, then listing order).
 * - Each combatant's turn: a dying character (−1 to −9 hp, fallen in an earlier round) rolls d%:
 *   10 or less stabilises, otherwise loses 1 hp. Then a move action and a standard action by the
 *   default policy: a shooter next to a foe takes a 5-foot step back; a fighter exactly 10 ft from
 *   its nearest foe takes a 5-foot step in; a fighter too far to charge double-moves; a shooter
 *   out of range advances. Then: shoot (a shooter with a foe in range), full attack (2+ attacks,
 *   foe within 5 ft), attack (foe within 5 ft), or charge (15 ft to twice the speed away, not
 *   moved yet: move straight, +2 to hit, −2 to armour class until its next turn).
 * - Moving (advance, double move, charge) or shooting next to a threatening foe provokes an
 *   attack of opportunity from each such foe (one per round, more with Combat Reflexes); a
 *   foe threatens when armed (not "unarmed") and not flat-footed (round 1 before its first act).
 * - Attack: natural 1 misses, natural 20 hits, else d20 + bonus ≥ armour class. A hit on a roll
 *   in the critical range is confirmed by a second roll: critical damage rolls the dice
 *   critMult times, each max(1, roll + bonus). Full attack: the second attack at −5, lost if the
 *   foe fell. Armour class 10 + armour + Dexterity (capped; lost while flat-footed) − 2 charging.
 * - Out below 0 hp; 0 hp: disabled (one move or standard action a round, a standard action
 *   costs 1 hp). The fight ends when one side (or none) still stands.
 */
import {
  D100,
  D20,
  ENDED,
  FastRoller,
  MAX_ROUNDS,
  ONCE,
  mover,
  parseDice,
  simulateMoves,
  type Body,
  type DiceSpec,
  type Mover,
  type Outcome,
  type Roller,
} from './common.js';

interface Cmb extends Body {
  id: string;
  index: number;
  hp: number;
  dexMod: number;
  initMod: number;
  armor: number;
  maxDex: number;
  attackBonus: number;
  rangedBonus: number;
  attacks: number;
  damage: DiceSpec;
  damageBonus: number;
  rangedDamage: DiceSpec;
  rangedDamageBonus: number;
  critRange: number;
  critMult: number;
  speed: number;
  range: number;
  ranged: boolean;
  unarmed: boolean;
  aooPerRound: number;
  // per combat
  initiative: number;
  stable: boolean;
  dyingSince: number;
  charging: boolean;
  // per round
  standard: number;
  move: number;
  step: number;
  acts: number;
  stepped: boolean;
  aooUsed: number;
}

export interface D20Template {
  sideIds: [string, string];
  cmbs: ReadonlyArray<Readonly<Cmb>>;
}

interface EncounterDoc {
  sides: Array<{ id: string; combatants: Array<{ id: string; stats?: Record<string, unknown>; tags?: string[] }> }>;
  script?: unknown[];
  dice?: Record<string, unknown>;
  decisions?: Record<string, unknown>;
}

const SUPPORTED_TAGS = new Set(['ranged', 'unarmed', 'combat-reflexes']);
const SUPPORTED_STATS = new Set([
  'hp',
  'dexMod',
  'initMisc',
  'armor',
  'maxDex',
  'attackBonus',
  'rangedBonus',
  'attacks',
  'damage',
  'damageBonus',
  'rangedDamage',
  'rangedDamageBonus',
  'critRange',
  'critMult',
  'speed',
  'range',
  'position',
]);

export function loadD20(enc: EncounterDoc): D20Template {
  if (enc.sides.length !== 2) throw new Error('baseline: two sides only');
  if (enc.script?.length || Object.keys(enc.dice ?? {}).length || Object.keys(enc.decisions ?? {}).length) {
    throw new Error('baseline: scripts, pinned dice and decisions are not modelled');
  }
  const cmbs: Cmb[] = [];
  enc.sides.forEach((s, side) => {
    for (const c of s.combatants) {
      const st = c.stats ?? {};
      for (const k of Object.keys(st)) if (!SUPPORTED_STATS.has(k)) throw new Error(`baseline: stat ${k} is not modelled`);
      const tags = c.tags ?? [];
      for (const t of tags) if (!SUPPORTED_TAGS.has(t)) throw new Error(`baseline: tag ${t} is not modelled`);
      const n = (k: string, d: number) => (typeof st[k] === 'number' ? (st[k] as number) : d);
      const dexMod = n('dexMod', 0);
      const attacks = n('attacks', 1);
      if (attacks > 4) throw new Error('baseline: at most 4 attacks');
      cmbs.push({
        id: c.id,
        side,
        index: cmbs.length,
        hp: n('hp', 10),
        dexMod,
        initMod: dexMod + n('initMisc', 0),
        armor: n('armor', 0),
        maxDex: n('maxDex', 99),
        attackBonus: n('attackBonus', 0),
        rangedBonus: n('rangedBonus', 0),
        attacks,
        damage: parseDice(typeof st.damage === 'string' ? st.damage : '1d6'),
        damageBonus: n('damageBonus', 0),
        rangedDamage: parseDice(typeof st.rangedDamage === 'string' ? st.rangedDamage : '1d6'),
        rangedDamageBonus: n('rangedDamageBonus', 0),
        critRange: n('critRange', 20),
        critMult: n('critMult', 2),
        speed: n('speed', 30),
        range: n('range', 0),
        pos: n('position', 0),
        moved: 0,
        out: false,
        tm: null,
        ranged: tags.includes('ranged'),
        unarmed: tags.includes('unarmed'),
        aooPerRound: 1 + (tags.includes('combat-reflexes') ? Math.max(0, dexMod) : 0),
        initiative: 0,
        stable: false,
        dyingSince: -1,
        charging: false,
        standard: 1,
        move: 1,
        step: 1,
        acts: 0,
        stepped: false,
        aooUsed: 0,
      });
    }
  });
  for (const c of cmbs) c.out = c.hp < 0;
  return { sideIds: [enc.sides[0]!.id, enc.sides[1]!.id], cmbs };
}

const D20_LABEL = 'd20';
const TURNS = 'turns';
const TIE = 'tie';
const BLEED = 'bleed';
const STABILISE = 'stabilise';
const AOO = 'attack-of-opportunity';
const SHOOT = 'shoot';
const FULL = 'full-attack';
const ATTACK_ACTION = 'attack';
const CHARGE = 'charge';
const N = ['', '-2', '-3', '-4'];
const ATTACK_N = N.map((n) => `attack${n}`);
const CONFIRM_N = N.map((n) => `confirm${n}`);
const DAMAGE_N = N.map((n) => ['', '-x2', '-x3', '-x4'].map((x) => `damage${n}${x}`));

const enum Move {
  None,
  StepBack,
  StepIn,
  DoubleMove,
  Advance,
}
const enum Act {
  None,
  Shoot,
  FullAttack,
  Attack,
  Charge,
}

export class D20Baseline {
  private readonly cmbs: Cmb[];
  private readonly order: Cmb[] = [];
  private rng: Roller = new FastRoller(1);
  private round = 0;
  private winner = -1;
  private readonly ms: Mover[] = [];
  private readonly tick: Mover[] = [];

  constructor(private readonly tpl: D20Template) {
    this.cmbs = tpl.cmbs.map((c) => ({ ...c }));
  }

  /** Hit points of every combatant after the last run (for the exact-replay check). */
  finalHp(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const c of this.cmbs) out[c.id] = c.hp;
    return out;
  }

  run(rng: Roller): Outcome {
    this.rng = rng;
    const t = this.tpl.cmbs;
    for (let i = 0; i < this.cmbs.length; i++) {
      const c = this.cmbs[i]!;
      const s = t[i]!;
      c.hp = s.hp;
      c.pos = s.pos;
      c.out = s.out;
      c.stable = false;
      c.dyingSince = -1;
      c.charging = false;
    }
    this.winner = -1;
    try {
      this.checkEnd();
      for (this.round = 1; this.round <= MAX_ROUNDS; this.round++) this.playRound();
    } catch (e) {
      if (e !== ENDED) throw e;
      return { winner: this.winner, rounds: this.round, reason: 'eliminated' };
    }
    return { winner: -1, rounds: MAX_ROUNDS, reason: 'round-limit' };
  }

  // ------------------------------------------------------------------ initiative

  private rollInitiative(): void {
    const cmbs = this.cmbs;
    for (let i = 0; i < cmbs.length; i++) {
      const c = cmbs[i]!;
      c.initiative = this.rng.roll(D20, ONCE, c.id, D20_LABEL, '') + c.initMod;
    }
    const sorted = cmbs.slice().sort((a, b) => b.initiative - a.initiative || b.initMod - a.initMod || a.index - b.index);
    const order = this.order;
    order.length = 0;
    for (let i = 0; i < sorted.length;) {
      let j = i + 1;
      const a = sorted[i]!;
      while (j < sorted.length && sorted[j]!.initiative === a.initiative && sorted[j]!.initMod === a.initMod) j++;
      if (j - i === 1) order.push(a);
      else this.breakTie(sorted.slice(i, j), 1, order);
      i = j;
    }
  }

  /** Re-roll a d20 among the tied, highest first; still tied: again (at most 5 tries, then listing order). */
  private breakTie(group: Cmb[], attempt: number, out: Cmb[]): void {
    if (attempt > 5) {
      for (const c of group) out.push(c);
      return;
    }
    const scored = group.map((c) => ({ c, s: this.rng.roll(D20, ONCE, TURNS, TIE, c.id) }));
    scored.sort((x, y) => y.s - x.s || x.c.index - y.c.index);
    for (let i = 0; i < scored.length;) {
      let j = i + 1;
      while (j < scored.length && scored[j]!.s === scored[i]!.s) j++;
      if (j - i === 1) out.push(scored[i]!.c);
      else
        this.breakTie(
          scored.slice(i, j).map((x) => x.c),
          attempt + 1,
          out,
        );
      i = j;
    }
  }

  // ------------------------------------------------------------------ rounds and turns

  private playRound(): void {
    const cmbs = this.cmbs;
    for (let i = 0; i < cmbs.length; i++) {
      const c = cmbs[i]!;
      c.standard = c.move = c.step = 1;
      c.acts = 0;
      c.stepped = false;
      c.aooUsed = 0;
      c.moved = 0;
    }
    if (this.round === 1) this.rollInitiative();
    const order = this.order;
    for (let i = 0; i < order.length; i++) {
      const c = order[i]!;
      if (c.out && !this.dying(c)) continue;
      this.turn(c);
    }
    this.checkEnd();
  }

  private dying(c: Cmb): boolean {
    return c.hp < 0 && c.hp > -10 && !c.stable && c.dyingSince < this.round;
  }

  private turn(c: Cmb): void {
    c.charging = false; // ends just before its own turn
    if (this.dying(c)) {
      c.acts++;
      const pct = this.rng.roll(D100, this.round, c.id, BLEED, STABILISE);
      if (pct <= 10) c.stable = true;
      else this.damage(c, 1, c);
      this.checkEnd();
    }
    if (c.out) return;
    this.movePhase(c);
    if (c.out) return;
    this.actionPhase(c);
  }

  private nearest(c: Cmb): Cmb | null {
    let best: Cmb | null = null;
    let bd = 0;
    const cmbs = this.cmbs;
    for (let i = 0; i < cmbs.length; i++) {
      const o = cmbs[i]!;
      if (o.side === c.side || o.out) continue;
      const d = Math.abs(o.pos - c.pos);
      if (best === null || d < bd) {
        best = o;
        bd = d;
      }
    }
    return best;
  }

  private mayAct(c: Cmb): boolean {
    return c.hp > 0 || c.acts === 0;
  }

  private flatFooted(c: Cmb): boolean {
    return this.round === 1 && c.acts === 0;
  }

  private ac(c: Cmb): number {
    return 10 + c.armor + (this.flatFooted(c) ? Math.min(0, c.dexMod) : Math.min(c.dexMod, c.maxDex)) + (c.charging ? -2 : 0);
  }

  // slots: standard, move, step; a standard action may be taken as a move action
  private canMove(c: Cmb): boolean {
    return c.move >= 1 || c.standard >= 1;
  }
  private spendMove(c: Cmb): void {
    if (c.move >= 1) c.move--;
    else c.standard--;
  }

  private movePhase(c: Cmb): void {
    const t = this.nearest(c);
    if (t === null) return;
    const d = Math.abs(t.pos - c.pos);
    const hp = c.hp;
    let kind = Move.None;
    if (c.step >= 1 && this.mayAct(c) && c.moved === 0 && c.speed > 5 && hp > 0 && c.ranged && d <= 5 && c.range > 5) kind = Move.StepBack;
    else if (c.step >= 1 && this.mayAct(c) && c.moved === 0 && c.speed > 5 && hp > 0 && !c.unarmed && !c.ranged && d === 10)
      kind = Move.StepIn;
    else if (c.move >= 1 && c.standard >= 1 && hp > 0 && !c.stepped && !c.unarmed && !c.ranged && d - 5 > 2 * c.speed)
      kind = Move.DoubleMove;
    else if (this.canMove(c) && this.mayAct(c) && !c.stepped && hp > 0 && c.ranged && d > c.range) kind = Move.Advance;
    if (kind === Move.None) return;
    c.acts++;
    let distance: number;
    let toward = true;
    let stopAtEnemies = true;
    if (kind === Move.StepBack || kind === Move.StepIn) {
      c.step--;
      c.stepped = true;
      distance = 5;
      toward = kind === Move.StepIn;
      stopAtEnemies = false;
    } else if (kind === Move.DoubleMove) {
      c.move--;
      c.standard--;
      distance = 2 * c.speed;
      this.provoke(c);
    } else {
      this.spendMove(c);
      distance = c.speed;
      this.provoke(c);
    }
    if (c.out) return; // interrupted
    this.moveAlone(c, t, toward, distance, stopAtEnemies);
    this.checkEnd();
  }

  private moveAlone(c: Cmb, t: Cmb, toward: boolean, distance: number, stopAtEnemies: boolean): void {
    const ms = this.ms;
    ms.length = 0;
    ms.push(mover(c, t, toward, distance, stopAtEnemies));
    simulateMoves(ms, this.cmbs, this.tick);
  }

  private actionPhase(c: Cmb): void {
    const t = this.nearest(c);
    if (t === null) return;
    const d = Math.abs(t.pos - c.pos);
    const hp = c.hp;
    let kind = Act.None;
    if (c.standard >= 1 && this.mayAct(c) && c.ranged && d <= c.range && hp > 0) kind = Act.Shoot;
    else if (c.standard >= 1 && c.move >= 1 && hp > 0 && d <= 5 && !c.unarmed && c.attacks >= 2) kind = Act.FullAttack;
    else if (c.standard >= 1 && this.mayAct(c) && d <= 5 && hp > 0 && !c.unarmed) kind = Act.Attack;
    else if (c.standard >= 1 && c.move >= 1 && hp > 0 && c.moved === 0 && d - 5 >= 10 && d - 5 <= 2 * c.speed && !c.unarmed)
      kind = Act.Charge;
    if (kind === Act.None) return;
    c.standard--;
    if (kind === Act.FullAttack || kind === Act.Charge) c.move--;
    c.acts++;
    if (kind === Act.Shoot || kind === Act.Charge) {
      this.provoke(c);
      if (c.out) return; // interrupted
    }
    const r = this.round;
    switch (kind) {
      case Act.Shoot:
        this.attack(c, t, 0, c.rangedBonus, c.rangedDamage, c.rangedDamageBonus, r, SHOOT);
        this.strain(c);
        break;
      case Act.FullAttack:
        this.attack(c, t, 0, c.attackBonus, c.damage, c.damageBonus, r, FULL);
        for (let k = 1; k < c.attacks && t.hp >= 0; k++) this.attack(c, t, k, c.attackBonus - 5 * k, c.damage, c.damageBonus, r, FULL);
        break;
      case Act.Attack:
        this.attack(c, t, 0, c.attackBonus, c.damage, c.damageBonus, r, ATTACK_ACTION);
        this.strain(c);
        break;
      case Act.Charge:
        this.moveAlone(c, t, true, 2 * c.speed, true);
        c.charging = true;
        if (Math.abs(t.pos - c.pos) <= 5) this.attack(c, t, 0, c.attackBonus + 2, c.damage, c.damageBonus, r, CHARGE);
        break;
    }
    this.checkEnd();
  }

  /** Attacks of opportunity against `p`, from each threatening foe within 5 ft (listing order). */
  private provoke(p: Cmb): void {
    const cmbs = this.cmbs;
    for (let i = 0; i < cmbs.length; i++) {
      const r = cmbs[i]!;
      if (r.side === p.side || r.out) continue;
      if (r.aooUsed >= r.aooPerRound) continue;
      if (Math.abs(r.pos - p.pos) > 5 || r.unarmed || this.flatFooted(r)) continue;
      r.aooUsed++;
      r.acts++;
      this.attack(r, p, 0, r.attackBonus, r.damage, r.damageBonus, this.round, AOO);
      this.checkEnd();
      if (p.out) return;
    }
  }

  private attack(a: Cmb, t: Cmb, n: number, bonus: number, dice: DiceSpec, dmgBonus: number, r: number, action: string): void {
    const d20 = this.rng.roll(D20, r, a.id, action, ATTACK_N[n]!);
    if (d20 === 1 || (d20 !== 20 && d20 + bonus < this.ac(t))) return;
    let mult = 1;
    if (d20 >= a.critRange) {
      const c20 = this.rng.roll(D20, r, a.id, action, CONFIRM_N[n]!);
      if (c20 === 20 || (c20 !== 1 && c20 + bonus >= this.ac(t))) mult = a.critMult;
    }
    const labels = DAMAGE_N[n]!;
    let amount = Math.max(1, this.rng.roll(dice, r, a.id, action, labels[0]!) + dmgBonus);
    for (let k = 1; k < mult && k < 4; k++) amount += Math.max(1, this.rng.roll(dice, r, a.id, action, labels[k]!) + dmgBonus);
    this.damage(t, Math.max(0, Math.floor(amount)), a);
    // wounds: remember when a character fell (it bleeds from the next round on)
    if (t.hp < 0 && t.hp > -10 && t.dyingSince < 0) t.dyingSince = r;
    if (t.hp <= -10) t.dyingSince = r;
  }

  /** A disabled character (0 hp) who takes a standard action loses 1 hp and starts dying. */
  private strain(c: Cmb): void {
    if (c.hp !== 0) return;
    this.damage(c, 1, c);
    c.dyingSince = this.round;
  }

  private damage(t: Cmb, amount: number, _by: Cmb): void {
    t.hp -= amount;
    t.out = t.hp < 0;
  }

  private checkEnd(): void {
    let a = 0;
    let b = 0;
    const cmbs = this.cmbs;
    for (let i = 0; i < cmbs.length; i++) {
      const c = cmbs[i]!;
      if (c.out) continue;
      if (c.side === 0) a++;
      else b++;
    }
    if (a > 0 && b > 0) return;
    this.winner = a > 0 ? 0 : b > 0 ? 1 : -1;
    throw ENDED;
  }
}
