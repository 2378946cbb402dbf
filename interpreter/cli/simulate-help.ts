/** The part of `phasebook simulate --help` about sweeps, examples, curves and shards. */
export const SIMULATE_HELP = `
Example (a house rule on vs off): phasebook simulate base.json encounter.json --vs "base.json --with house-rule.json" --runs 2000

Sweeps (--sweep <target>=<values>; --set <target>=<value> fixes one value):
  encounter:<path>   a value in the encounter      encounter:/sides/bandits/combatants/leader/stats/hp=4..12
  ruleset:<path>     a value in the base ruleset   ruleset:/limits/rounds=5,10,20
  option:<name>      the default of an option      option:naturalRolls=true,false
  count:<path>       copies of a combatant         count:/sides/bandits/combatants/bandit=1..8  (ids bandit, bandit-2, …)
  Paths are JSON pointers whose list items are named by id. Values: low..high, low..high:step, or a,b,c
  (JSON when they parse as JSON, else strings). Each value is a series; the report has one row per value.

Examples: --examples 3 lists 3 run seeds per outcome ("bandits won", "bandits won in round 3") and the
  "phasebook run … --seed S" command that replays the first one exactly.
Curves: --curves adds, per side and round, the number still standing, the share standing (survival)
  and the main stat left (--curve-stat names it), means over all runs with 95% intervals.
Shards: --shard i/n runs the i-th of n slices of the runs and prints mergeable statistics as JSON;
  phasebook merge shard-*.json prints the report one run gives (byte for byte with --no-timing).
The README has worked examples.`;
