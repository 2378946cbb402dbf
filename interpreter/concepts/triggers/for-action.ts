/**
 * The triggers of one kind and timing that an action can set off (`actions`, `actionTags`), in
 * document order: found once per list and action, then kept. An action's id and tags never
 * change during a run, nor does a compiled ruleset's list of triggers.
 */
import type { CAction, CTrigger } from '../../compile/types.js';

const BY_ACTION = new WeakMap<readonly CTrigger[], Map<CAction, CTrigger[]>>();
/** The last question and its answer (the same objects BY_ACTION holds; kept until the next question). */
let lastList: readonly CTrigger[] | null = null;
let lastAction: CAction | null = null;
let lastFound: CTrigger[] = [];

function setOff(t: CTrigger, action: CAction): boolean {
  if (t.def.actions && !t.def.actions.includes(action.def.id)) return false;
  if (t.def.actionTags && !t.def.actionTags.some((tag) => action.view.tags.includes(tag))) return false;
  return true;
}

/** The triggers of `list` that `action` sets off. */
export function triggersFor(list: readonly CTrigger[], action: CAction): CTrigger[] {
  // A move asks again every tick with the same list and action: the last answer is kept at hand.
  if (list === lastList && action === lastAction) return lastFound;
  let byAction = BY_ACTION.get(list);
  if (!byAction) BY_ACTION.set(list, (byAction = new Map()));
  let found = byAction.get(action);
  if (!found) byAction.set(action, (found = list.filter((t) => setOff(t, action))));
  lastList = list;
  lastAction = action;
  lastFound = found;
  return found;
}
