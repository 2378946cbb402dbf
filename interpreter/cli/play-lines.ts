/**
 * Where `phasebook play` reads its input: the --answers file first (JSON Lines), then what is
 * typed on stdin, or JSON Lines on stdin with `--answers -`.
 */
import { createInterface } from 'node:readline';
import { readFileSync } from 'node:fs';
import { PhasebookError } from '../diagnostics.js';

/** One input: typed text, or a JSON line and the file:line it came from. */
export interface Input {
  text: string;
  json: unknown;
  where: string | null;
}

export const usage = (message: string) =>
  new PhasebookError([{ file: '<command line>', line: 1, col: 1, pointer: '', message, severity: 'error' }]);

/** A line source: the --answers file first (JSON Lines), then stdin (typed lines). */
export class Lines {
  private readonly queue: Input[] = [];
  private readonly stdin: AsyncIterator<string> | null;
  private stdinDone = false;

  constructor(answers: string | undefined, readStdin: boolean) {
    if (answers !== undefined && answers !== '-') {
      const text = readFileSync(answers, 'utf8');
      text.split(/\r?\n/).forEach((line, i) => {
        if (line.trim() === '') return;
        let json: unknown;
        try {
          json = JSON.parse(line);
        } catch {
          throw new PhasebookError([
            {
              file: answers,
              line: i + 1,
              col: 1,
              pointer: '',
              message: 'each line of --answers must be JSON: "7", "roll", "2", {"answer": …}, "undo"…',
              severity: 'error',
            },
          ]);
        }
        this.queue.push({ text: '', json, where: `${answers}:${i + 1}` });
      });
    }
    this.stdin = readStdin ? createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator]() : null;
    this.jsonStdin = answers === '-';
  }

  private readonly jsonStdin: boolean;

  /** The next input: null at the end. */
  async next(): Promise<Input | null> {
    const q = this.queue.shift();
    if (q) return q;
    if (!this.stdin || this.stdinDone) return null;
    const r = await this.stdin.next();
    if (r.done) {
      this.stdinDone = true;
      return null;
    }
    const line = String(r.value);
    if (!this.jsonStdin) return { text: line, json: undefined, where: null };
    if (line.trim() === '') return this.next();
    try {
      return { text: '', json: JSON.parse(line), where: '<stdin>' };
    } catch {
      throw usage(`--answers -: a line that is not JSON: ${line}`);
    }
  }
}
