/**
 * What the command definitions share: the output streams, the documents named on the command
 * line (`-` for standard input), and the one-line usage errors (`<command line>:1:1  /  …`).
 */
import type { Command } from 'commander';
import { formatDiagnostic, PhasebookError } from '../diagnostics.js';
import { readDocumentFile, readDocumentText, readStdinText, STDIN_NAME, type SourceDocument } from '../read/index.js';

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

/** What a command's definition is given: the output streams and the documents of the command line. */
export interface CliContext extends Io {
  src: Sources;
}

/** One command's definition: it adds the command (and its subcommands) to the program. */
export type Register = (program: Command, ctx: CliContext) => void;

/** A repeatable option's values, in the order given. */
export const collect = (value: string, previous: string[]) => [...previous, value];

/** An error in the command line itself, in the documented one-line format. */
export const usage = (message: string) =>
  new PhasebookError([{ file: '<command line>', line: 1, col: 1, pointer: '', message, severity: 'error' }]);

/** commander's `error: …` text (possibly with a "(Did you mean …?)" line) as one diagnostic line. */
export function commandLineError(text: string): string {
  const message = text
    .replace(/^error: /, '')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  return formatDiagnostic(usage(`${message} (see --help)`).diagnostics[0]!);
}

/** The parser of a whole-number option between min and max. */
export function intOption(name: string, min: number, max: number) {
  return (v: string) => {
    if (!/^-?\d+$/.test(v)) throw usage(`${name} expects a whole number, got "${v}"`);
    const n = Number(v);
    if (n < min || n > max) throw usage(`${name} must be between ${min} and ${max}, got ${n}`);
    return n;
  };
}

/**
 * The documents named on the command line: a path, or `-` for standard input (named `<stdin>` in
 * messages). Standard input can be read once, so `-` may stand for one document only.
 */
export class Sources {
  readonly texts = new Map<string, string>();
  /** The name to use for a document argument, reading standard input for `-`. */
  name(arg: string): string {
    if (arg !== '-') return arg;
    if (this.texts.has(STDIN_NAME)) throw usage('"-" (standard input) may stand for one document only');
    this.texts.set(STDIN_NAME, readStdinText());
    return STDIN_NAME;
  }
  read(file: string): SourceDocument {
    const text = this.texts.get(file);
    return text === undefined ? readDocumentFile(file) : readDocumentText(file, text);
  }
}
