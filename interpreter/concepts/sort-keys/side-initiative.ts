import type { KeyDef } from '../ordering.js';

/** Side initiative: the holder's side first, unless it chose to go second. */
export default {
  name: 'side-initiative',
  description: 'The side holding initiative first (or second, when it chose so), then the other sides in initiative order.',
  phrase: 'the side holding initiative first',
  value: (it, env) => (env.reversed ? -env.sideRank(it.side) : env.sideRank(it.side)),
} satisfies KeyDef;
