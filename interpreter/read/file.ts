/**
 * Reading a document from disk (Node only). Everything else in read/ works on text, so the
 * pipeline runs unchanged in a browser worker.
 */
import { readFileSync, readSync, statSync } from 'node:fs';
import { PhasebookError } from '../diagnostics.js';
import { DEFAULT_READ_LIMITS, definedOnly, formatBytes, readTextOfLength, type ReadLimits, type SourceDocument } from './read.js';

/**
 * Read a document from disk. Missing files, directories, unreadable files, files over the size
 * limit and files that are not UTF-8 are reported as a PhasebookError at 1:1.
 */
export function readDocumentFile(path: string, limits: Partial<ReadLimits> = {}): SourceDocument {
  const lim: ReadLimits = { ...DEFAULT_READ_LIMITS, ...definedOnly(limits) };
  const fail = (message: string): never => {
    throw new PhasebookError([{ file: path, line: 1, col: 1, pointer: '', message, severity: 'error' }]);
  };
  let bytes: Buffer;
  try {
    const st = statSync(path);
    if (st.isDirectory()) fail(`cannot read ${JSON.stringify(path)}: it is a directory, not a JSON file`);
    if (!st.isFile()) fail(`cannot read ${JSON.stringify(path)}: it is not a regular file`);
    if (st.size > lim.maxBytes) {
      fail(`the document is ${formatBytes(st.size)}, more than the limit of ${formatBytes(lim.maxBytes)}`);
    }
    bytes = readFileSync(path);
  } catch (err) {
    if (err instanceof PhasebookError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'the file does not exist'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'it is a directory, not a JSON file'
            : code === 'ENOTDIR'
              ? 'a part of the path is not a directory'
              : err instanceof Error
                ? err.message
                : String(err);
    return fail(`cannot read ${JSON.stringify(path)}: ${why}`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return fail(`cannot read ${JSON.stringify(path)}: the file is not valid UTF-8 text`);
  }
  // Valid UTF-8 (the decoder is fatal): the text's UTF-8 length is the count of its bytes.
  return readTextOfLength(path, text, lim, bytes.length);
}

/** The name standard input is given in messages (`-` on the command line). */
export const STDIN_NAME = '<stdin>';

/**
 * Read standard input (a pipe, a file or a terminal) as the text of one document, at most
 * `maxBytes` of it: a bigger input is refused without reading the rest. Not UTF-8, or over the
 * limit: a PhasebookError at `<stdin>`:1:1.
 */
export function readStdinText(limits: Partial<ReadLimits> = {}, fd = 0): string {
  const lim: ReadLimits = { ...DEFAULT_READ_LIMITS, ...definedOnly(limits) };
  const fail = (message: string): never => {
    throw new PhasebookError([{ file: STDIN_NAME, line: 1, col: 1, pointer: '', message, severity: 'error' }]);
  };
  const chunks: Buffer[] = [];
  let total = 0;
  const chunk = Buffer.alloc(65_536);
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, chunk, 0, chunk.length, null);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') continue; // a non-blocking pipe with nothing yet
      if (code === 'EOF') break;
      return fail(`cannot read standard input: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (n === 0) break;
    total += n;
    if (total > lim.maxBytes) fail(`the document on standard input is more than the limit of ${formatBytes(lim.maxBytes)}`);
    chunks.push(Buffer.from(chunk.subarray(0, n)));
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(Buffer.concat(chunks));
  } catch {
    return fail('cannot read standard input: it is not valid UTF-8 text');
  }
}
