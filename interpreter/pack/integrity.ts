/**
 * A pack's integrity: sha-512 (as a Subresource Integrity string, `sha512-<base64>`) of a
 * canonical form of the files it was installed from — every taken file, sorted by path, as
 * `path NUL size NUL bytes`. The same pack gives the same integrity from a folder, a zip or npm,
 * however it was zipped, so a lock file can pin it.
 */
import type { PackFile } from './files.js';

export function canonicalBytes(files: readonly PackFile[]): Uint8Array {
  const enc = new TextEncoder();
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const parts: Uint8Array[] = [];
  for (const f of sorted) {
    parts.push(enc.encode(`${f.path}\0${f.bytes.length}\0`), f.bytes);
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** In the browser (and in Node 20, which has Web Crypto too). */
export async function integrityOf(files: readonly PackFile[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-512', canonicalBytes(files) as Uint8Array<ArrayBuffer>);
  return `sha512-${toBase64(new Uint8Array(digest))}`;
}
