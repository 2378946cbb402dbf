/**
 * Saving and loading a session (schemas/session.schema.json). A save names the rule documents
 * by id, version and SHA-256 of their text, and holds only what the play added: the encounter,
 * the seed, the modes and the log. Loading replays the log on the documents loaded again; when
 * a document's hash differs, the caller is told which, and may go on under the new rules.
 */
import type { Encounter } from '../model/types.js';
import type { Program, ProgramSource } from '../core.js';
import type { LogEntry } from './host.js';
import type { Modes } from './modes.js';
import { SessionError } from './pending.js';
import { Session, type SessionOptions } from './session.js';
import { sha256 } from './sha256.js';

export const SESSION_SCHEMA_ID = 'https://phasebook.dev/schemas/v1/session.schema.json';

export interface SavedDocument {
  id: string;
  version?: string;
  sha256: string;
  /** Where it was loaded from: a hint for loading it again. */
  path?: string;
}

export interface SessionDocument {
  $schema?: string;
  kind: 'session';
  format: 1;
  ruleset: SavedDocument;
  overlays: SavedDocument[];
  encounter: Encounter;
  seed: number;
  rounds?: number;
  pins?: { rolls?: Record<string, string>; choices?: Record<string, string> };
  modes: Modes;
  log: LogEntry[];
}

/** A rule document of a save that is not the same any more. */
export interface DocumentChange {
  kind: 'ruleset' | 'overlay';
  id: string;
  /** What changed, in words: "its text changed (version 1.0.0 → 1.1.0)", "it is not loaded". */
  what: string;
}

/** Thrown by loadSession when the documents changed since the save and changes were not accepted. */
export class DocumentsChanged extends SessionError {
  constructor(readonly changes: DocumentChange[]) {
    super(`the rules changed since this session was saved: ${changes.map((c) => `${c.kind} ${c.id}: ${c.what}`).join('; ')}`);
  }
}

const HASHES = new WeakMap<ProgramSource, string>();
function hashOf(s: ProgramSource): string {
  let h = HASHES.get(s);
  if (h === undefined) {
    h = sha256(s.text);
    HASHES.set(s, h);
  }
  return h;
}

function saved(s: ProgramSource): SavedDocument {
  return { id: s.id, ...(s.version !== undefined ? { version: s.version } : {}), sha256: hashOf(s), path: s.file };
}

/** The session as a save document. */
export function saveSession(session: Session): SessionDocument {
  const [ruleset, ...overlays] = session.program.sources;
  if (!ruleset) throw new SessionError('the session has no ruleset source to name');
  const o = session.options;
  const pins: NonNullable<SessionDocument['pins']> = {};
  if (o.rolls?.size) pins.rolls = Object.fromEntries(o.rolls);
  if (o.choices?.size) pins.choices = Object.fromEntries(o.choices);
  return {
    $schema: SESSION_SCHEMA_ID,
    kind: 'session',
    format: 1,
    ruleset: saved(ruleset),
    overlays: overlays.map(saved),
    encounter: structuredClone(session.encounter),
    seed: o.seed,
    ...(o.rounds !== undefined ? { rounds: o.rounds } : {}),
    ...(pins.rolls || pins.choices ? { pins } : {}),
    modes: session.getModes(),
    log: structuredClone([...session.entries()]),
  };
}

/** How the documents of a save differ from those of `program` (empty: the same rules). */
export function changedDocuments(doc: SessionDocument, program: Program): DocumentChange[] {
  const changes: DocumentChange[] = [];
  const wanted = [{ kind: 'ruleset' as const, d: doc.ruleset }, ...doc.overlays.map((d) => ({ kind: 'overlay' as const, d }))];
  const have = program.sources;
  wanted.forEach(({ kind, d }, i) => {
    const s = have.find((x) => x.kind === kind && x.id === d.id);
    if (!s) changes.push({ kind, id: d.id, what: 'it is not loaded now' });
    else if (hashOf(s) !== d.sha256) {
      const v = d.version !== s.version ? ` (version ${d.version ?? '?'} → ${s.version ?? '?'})` : '';
      changes.push({ kind, id: d.id, what: `its text changed since the save${v}` });
    } else if (have.indexOf(s) !== i) changes.push({ kind, id: d.id, what: 'it is applied in another order' });
  });
  for (const s of have) {
    if (!wanted.some(({ kind, d }) => kind === s.kind && d.id === s.id))
      changes.push({ kind: s.kind, id: s.id, what: 'it was not part of the saved session' });
  }
  return changes;
}

export interface LoadOptions {
  /** Go on under the documents as they are now even if they changed since the save. */
  acceptChanges?: boolean;
  onEvents?: SessionOptions['onEvents'];
}

/**
 * Restore a saved session on `program` (the documents loaded again) by replaying its log.
 * `encounter` is the save's encounter once checked (the caller validates it against the rules).
 */
export function loadSession(doc: SessionDocument, program: Program, encounter: Encounter, options: LoadOptions = {}): Session {
  const changes = changedDocuments(doc, program);
  if (changes.length && !options.acceptChanges) throw new DocumentsChanged(changes);
  return new Session(program, encounter, {
    seed: doc.seed,
    modes: doc.modes,
    log: doc.log,
    ...(doc.rounds !== undefined ? { rounds: doc.rounds } : {}),
    ...(doc.pins?.rolls ? { rolls: new Map(Object.entries(doc.pins.rolls)) } : {}),
    ...(doc.pins?.choices ? { choices: new Map(Object.entries(doc.pins.choices)) } : {}),
    ...(options.onEvents ? { onEvents: options.onEvents } : {}),
  });
}
