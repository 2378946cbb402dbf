/**
 * `phasebook --help` (also `-h`, `help`, or nothing) lists the commands from the table in
 * interpreter/cli/commands.ts without loading them (issue 9, cold start): the listing must be
 * exactly the one commander writes from the commands' own definitions.
 */
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../interpreter/cli/commands.js';
import { main, mainWith } from '../interpreter/cli/main.js';

async function outputOf(run: (io: { out: (s: string) => void; err: (s: string) => void }) => Promise<number>) {
  let out = '';
  let err = '';
  const code = await run({ out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

describe('the list of commands', () => {
  for (const argv of [['--help'], ['-h'], ['help'], []]) {
    it(`phasebook ${argv.join(' ')}: the same as from the definitions`, async () => {
      const listed = await outputOf((io) => main(argv, io));
      const defined = await outputOf((io) => mainWith(argv, io, () => Promise.all(COMMANDS.map((c) => c.load()))));
      expect(listed).toEqual(defined);
      expect(listed.out + listed.err).toMatch(/Commands:\n {2}validate \[options\] <file\.\.\.> /);
      for (const c of COMMANDS) expect(listed.out + listed.err).toContain(`  ${c.term} `);
    });
  }
});
