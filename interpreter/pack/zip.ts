/**
 * Reading a pack from a .zip, in Node and in the browser. fflate decompresses; this file only
 * reads the zip's central directory first (sizes, file types) so that every limit is checked on
 * what the zip declares before a single byte is inflated, and links are refused (fflate does
 * not expose an entry's file type). Inflated output is capped at the declared size and checked
 * against the declared CRC-32, so a zip that lies about its sizes is refused too.
 */
import { unzipSync } from 'fflate';
import { badPath, classify, DEFAULT_PACK_LIMITS, RATIO_FLOOR_BYTES, type PackLimits } from './limits.js';
import { packError, type PackFile, type PackFiles } from './files.js';

interface CentralEntry {
  name: string;
  compressed: number;
  size: number;
  crc: number;
  method: number;
  encrypted: boolean;
  /** Unix file type bits (S_IFMT) when the zip was made on Unix, else 0. */
  unixType: number;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

const u16 = (b: Uint8Array, o: number) => b[o]! | (b[o + 1]! << 8);
const u32 = (b: Uint8Array, o: number) => (b[o]! | (b[o + 1]! << 8) | (b[o + 2]! << 16) | (b[o + 3]! << 24)) >>> 0;

function centralDirectory(bytes: Uint8Array, origin: string): CentralEntry[] {
  let e = bytes.length - 22;
  const stop = Math.max(0, bytes.length - 22 - 65535);
  while (e >= stop && u32(bytes, e) !== 0x06054b50) e--;
  if (e < stop || e < 0) throw packError(origin, null, 'not a zip file (no end of central directory)');
  const count = u16(bytes, e + 10);
  const offset = u32(bytes, e + 16);
  if (count === 0xffff || offset === 0xffffffff) throw packError(origin, null, 'ZIP64 archives are not accepted (a rule pack is small)');
  const entries: CentralEntry[] = [];
  const utf8 = new TextDecoder('utf-8');
  const latin1 = new TextDecoder('latin1');
  let o = offset;
  for (let i = 0; i < count; i++) {
    if (o + 46 > bytes.length || u32(bytes, o) !== 0x02014b50) throw packError(origin, null, 'a damaged zip (bad central directory)');
    const madeOn = bytes[o + 5]!;
    const flags = u16(bytes, o + 8);
    const nameLen = u16(bytes, o + 28);
    const extraLen = u16(bytes, o + 30);
    const commentLen = u16(bytes, o + 32);
    const attrs = u32(bytes, o + 38);
    entries.push({
      // As fflate decodes names: UTF-8 when flag bit 11 says so, else Latin-1.
      name: (flags & 0x800 ? utf8 : latin1).decode(bytes.subarray(o + 46, o + 46 + nameLen)),
      method: u16(bytes, o + 10),
      crc: u32(bytes, o + 16),
      compressed: u32(bytes, o + 20),
      size: u32(bytes, o + 24),
      encrypted: (flags & 1) === 1,
      unixType: madeOn === 3 ? (attrs >>> 16) & S_IFMT : 0,
    });
    o += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

let CRC_TABLE: Uint32Array | null = null;
function crc32(data: Uint8Array): number {
  if (!CRC_TABLE) {
    CRC_TABLE = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      CRC_TABLE[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * The files of a zipped pack. Throws a PhasebookError naming the zip and the entry for: a path
 * that is absolute or climbs out ('..'), a link or device, an encrypted entry, a duplicate
 * path, too many files, a file or a total too big, a compression ratio too high, and a size or
 * CRC that does not match what the zip declared. Executable files are refused by loadPack.
 */
export function readZip(bytes: Uint8Array, origin: string, limits: PackLimits = DEFAULT_PACK_LIMITS): PackFiles {
  const entries = centralDirectory(bytes, origin);
  if (entries.length > limits.maxFiles)
    throw packError(origin, null, `${entries.length} entries in the zip (the limit is ${limits.maxFiles} files)`);
  const seen = new Set<string>();
  let total = 0;
  for (const en of entries) {
    const bad = badPath(en.name, limits);
    if (bad) throw packError(origin, en.name, `refused: ${bad}`);
    if (seen.has(en.name)) throw packError(origin, en.name, 'refused: the zip holds this path twice');
    seen.add(en.name);
    if (en.unixType === S_IFLNK) throw packError(origin, en.name, 'refused: a symbolic link (a pack holds only plain files)');
    if (en.unixType !== 0 && en.unixType !== S_IFREG && en.unixType !== S_IFDIR)
      throw packError(origin, en.name, 'refused: not a plain file');
    if (en.encrypted) throw packError(origin, en.name, 'refused: an encrypted entry');
    if (en.method !== 0 && en.method !== 8)
      throw packError(origin, en.name, `refused: compression method ${en.method} (only stored and deflate)`);
    if (en.size > limits.maxFileBytes)
      throw packError(origin, en.name, `refused: ${en.size} bytes uncompressed (the limit is ${limits.maxFileBytes} per file)`);
    if (en.compressed >= RATIO_FLOOR_BYTES || en.size > RATIO_FLOOR_BYTES * limits.maxRatio) {
      const ratio = en.size / Math.max(1, en.compressed);
      if (ratio > limits.maxRatio)
        throw packError(
          origin,
          en.name,
          `refused: compression ratio ${Math.round(ratio)}:1 (the limit is ${limits.maxRatio}:1; a zip bomb?)`,
        );
    }
    total += en.size;
    if (total > limits.maxTotalBytes)
      throw packError(origin, en.name, `refused: more than ${limits.maxTotalBytes} bytes uncompressed in all (the limit)`);
  }
  // Inflate only the entries loadPack may use; the others are listed by name only.
  const wanted = new Set(entries.filter((en) => !en.name.endsWith('/') && classify(en.name) !== 'other').map((en) => en.name));
  let out: Record<string, Uint8Array>;
  try {
    out = unzipSync(bytes, { filter: (f) => wanted.has(f.name) });
  } catch (err) {
    throw packError(origin, null, `a damaged zip (${err instanceof Error ? err.message : String(err)})`);
  }
  const files: PackFile[] = [];
  for (const en of entries) {
    if (en.name.endsWith('/')) continue;
    if (!wanted.has(en.name)) {
      files.push({ path: en.name, bytes: new Uint8Array(0) });
      continue;
    }
    const data = out[en.name];
    if (!data || data.length !== en.size || crc32(data) !== en.crc) {
      throw packError(origin, en.name, 'refused: the data does not match the size or CRC-32 the zip declares');
    }
    files.push({ path: en.name, bytes: data });
  }
  return { origin, files };
}
