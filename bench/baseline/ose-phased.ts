/**
 * Hand-written baseline: Old-School Essentials with the Chainmail-style phased round, i.e.
 * rulesets/ose/ose.json + overlays phased-round, crossbow-speed and two-handed-last, for
 * encounters of fighters, archers and crossbowmen (no casters, morale, charge or brace weapons,
 * traps or siege engines: loading such an encounter throws).
 *
 * The rules, as the documents say them and the engine runs them:
 * - Initiative belongs to a side. Round 1: each side rolls 1d6, higher wins, a tie is re-rolled
 *   (up to five times, then both sides act together). Later rounds: the side that dealt more
 *   damage last round takes it; if equal, the holder keeps it (no holder: roll again).
 * - Phases: movement, missiles (bows, then crossbows), spells (none here), melee (one-handed
 *   weapons, then two-handed). Actions are declared at the start of their phase by the default
 *   policy: fighters not in melee advance on the nearest enemy; archers not in melee shoot the
 *   nearest enemy if it is in range (and more than 5 ft away); whoever has not used its action
 *   and has an enemy within 10 ft attacks it in melee (shifting up to 5 ft toward it first).
 * - In each step the initiative side's actors act first, as one simultaneous group (their
 *   damage lands together), then the other side's. All moves of the movement phase happen at
 *   once. A target that fell is replaced by the nearest enemy when the act comes.
 * - Attack: d20 + bonus ≥ thac0 − ac hits; a natural 20 always hits, a natural 1 always misses;
 *   damage by the weapon's dice. Out at 0 hp. The fight ends when one side (or none) stands.
 */
import {
  D20,
  D6,
  ENDED,
  MAX_ROUNDS,
  FastRoller,
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
  ac: number;
  thac0: number;
  meleeBonus: number;
  missileBonus: number;
  damage: DiceSpec;
  missileDamage: DiceSpec;
  range: number;
  speed: number;
  missile: boolean;
  crossbow: boolean;
  twoHanded: boolean;
  slotMove: number;
  slotAction: number;
  /** Declared this phase: target (null: nothing declared). */
  decl: Cmb | null;
}

export interface OseTemplate {
  sideIds: [string, string];
  cmbs: ReadonlyArray<Readonly<Cmb>>;
}

interface EncounterDoc {
  sides: Array<{ id: string; combatants: Array<{ id: string; stats?: Record<string, unknown>; tags?: string[] }> }>;
}

const SUPPORTED_TAGS = new Set(['missile', 'crossbow', 'one-handed', 'two-handed', 'thrown']);
const SUPPORTED_STATS = new Set([
  'hp',
  'ac',
  'shield',
  'thac0',
  'meleeBonus',
  'missileBonus',
  'damage',
  'missileDamage',
  'range',
  'speed',
  'position',
]);

export function loadOse(enc: EncounterDoc): OseTemplate {
  if (enc.sides.length !== 2) throw new Error('baseline: two sides only');
  const cmbs: Cmb[] = [];
  enc.sides.forEach((s, side) => {
    for (const c of s.combatants) {
      const st = c.stats ?? {};
      for (const k of Object.keys(st)) if (!SUPPORTED_STATS.has(k)) throw new Error(`baseline: stat ${k} is not modelled`);
      const tags = c.tags ?? [];
      for (const t of tags) if (!SUPPORTED_TAGS.has(t)) throw new Error(`baseline: tag ${t} is not modelled`);
      const n = (k: string, d: number) => (typeof st[k] === 'number' ? (st[k] as number) : d);
      cmbs.push({
        id: c.id,
        side,
        index: cmbs.length,
        hp: n('hp', 4),
        ac: n('ac', 9),
        thac0: n('thac0', 19),
        meleeBonus: n('meleeBonus', 0),
        missileBonus: n('missileBonus', 0),
        damage: parseDice(typeof st.damage === 'string' ? st.damage : '1d6'),
        missileDamage: parseDice(typeof st.missileDamage === 'string' ? st.missileDamage : '1d6'),
        range: n('range', 0),
        speed: n('speed', 40),
        pos: n('position', 0),
        moved: 0,
        out: false,
        tm: null,
        missile: tags.includes('missile'),
        crossbow: tags.includes('crossbow'),
        twoHanded: tags.includes('two-handed'),
        slotMove: 1,
        slotAction: 1,
        decl: null,
      });
    }
  });
  for (const c of cmbs) c.out = c.hp <= 0;
  return { sideIds: [enc.sides[0]!.id, enc.sides[1]!.id], cmbs };
}

const SHOOT = 'shoot';
const MELEE = 'melee';
const ATTACK = 'attack';
const DAMAGE = 'damage';
const INITIATIVE = 'initiative';
const TIE = 'tie';
const D6_LABEL = 'd6';

/** One combat. Reuse an instance: state is reset by run(). */
export class OseBaseline {
  private readonly cmbs: Cmb[];
  private readonly sideIds: [string, string];
  private rng: Roller = new FastRoller(1);
  private round = 0;
  private holder = -1;
  private rank: [number, number] = [0, 1];
  private readonly dealt: [number, number] = [0, 0];
  private dealtLast: [number, number] = [0, 0];
  private winner = -1;
  // scratch
  private readonly movers: Mover[] = [];
  private readonly tick: Mover[] = [];
  private readonly group: Cmb[] = [];
  private readonly able: Cmb[] = [];
  private readonly defTarget: Cmb[] = [];
  private readonly defAmount: number[] = [];
  private readonly defBy: Cmb[] = [];

  constructor(private readonly tpl: OseTemplate) {
    this.cmbs = tpl.cmbs.map((c) => ({ ...c }));
    this.sideIds = tpl.sideIds;
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
      c.moved = 0;
    }
    this.holder = -1;
    this.dealt[0] = this.dealt[1] = 0;
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

  private playRound(): void {
    const cmbs = this.cmbs;
    for (let i = 0; i < cmbs.length; i++) {
      const c = cmbs[i]!;
      c.slotMove = 1;
      c.slotAction = 1;
      c.moved = 0;
    }
    this.dealtLast[0] = this.dealt[0];
    this.dealtLast[1] = this.dealt[1];
    this.dealt[0] = this.dealt[1] = 0;
    this.initiative();
    this.movementPhase();
    this.missilePhase();
    this.meleePhase();
    this.checkEnd();
  }

  private initiative(): void {
    let decided = -1;
    if (this.round > 1) {
      // fared better: the side uniquely ahead on damage dealt last round; else the holder keeps it
      const a = this.dealtLast[0];
      const b = this.dealtLast[1];
      decided = a > b ? 0 : b > a ? 1 : this.holder;
    }
    if (decided >= 0) {
      this.holder = decided;
      this.rank[decided] = 0;
      this.rank[1 - decided] = 1;
      return;
    }
    const r = this.round;
    const v0 = this.rng.roll(D6, r, INITIATIVE, this.sideIds[0], D6_LABEL);
    const v1 = this.rng.roll(D6, r, INITIATIVE, this.sideIds[1], D6_LABEL);
    let first = v0 > v1 ? 0 : v1 > v0 ? 1 : -1;
    for (let attempt = 1; first < 0 && attempt <= 5; attempt++) {
      const s0 = this.rng.roll(D6, r, INITIATIVE, TIE, this.sideIds[0]);
      const s1 = this.rng.roll(D6, r, INITIATIVE, TIE, this.sideIds[1]);
      first = s0 > s1 ? 0 : s1 > s0 ? 1 : -1;
    }
    if (first < 0) {
      this.holder = -1;
      this.rank[0] = this.rank[1] = 0;
    } else {
      this.holder = first;
      this.rank[first] = 0;
      this.rank[1 - first] = 1;
    }
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

  private engaged(c: Cmb): boolean {
    const cmbs = this.cmbs;
    for (let i = 0; i < cmbs.length; i++) {
      const o = cmbs[i]!;
      if (o.side !== c.side && !o.out && Math.abs(o.pos - c.pos) <= 5) return true;
    }
    return false;
  }

  // ------------------------------------------------------------------ movement

  private movementPhase(): void {
    const cmbs = this.cmbs;
    // Declarations: fighters not in melee advance on the nearest enemy.
    for (let i = 0; i < cmbs.length; i++) {
      const c = cmbs[i]!;
      c.decl = null;
      if (c.out || c.missile) continue;
      const t = this.nearest(c);
      if (t === null || this.engaged(c)) continue;
      c.decl = t;
    }
    // One simultaneous group, in listing order.
    const ms = this.movers;
    ms.length = 0;
    for (let i = 0; i < cmbs.length; i++) {
      const c = cmbs[i]!;
      if (c.decl === null) continue;
      let t = c.decl;
      if (t.out) t = this.nearest(c)!; // (a move phase has no damage before the moves)
      c.slotMove--;
      ms.push(mover(c, t, true, c.speed, true));
    }
    if (ms.length) simulateMoves(ms, cmbs, this.tick);
  }

  // ------------------------------------------------------------------ missiles

  private missilePhase(): void {
    const cmbs = this.cmbs;
    for (let i = 0; i < cmbs.length; i++) {
      const c = cmbs[i]!;
      c.decl = null;
      if (c.out || !c.missile || c.slotAction < 1) continue;
      const t = this.nearest(c);
      if (t === null || this.engaged(c)) continue;
      const d = Math.abs(t.pos - c.pos);
      if (d <= c.range && d > 5) c.decl = t;
    }
    this.missileStep(false);
    this.missileStep(true);
  }

  /** The initiative side's shooters as one group, then the other side's (rank 0 for both: one group). */
  private missileStep(crossbows: boolean): void {
    for (let pass = 0; pass < 2; pass++) {
      const g = this.group;
      g.length = 0;
      const cmbs = this.cmbs;
      for (let i = 0; i < cmbs.length; i++) {
        const c = cmbs[i]!;
        if (c.decl !== null && c.crossbow === crossbows && this.rank[c.side] === pass) g.push(c);
      }
      if (g.length) this.playShots(g);
    }
  }

  private playShots(g: Cmb[]): void {
    const able = this.able;
    able.length = 0;
    for (let i = 0; i < g.length; i++) {
      const c = g[i]!;
      let t = c.decl!;
      c.decl = null;
      if (c.out) continue;
      if (t.out) {
        const n = this.nearest(c);
        if (n === null) continue;
        t = n;
      }
      const d = Math.abs(t.pos - c.pos);
      if (this.engaged(c) || d > c.range || d <= 5) continue;
      c.decl = t; // the frame's target
      able.push(c);
    }
    const simultaneous = able.length > 1;
    for (let i = 0; i < able.length; i++) {
      const c = able[i]!;
      c.slotAction--;
      this.attack(c, c.decl!, c.missileBonus, c.missileDamage, SHOOT, simultaneous);
      c.decl = null;
    }
    this.applyDeferred();
    this.checkEnd();
  }

  // ------------------------------------------------------------------ melee

  private meleePhase(): void {
    const cmbs = this.cmbs;
    for (let i = 0; i < cmbs.length; i++) {
      const c = cmbs[i]!;
      c.decl = null;
      if (c.out || c.slotAction < 1) continue;
      const t = this.nearest(c);
      if (t !== null && Math.abs(t.pos - c.pos) <= 10) c.decl = t;
    }
    this.meleeStep(false);
    this.meleeStep(true);
  }

  private meleeStep(twoHanded: boolean): void {
    for (let pass = 0; pass < 2; pass++) {
      const g = this.group;
      g.length = 0;
      const cmbs = this.cmbs;
      for (let i = 0; i < cmbs.length; i++) {
        const c = cmbs[i]!;
        if (c.decl !== null && c.twoHanded === twoHanded && this.rank[c.side] === pass) g.push(c);
      }
      if (g.length) this.playMelee(g);
    }
  }

  private playMelee(g: Cmb[]): void {
    const able = this.able;
    able.length = 0;
    for (let i = 0; i < g.length; i++) {
      const c = g[i]!;
      let t = c.decl!;
      c.decl = null;
      if (c.out) continue;
      if (t.out) {
        const n = this.nearest(c);
        if (n === null) continue;
        t = n;
      }
      if (Math.abs(t.pos - c.pos) > 10) continue;
      c.decl = t;
      able.push(c);
    }
    const simultaneous = able.length > 1;
    // The 5 ft shift toward the target, all at once.
    const ms = this.movers;
    ms.length = 0;
    for (let i = 0; i < able.length; i++) {
      const c = able[i]!;
      c.slotAction--;
      ms.push(mover(c, c.decl!, true, 5, false));
    }
    if (ms.length) simulateMoves(ms, this.cmbs, this.tick);
    for (let i = 0; i < able.length; i++) {
      const c = able[i]!;
      const t = c.decl!;
      c.decl = null;
      if (Math.abs(t.pos - c.pos) <= 5) this.attack(c, t, c.meleeBonus, c.damage, MELEE, simultaneous);
    }
    this.applyDeferred();
    this.checkEnd();
  }

  // ------------------------------------------------------------------ attacks

  private attack(c: Cmb, t: Cmb, bonus: number, dice: DiceSpec, action: string, defer: boolean): void {
    const r = this.round;
    const atk = this.rng.roll(D20, r, c.id, action, ATTACK);
    if (atk === 20 || (atk !== 1 && atk + bonus >= c.thac0 - t.ac)) {
      const dmg = this.rng.roll(dice, r, c.id, action, DAMAGE);
      const amount = Math.max(0, Math.floor(dmg));
      if (defer) {
        this.defTarget.push(t);
        this.defAmount.push(amount);
        this.defBy.push(c);
      } else this.damage(t, amount, c);
    }
  }

  private applyDeferred(): void {
    const n = this.defTarget.length;
    for (let i = 0; i < n; i++) this.damage(this.defTarget[i]!, this.defAmount[i]!, this.defBy[i]!);
    this.defTarget.length = this.defAmount.length = this.defBy.length = 0;
  }

  private damage(t: Cmb, amount: number, by: Cmb): void {
    t.hp -= amount;
    if (by.side !== t.side) this.dealt[by.side as 0 | 1] += amount;
    t.out = t.hp <= 0;
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
