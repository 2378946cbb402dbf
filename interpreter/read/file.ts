/**
 * Reading a document from disk (Node only). Everything else in read/ works on text, so the
 * pipeline runs unchanged in a browser worker.
 */
import { readFileSync, statSync } from 'node:fs';
import { PhasebookError } from '../diagnostics.js';
import { DEFAULT_READ_LIMITS, definedOnly, formatBytes, readDocumentText, type ReadLimits, type SourceDocument } from './read.js';

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
  return readDocumentText(path, text, lim);
}
