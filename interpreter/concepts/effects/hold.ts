import type { Effect } from '../../model/types.js';
import { HOLD_MODES } from '../hold-modes/index.js';
import { HOLD_EXPIRIES } from '../hold-expiry/index.js';
import type { EffectDef } from '../types.js';

/** End the turn now and resume it later, the way its mode says (concepts/hold-modes). */
export default {
  op: 'hold',
  description: 'Hold the turn: stop now and resume later (delay, ready, wait), the way `resume` says.',
  compile(e, cx) {
    const mode = HOLD_MODES[e.resume];
    if (!mode) throw cx.ev.at(`${cx.ptr}/resume`, `unknown hold mode "${e.resume}"; the modes are ${Object.keys(HOLD_MODES).join(', ')}`);
    const expires = e.expires ?? 'lost';
    const expiry = HOLD_EXPIRIES[expires];
    if (!expiry) throw cx.ev.at(`${cx.ptr}/expires`, `unknown expiry "${expires}"; they are ${Object.keys(HOLD_EXPIRIES).join(', ')}`);
    const spec = {
      resume: e.resume,
      mode,
      to: e.to === undefined ? () => 'end' : cx.expr(e.to, 'to'),
      when: e.when === undefined ? () => false : cx.expr(e.when, 'when'),
      takeOver: e.takeOver === true ? 'current' : (e.takeOver ?? false),
      expires,
      expiry,
      ...(e.contest
        ? {
            contest: {
              dice: cx.expr(e.contest.dice, 'contest/dice'),
              bonus: e.contest.bonus === undefined ? null : cx.expr(e.contest.bonus, 'contest/bonus'),
              label: e.contest.label ?? 'contest',
              loses: e.contest.loses ?? 'after',
            },
          }
        : {}),
    };
    if (mode.needsContest && !spec.contest) throw cx.ev.at(cx.ptr, `hold mode "${e.resume}" needs a \`contest\` (the opposed roll's dice)`);
    return (f, eng) => {
      eng.setPrefix(f);
      eng.hold(f, spec);
    };
  },
} satisfies EffectDef<Extract<Effect, { op: 'hold' }>>;
