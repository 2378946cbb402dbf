/**
 * Contested step-ins (the hold mode `contested`): a tie makes the holder's acts and the acts it
 * tried to interrupt one simultaneous group; a lost roll lets the other act first and the holder
 * right after it.
 */
import type { Engine } from './engine.js';
import type { Cmb, Decl, Frame } from './types.js';

/** A tied step-in: the acts of the holder and of those it stepped in against share one group and land together. */
export interface TieWindow {
  with: Set<Cmb>;
  group: string;
  defer: NonNullable<Frame['defer']>;
}

/** A step-in tied against `next`: open (or join) the window the holder's acts and `next`'s share. */
function openTie(this: Engine, next: Cmb): void {
  if (this.tieWindow) this.tieWindow.with.add(next);
  else this.tieWindow = { with: new Set([next]), group: `g${++this.groupCounter}`, defer: [] };
}

/** The group about to act is the one a holder tied against: it takes the window and lands the damage of all. */
function takeTie(this: Engine, group: Decl[]): TieWindow | null {
  const t = this.tieWindow;
  if (!t || !group.some((d) => t.with.has(d.c))) return null;
  this.tieWindow = null;
  return t;
}

/** After a group has acted: a holder who lost its roll against one of them acts now. */
function resumeAfterGroup(this: Engine, group: Decl[]): void {
  for (const [holder, after] of [...this.actsAfter]) {
    if (after.round !== this.round) {
      this.actsAfter.delete(holder);
      continue;
    }
    if (!group.some((d) => d.c === after.next)) continue;
    this.actsAfter.delete(holder);
    if (!holder.out && this.holds.has(holder)) this.resume(holder);
  }
}

export const contestMethods = { openTie, takeTie, resumeAfterGroup };
