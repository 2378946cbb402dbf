/**
 * The `phasebook` command line. Each command is its own file, registered in commands.ts. Bad
 * input prints `file:line:col  /json/pointer  message` lines and exits with code 1. `resolve`
 * and `run` print nothing to stdout unless they fully succeed, so no half-written output is
 * left behind; `validate` reports file by file (`file: ok` on stdout for the good ones,
 * problems on stderr for the others).
 */
import { Command, CommanderError } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatDiagnostic, PhasebookError } from '../diagnostics.js';
import { DiceError } from '../dice/notation.js';
import { packageRoot } from '../package-root.js';
import { commandsFor } from './commands.js';
import { commandLineError, Sources, type Io, type Register } from './shared.js';
import { writeStdout } from './stdout.js';

/** The version of the installed package, from its package.json. */
function packageVersion(): string {
  return String((JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: unknown }).version);
}

/** The program with the given commands registered, writing through io. */
export function buildCli(io: Io, commands: readonly Register[]): Command {
  const program = new Command('phasebook')
    .description('Tabletop combat systems as JSON rule documents, run round by round.')
    .version(packageVersion())
    .exitOverride()
    .configureOutput({
      writeOut: io.out,
      writeErr: io.err,
      // Usage errors in the documented one-line format, like every other bad input.
      outputError: (text, write) => write(`${commandLineError(text)}\n`),
    });
  const ctx = { ...io, src: new Sources() };
  for (const register of commands) register(program, ctx);
  return program;
}

/** Run the CLI; returns the exit code. */
export async function main(argv: string[], io: Io = { out: writeStdout, err: (s) => process.stderr.write(s) }): Promise<number> {
  return mainWith(argv, io, () => commandsFor(argv));
}

/** Run the CLI with the command definitions `commands` gives; returns the exit code. */
export async function mainWith(argv: string[], io: Io, commands: () => Promise<readonly Register[]>): Promise<number> {
  let program: Command;
  try {
    program = buildCli(io, await commands());
  } catch (err) {
    io.err(`phasebook: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help' ? 0 : 1;
    }
    if (err instanceof PhasebookError) {
      for (const d of err.diagnostics) io.err((d.file === '' ? d.message : formatDiagnostic(d)) + '\n');
      return 1;
    }
    if (err instanceof DiceError && err.pin) {
      io.err(`<command line>:1:1  /  ${err.message}\n`);
      return 1;
    }
    io.err(`phasebook: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    if (process.env.PHASEBOOK_DEBUG && err instanceof Error) io.err(`${err.stack ?? ''}\n`);
    return 2;
  }
}
