/**
 * What the commands print on standard output (issue 9, cold start): written to file descriptor 1
 * directly. `process.stdout` is a stream, whose first use loads about twenty of Node's internal
 * modules (the streams, and a file or pipe wrapper), none of which `node -e 0` pays; on Linux it
 * writes synchronously to files, pipes and terminals alike, as this does, so what is printed and
 * in which order do not change. The first time a direct write fails (a non-blocking pipe that is
 * full: EAGAIN; a closed reader: EPIPE; no descriptor 1…), the rest of that text and everything
 * after it go through `process.stdout`, which then does what it always did.
 */
import { writeSync } from 'node:fs';

let direct = true;

/** Print `s` on standard output. */
export function writeStdout(s: string): void {
  if (direct) {
    const bytes = Buffer.from(s, 'utf8');
    let at = 0;
    try {
      while (at < bytes.length) at += writeSync(1, bytes, at, bytes.length - at);
      return;
    } catch {
      direct = false;
      process.stdout.write(bytes.subarray(at));
      return;
    }
  }
  process.stdout.write(s);
}
