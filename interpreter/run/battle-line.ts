/** Positions on the battle line: who is engaged, distances, and the sorted line for large fights. */
import { LineIndex } from './line.js';
import { PlaceMemo } from './place-memo.js';
import type { Engine } from './engine.js';
import type { Cmb } from './types.js';

/** With this many combatants or more, proximity questions may use the sorted battle line (line.ts). */
const LINE_MIN_COMBATANTS = 64;
/** Questions answered by scanning at one version of the line before it is sorted. */
const LINE_SCANS_BEFORE_SORT = 4;

/** Whether an enemy stands within reach, found at the current version of the line (place-memo.ts). */
const ENGAGED = new PlaceMemo<boolean>(false);

function isEngaged(this: Engine, c: Cmb): boolean {
  const pos = c.view.position as number;
  const kept = ENGAGED.get(this, this.lineVersion, c.side, pos);
  if (kept !== undefined) return kept;
  const engaged = engagedAt(this, c, pos);
  ENGAGED.keep(c.side, pos, engaged);
  return engaged;
}

function engagedAt(eng: Engine, c: Cmb, pos: number): boolean {
  const reach = eng.rs.reach;
  const line = eng.line();
  if (line) return line.anyEnemyWithin(c.side, pos, reach);
  for (const o of eng.cmbs) {
    if (o.side !== c.side && !o.out && Math.abs((o.view.position as number) - pos) <= reach) return true;
  }
  return false;
}

function distance(this: Engine, a: Cmb, b: Cmb | null): number | null {
  return b ? Math.abs((a.view.position as number) - (b.view.position as number)) : null;
}

/** Something moved or fell: the sorted line is out of date. */
function touchLine(this: Engine): void {
  this.lineVersion++;
}

/**
 * The sorted line, when it pays: many combatants, and a few questions already asked of the
 * current version (a turn-by-turn game that moves or downs someone after every act keeps
 * scanning; a phase in which everyone declares against one line sorts once). Rebuilding from
 * the previous order costs little more than a scan. Otherwise null, and the caller scans.
 */
function line(this: Engine): LineIndex<Cmb> | null {
  const n = this.cmbs.length;
  if (n < LINE_MIN_COMBATANTS) return null;
  const v = this.lineVersion;
  if (this.lineIndex && this.lineIndex.version === v) return this.lineIndex;
  if (this.lineFailed === v) return null;
  if (this.lineAskedVersion !== v) {
    this.lineAskedVersion = v;
    this.lineAsked = 0;
  }
  if (++this.lineAsked < LINE_SCANS_BEFORE_SORT) return null;
  const built = LineIndex.build(this.cmbs, v, this.lineIndex);
  if (built) this.lineIndex = built;
  else this.lineFailed = v;
  return built;
}

export const battleLineMethods = { isEngaged, distance, touchLine, line };
