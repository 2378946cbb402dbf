/**
 * Writing a file so that it is never half-written: the bytes go to a new file beside it, which
 * is then renamed over it in one step. If either step fails (no such folder, the path is a
 * folder, no permission, a full disk), the file is as it was and the temporary one is removed:
 * nothing is left behind. Node only (saves, migrations, pack builds and lock files).
 */
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';

export function writeWhole(path: string, data: Uint8Array | string): void {
  const tmp = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  let written = false;
  try {
    writeFileSync(tmp, data, { flag: 'wx' });
    written = true;
    renameSync(tmp, path);
  } catch (err) {
    if (written) rmSync(tmp, { force: true });
    throw err;
  }
}
