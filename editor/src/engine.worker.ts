/// <reference lib="webworker" />
/**
 * The engine worker: the CLI's pipeline (interpreter/core.ts) over the workspace's texts. It
 * runs off the page's thread, so typing never stutters, even when a ruleset runs until its
 * guard stops it; the page terminates a worker that takes too long and starts a new one.
 */
import {
  Core,
  type DocumentFinder,
  PhasebookError,
  type Diagnostic,
  type SchemaValidator,
  type SourceDocument,
  shortenRefs,
} from '../../interpreter/index.js';
import { runSimulateJob } from './lib/simulate-job.js';
import type { DocText, Request, Response, Started, WorkerRequest } from './lib/protocol.js';
import { documentMeant } from './lib/doc-refs.js';
import { CachingCore, DocCache } from './lib/core-cache.js';
import { DocReceiver } from './lib/doc-sync.js';
import { firstRunKey } from './lib/first-run-proof.js';
import knownValid from './generated/first-runs.json';

/**
 * The schema validators (≈ 700 KiB of precompiled code) load in a chunk of their own: a first
 * run whose exact texts were checked at build time (lib/first-run-proof.ts) runs before them,
 * and they load with the next request (the page's first validation, once the first timeline is
 * painted); every other request waits for them and is checked as always.
 */
let real: SchemaValidator | null = null;
let loading: Promise<SchemaValidator> | null = null;
function loadValidator(): Promise<SchemaValidator> {
  return (loading ??= import('./lib/validator.js').then((m) => (real = m.browserValidator())));
}
/** Set only while a request known valid at build time runs, before the validators have loaded. */
let provenValid = false;
const validator: SchemaValidator = {
  hasSchema: (id) => (real ? real.hasSchema(id) : provenValid),
  validate(doc, id) {
    if (real) return real.validate(doc, id);
    if (provenValid) return []; // checked at build time: these exact texts pass every schema check
    throw new Error('internal error: the schema validators have not loaded');
  },
};
/** Simulate loads its series (patched texts) itself: the plain pipeline. */
const core = new Core(validator);
/** Runs and validation: results kept for unchanged documents (lib/core-cache.ts). */
const cached = new CachingCore(validator);
const texts = new DocCache();
/** The texts the page sent: a request names the documents it sent before by path only. */
const received = new DocReceiver();

function docsByPath(docs: DocText[]): Map<string, DocText> {
  return new Map(docs.map((d) => [d.path, d]));
}

function source(docs: Map<string, DocText>, path: string): SourceDocument {
  const d = docs.get(path);
  if (!d)
    throw new PhasebookError([
      { file: path, line: 1, col: 1, pointer: '', message: `no document "${path}" in the workspace`, severity: 'error' },
    ]);
  return texts.read(path, d.text);
}

/** Documents of a kind with a given id. */
function findById(docs: Map<string, DocText>, kind: string, id: string): string | null {
  for (const d of docs.values()) {
    const v = kindAndId(texts.short(d.path, d.text));
    if (v && v.kind === kind && v.id === id) return d.path;
  }
  return null;
}

/** A text's kind and id (null: not valid JSON, not a candidate), read once per text. */
const ids = new Map<string, { kind?: unknown; id?: unknown } | null>();
function kindAndId(text: string): { kind?: unknown; id?: unknown } | null {
  let v = ids.get(text);
  if (v !== undefined) return v;
  try {
    const o = JSON.parse(text) as { kind?: unknown; id?: unknown } | null;
    v = typeof o === 'object' && o !== null ? { kind: o.kind, id: o.id } : {};
  } catch {
    v = null;
  }
  if (ids.size > 500) ids.clear();
  ids.set(text, v);
  return v;
}

/**
 * The workspace's documents by kind and id, for an overlay's ruleset and requires, an encounter's
 * ruleset: the one the document `from` means (its own pack's, or the pack its pack-id:doc-id
 * names; see doc-refs.ts), so that two packs' equal short ids are kept apart; `written` are the
 * texts as written, before shortenRefs.
 */
function finder(docs: Map<string, DocText>, written?: DocText[]): DocumentFinder {
  return {
    find: (kind, id, from) => {
      const meant = written ? documentMeant(written, from, kind, id)?.path : undefined;
      const path = meant ?? findById(docs, kind, id);
      return path ? source(docs, path) : null;
    },
  };
}

/**
 * The ruleset (and required overlays) an overlay or encounter names that the workspace does not
 * have: on its own it is valid, but it cannot run — say so where it names them, with the ids
 * the workspace has (a typo in `extends` otherwise read as "valid").
 */
function notInWorkspace(doc: SourceDocument, docs: Map<string, DocText>, f: DocumentFinder): Diagnostic[] {
  const v = doc.value as { kind?: unknown; extends?: unknown; ruleset?: unknown; requires?: unknown };
  type Ref = [pointer: string, kind: 'ruleset' | 'overlay', id: unknown];
  const requires: Ref[] = (Array.isArray(v.requires) ? (v.requires as unknown[]) : []).map((id, i) => [`/requires/${i}`, 'overlay', id]);
  const refs: Ref[] =
    v.kind === 'overlay'
      ? [['/extends', 'ruleset', v.extends], ...requires]
      : v.kind === 'encounter'
        ? [['/ruleset', 'ruleset', v.ruleset]]
        : [];
  const out: Diagnostic[] = [];
  for (const [pointer, kind, id] of refs) {
    if (typeof id !== 'string' || f.find(kind, id, doc.file)) continue;
    const have = [...docs.values()].flatMap((d) => {
      const k = kindAndId(texts.short(d.path, d.text));
      return k?.kind === kind && typeof k.id === 'string' ? [JSON.stringify(k.id)] : [];
    });
    const at = doc.locate(pointer);
    out.push({
      file: doc.file,
      line: at.line,
      col: at.col,
      pointer,
      message: `no ${kind} "${id}" in the workspace${have.length ? `: there is ${[...new Set(have)].join(', ')}` : ''}`,
      severity: 'error',
    });
  }
  return out;
}

function validate(docs: Map<string, DocText>, target: string, written: DocText[]): Diagnostic[] {
  try {
    const doc = source(docs, target);
    const f = finder(docs, written);
    // On its own first (cached), then what it names that is missing, then in context: a
    // missing ruleset or required overlay would only show as what follows from its absence.
    const own = cached.validate(doc);
    if (own.length) return own;
    const missing = notInWorkspace(doc, docs, f);
    return missing.length ? missing : cached.validateInContext(doc, f);
  } catch (err) {
    if (err instanceof PhasebookError) return err.diagnostics;
    return [{ file: target, line: 1, col: 1, pointer: '', message: `internal error: ${String(err)}`, severity: 'error' }];
  }
}

/** Requests are handled one at a time, in order: one may wait for the validators to load. */
let queue: Promise<void> = Promise.resolve();
self.onmessage = (ev: MessageEvent<WorkerRequest>) => {
  queue = queue.then(() => handle(ev.data)).catch((err: unknown) => console.error(err));
};

async function handle(posted: WorkerRequest): Promise<void> {
  if (real) return handleNow(posted);
  if (posted.type === 'run' && !loading && posted.docs.every((d) => d.text !== undefined)) {
    const docs = posted.docs as DocText[];
    if (knownValid.includes(await firstRunKey(posted.variant, docs))) {
      provenValid = cached.proven = true;
      try {
        handleNow(posted);
      } finally {
        provenValid = cached.proven = false;
      }
      // The validators load with the next request (the page's first validation, sent once the
      // first timeline has been painted): loading them now would take the CPU from that drawing.
      return;
    }
  }
  await loadValidator();
  handleNow(posted);
}

function handleNow(posted: WorkerRequest): void {
  if (posted.type === 'simulate') {
    // A slice of a simulation: busy until done; the page cancels by terminating this worker.
    posted.docs = posted.docs.map((d) => ({ path: d.path, text: shortenRefs(d.text) }));
    runSimulateJob(core, posted, (r) => self.postMessage(r));
    return;
  }
  const req = { ...posted, docs: received.receive(posted.docs, posted.type === 'validate') } as Request;
  // Rule packs' pack-id:doc-id references, read as the short ids this worker finds documents by.
  const written = req.docs;
  // Runs and validation read the texts as sent through `texts`, which shortens each one once.
  if (req.type === 'validate') texts.retain(req.docs.map((d) => d.path));
  // The page's watchdog counts from here: not the worker's start-up, nor the wait behind another request.
  self.postMessage({ id: req.id, type: 'started' } satisfies Started);
  const docs = docsByPath(req.docs);
  let res: Response;
  if (req.type === 'validate') {
    res = { id: req.id, type: 'validate', target: req.target, diagnostics: validate(docs, req.target, written) };
  } else {
    try {
      const v = req.variant;
      const program = cached.program(
        source(docs, v.ruleset),
        v.overlays.map((p) => source(docs, p)),
      );
      const encounter = cached.encounter(source(docs, v.encounter), program);
      const result = cached.run(program, encounter, {
        seed: v.seed,
        rolls: new Map(Object.entries(v.rolls)),
        choices: new Map(Object.entries(v.choices)),
        ...(v.rounds !== undefined ? { rounds: v.rounds } : {}),
      });
      res = {
        id: req.id,
        type: 'run',
        ok: true,
        events: result.events,
        winner: result.winner,
        reason: result.reason,
        rounds: result.rounds,
      };
    } catch (err) {
      const diagnostics =
        err instanceof PhasebookError
          ? err.diagnostics
          : [
              {
                file: req.variant.ruleset,
                line: 1,
                col: 1,
                pointer: '',
                message: err instanceof Error ? err.message : String(err),
                severity: 'error' as const,
              },
            ];
      res = { id: req.id, type: 'run', ok: false, diagnostics };
    }
  }
  self.postMessage(res);
}
