/**
 * The effect ops (`{"op": …}` in `effects`), one file each: what the op means, how it compiles,
 * and (in the closure it compiles to) what it does to the world. A new op: one file and one line
 * here (and its form in schemas/ruleset.schema.json).
 */
import type { EffectDef } from '../types.js';
import roll from './roll.js';
import ifOp from './if.js';
import damage from './damage.js';
import heal from './heal.js';
import set from './set.js';
import adjust from './adjust.js';
import condition from './condition.js';
import note from './note.js';
import call from './call.js';
import hold from './hold.js';
import state from './state.js';
import reshuffle from './reshuffle.js';
import repeat from './repeat.js';
import draw from './draw.js';

const OPS = [roll, ifOp, damage, heal, set, adjust, condition, note, call, hold, state, reshuffle, repeat, draw] as EffectDef[];

export const EFFECT_OPS: Record<string, EffectDef> = Object.fromEntries(OPS.map((o) => [o.op, o]));
