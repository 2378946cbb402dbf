/**
 * Reading a pack from a folder (Node). The same limits as a zip; links are refused wherever
 * they are (checked with lstat, never followed), and so is anything that is not a plain file or
 * folder. A top-level `.git` or `node_modules` folder is ignored (a pack author's working copy).
 */
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { badPath, classify, DEFAULT_PACK_LIMITS, type PackLimits } from '../limits.js';
import { packError, type PackFile, type PackFiles } from '../files.js';

export function readFolder(dir: string, limits: PackLimits = DEFAULT_PACK_LIMITS, origin = dir): PackFiles {
  const files: PackFile[] = [];
  let count = 0;
  let total = 0;
  const walk = (abs: string, rel: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(abs).sort();
    } catch (err) {
      throw packError(origin, rel || null, `cannot read the folder (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    for (const name of names) {
      if ((name === '.git' || name === 'node_modules') && depth === 0) continue;
      const path = rel ? `${rel}/${name}` : name;
      const full = join(abs, name);
      const st = lstatSync(full);
      const bad = badPath(path, limits);
      if (bad) throw packError(origin, path, `refused: ${bad}`);
      if (st.isSymbolicLink()) throw packError(origin, path, 'refused: a symbolic link (a pack holds only plain files)');
      if (st.isDirectory()) {
        walk(full, path, depth + 1);
        continue;
      }
      if (!st.isFile()) throw packError(origin, path, 'refused: not a plain file');
      if (++count > limits.maxFiles) throw packError(origin, null, `more than ${limits.maxFiles} files (the limit)`);
      if (st.size > limits.maxFileBytes)
        throw packError(origin, path, `refused: ${st.size} bytes (the limit is ${limits.maxFileBytes} per file)`);
      total += st.size;
      if (total > limits.maxTotalBytes)
        throw packError(origin, path, `refused: more than ${limits.maxTotalBytes} bytes in all (the limit)`);
      // Files that will be skipped are listed by name only; nothing else is read.
      const bytes = classify(path) === 'other' ? new Uint8Array(0) : new Uint8Array(readFileSync(full));
      if (bytes.length > limits.maxFileBytes)
        throw packError(origin, path, `refused: it grew past ${limits.maxFileBytes} bytes while read`);
      files.push({ path, bytes });
    }
  };
  walk(dir, '', 0);
  return { origin, files, display: (p) => relative(process.cwd(), join(dir, p)) || p };
}
