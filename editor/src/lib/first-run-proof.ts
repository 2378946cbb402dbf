/**
 * Which first runs are known valid at build time (issue 9, goal 6: a cold load usable within
 * 1 s). scripts/build-first-runs.mjs runs, with the very validators the worker uses, the first
 * run of every built-in ruleset (by the book, and with each built-in overlay as opening it
 * enables them) on every built-in encounter written for it, and keeps the key of each whose
 * schema checks and semantic checks all pass (src/generated/first-runs.json). A request with one
 * of those keys — the same paths, the same exact texts — needs neither to run: the worker runs it
 * before its validators have loaded, without the semantic checks of its resolved ruleset (pure:
 * they would find nothing again). Any other request (a draft, an edit) is checked first.
 */
import type { DocText } from './protocol.js';

export interface RunShape {
  ruleset: string;
  overlays: string[];
  encounter: string;
}

function hex(buf: ArrayBuffer): string {
  return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function sha256(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** SHA-256 of what decides a run's schema checks: the variant's paths, and every text sent with their paths. */
export async function firstRunKey(variant: RunShape, docs: DocText[]): Promise<string> {
  const digests = await Promise.all(docs.map(async (d) => [d.path, await sha256(d.text)]));
  return sha256(JSON.stringify([variant.ruleset, variant.overlays, variant.encounter, digests]));
}
