/**
 * The game master's table: one live combat driven through the library entry's Session, in the
 * page's thread (a combat replays in about a millisecond). Every answer, intervention, undo and
 * redo is written to IndexedDB at once, and the player view gets the new state on its channel.
 */
import {
  createPhasebook,
  DocumentsChanged,
  loadSession,
  PhasebookError,
  readDocumentText,
  saveSession,
  Session,
  SessionError,
  setMode,
  changedDocuments,
  type Answer,
  type Intervention,
  type LogEntry,
  type Mode,
  type Modes,
  type Program,
  type Request,
  type SessionDocument,
  type TrackerSnapshot,
  type TraceEvent,
} from '../../../../interpreter/index.js';
import { browserValidator } from '../validator.js';
import { docInfo, workspace, type Doc } from '../workspace.svelte.js';
import { writtenFor } from '../variant.svelte.js';
import { fightStore, type FightSummary, type StoredFight } from './fights.js';
import { withParty, type PartySide } from './campaigns.js';
import { CHANNEL, mainStatOf, playerState, startingValues, type ChannelMessage, type Hidden } from './view.js';

let pb: ReturnType<typeof createPhasebook> | null = null;
const phasebook = () => (pb ??= createPhasebook(browserValidator()));

/** How a fight ended, in words: "party win (eliminated)". */
export function endedText(ended: { winner: string | null; reason: string } | null): string {
  return ended ? `${ended.winner ? `${ended.winner} win` : 'no winner'} (${ended.reason})` : 'over';
}

export interface Setup {
  rulesetId: string | null;
  overlayIds: string[];
  encounterId: string | null;
  seed: number;
  /** The campaign the fight belongs to, and its party (in place of the encounter's first side). */
  campaign?: string | null;
  party?: PartySide | null;
}

/** Problems in words: a PhasebookError's first diagnostics with their place, or the message. */
export function problemText(err: unknown): string {
  if (err instanceof PhasebookError)
    return err.diagnostics
      .slice(0, 3)
      .map((d) => `${d.file}:${d.line}:${d.col} ${d.pointer} ${d.message}`)
      .join('\n');
  return err instanceof Error ? err.message : String(err);
}

/** Why an encounter cannot run on a ruleset, or null when it was written for it (pack references read as packs read them). */
export function mismatch(ruleset: Doc, encounter: Doc): string | null {
  const want = docInfo(encounter.text).ruleset;
  if (!want || writtenFor(encounter, ruleset)) return null;
  return `This encounter is written for "${want}", not "${docInfo(ruleset.text).id ?? ruleset.path}": it is not run against another ruleset.`;
}

/** The default: the first side is asked for every roll, declaration and decision; the others are automatic. */
export function defaultModes(sides: string[]): Modes {
  return sides[0] ? setMode({}, 'ask', sides[0], (id) => sides.includes(id)) : {};
}

class Table {
  session = $state.raw<Session | null>(null);
  private program: Program | null = null;
  fightId = $state<string | null>(null);
  name = $state('');
  pending = $state.raw<Request | null>(null);
  snapshot = $state.raw<TrackerSnapshot | null>(null);
  events = $state.raw<readonly TraceEvent[]>([]);
  log = $state.raw<readonly LogEntry[]>([]);
  redoStack = $state.raw<LogEntry[]>([]);
  modes = $state.raw<Modes>({});
  error = $state<string | null>(null);
  notice = $state<string | null>(null);
  hidden = $state<Hidden>({ combatants: [], hp: 'wounds' });
  mainStat = $state<string | null>(null);
  fights = $state.raw<FightSummary[]>([]);
  /** The campaign of the fight on the table (null: none). */
  campaign: string | null = null;
  paths: { ruleset: string; overlays: string[]; encounter: string } | null = null;
  private starts = new Map<string, unknown>();
  private channel: BroadcastChannel | null = null;
  /** This tab, in its channel messages (a second tab on the same fight follows this one's changes). */
  private readonly tab = Math.random().toString(36).slice(2);

  constructor() {
    if (typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = (ev: MessageEvent<ChannelMessage>) => {
        if (ev.data?.type === 'hello') this.broadcast(true);
        else if (ev.data?.type === 'fight' && ev.data.from !== this.tab && ev.data.id === this.fightId) void this.follow(ev.data.id);
      };
    }
  }

  /**
   * Another tab changed the fight this one shows: take it as kept, so that an answer here goes on
   * from there instead of writing an older state over it (nothing is written back).
   */
  private async follow(id: string): Promise<void> {
    const f = await fightStore().get(id);
    if (!f || this.fightId !== id) return;
    this.open(f.session, f.ruleset, f.overlays, f.encounterPath, f, false);
  }

  get sides(): string[] {
    return this.session?.encounter.sides.map((s) => s.id) ?? [];
  }

  async refreshList(): Promise<void> {
    this.fights = await fightStore().list();
  }

  private loadProgram(rulesetPath: string, overlayPaths: string[]): Program {
    const text = (p: string) => {
      const d = workspace.byPath(p);
      if (!d) throw new Error(`"${p}" is not in the workspace any more`);
      return readDocumentText(p, d.text);
    };
    const program = phasebook().load(text(rulesetPath), overlayPaths.map(text));
    const rs = workspace.byPath(rulesetPath);
    this.mainStat = rs ? mainStatOf(JSON.parse(rs.text)) : null;
    return program;
  }

  /** Start a new fight from a ruleset, its overlays and an encounter written for it. */
  async start(setup: Setup): Promise<boolean> {
    this.error = null;
    this.notice = null;
    const rs = setup.rulesetId ? workspace.byId(setup.rulesetId) : undefined;
    const enc = setup.encounterId ? workspace.byId(setup.encounterId) : undefined;
    if (!rs || !enc) {
      this.error = 'Choose a ruleset and an encounter.';
      return false;
    }
    const wrong = mismatch(rs, enc);
    if (wrong) {
      this.error = wrong;
      return false;
    }
    try {
      const overlays = setup.overlayIds.map((id) => workspace.byId(id)?.path).filter((p): p is string => !!p);
      const program = this.loadProgram(rs.path, overlays);
      const encounter = setup.party
        ? this.withParty(enc, setup.party, program, docInfo(rs.text).id ?? rs.path)
        : phasebook().loadEncounter(readDocumentText(enc.path, enc.text), program);
      if (!encounter) return false;
      const modes = defaultModes(encounter.sides.map((s) => s.id));
      this.program = program;
      this.session = new Session(program, encounter, { seed: setup.seed, modes });
      this.paths = { ruleset: rs.path, overlays, encounter: enc.path };
      this.fightId = `f${Date.now().toString(36)}`;
      this.campaign = setup.campaign ?? null;
      this.name = `${encounter.name ?? encounter.id} (${docInfo(rs.text).id ?? rs.path})`;
      this.hidden = { combatants: [], hp: 'wounds' };
      this.redoStack = [];
      this.afterChange();
      return true;
    } catch (err) {
      this.error = problemText(err);
      return false;
    }
  }

  /**
   * The encounter with the campaign's party in place of its first side. When the party does not
   * fit these rules (made under another ruleset, say) but the encounter does, the problem is the
   * party's, not a line of the encounter's file: say so (and null).
   */
  private withParty(enc: Doc, party: PartySide, program: Program, rules: string) {
    const text = JSON.stringify(withParty(JSON.parse(enc.text), party), null, 2);
    try {
      return phasebook().loadEncounter(readDocumentText(enc.path, text), program);
    } catch (err) {
      if (!(err instanceof PhasebookError)) throw err;
      phasebook().loadEncounter(readDocumentText(enc.path, enc.text), program);
      const problems = err.diagnostics.slice(0, 3).map((d, i) => {
        const member = /^\/sides\/0\/combatants\/(\d+)/.exec(d.pointer);
        const c = member ? party.combatants[Number(member[1])] : undefined;
        // The list of the ruleset's stats once is enough.
        const message = i === 0 ? d.message : d.message.replace(/; its stats are .*$/, '');
        return c ? `${c.name ?? c.id}: ${message}` : message;
      });
      this.error =
        `The campaign's party does not fit ruleset "${rules}": ${problems.join('; ')}. ` +
        `Keep a side of an encounter written for it as the party, or untick “the party takes the encounter's first side”.`;
      return null;
    }
  }

  /** Resume a stored fight (replaying its log on the documents as they are now). */
  async resume(id: string): Promise<boolean> {
    this.error = null;
    this.notice = null;
    const f = await fightStore().get(id);
    if (!f) {
      this.error = 'That fight is not stored any more.';
      return false;
    }
    return this.open(f.session, f.ruleset, f.overlays, f.encounterPath, f);
  }

  /** Open a session document (a stored fight or an imported file). */
  private open(
    doc: SessionDocument,
    ruleset: string,
    overlays: string[],
    encounterPath: string,
    stored?: StoredFight,
    keep = true,
  ): boolean {
    try {
      const program = this.loadProgram(ruleset, overlays);
      const encounter = phasebook().loadEncounter(readDocumentText(encounterPath, JSON.stringify(doc.encounter, null, 2)), program);
      const changes = changedDocuments(doc, program);
      if (changes.length) this.notice = new DocumentsChanged(changes).message + ' — going on under the rules as they are now.';
      this.program = program;
      this.session = loadSession(doc, program, encounter, { acceptChanges: true });
      this.paths = { ruleset, overlays, encounter: encounterPath };
      this.fightId = stored?.id ?? `f${Date.now().toString(36)}`;
      this.campaign = stored ? (stored.campaign ?? null) : this.campaign;
      this.name = stored?.name ?? `${encounter.name ?? encounter.id} (imported)`;
      this.hidden = stored?.hidden ?? { combatants: [], hp: 'wounds' };
      this.redoStack = stored?.redo ?? [];
      this.afterChange(keep);
      return true;
    } catch (err) {
      this.error = problemText(err);
      return false;
    }
  }

  /** Import a session file: its ruleset and overlays are found in the workspace by id. */
  import(text: string): boolean {
    this.error = null;
    let doc: SessionDocument;
    try {
      doc = JSON.parse(text) as SessionDocument;
      if (doc?.kind !== 'session' || !doc.ruleset || !Array.isArray(doc.log))
        throw new Error('not a Phasebook session file (kind "session")');
    } catch (err) {
      this.error = `Cannot import: ${problemText(err)}`;
      return false;
    }
    const byId = (kind: 'ruleset' | 'overlay', id: string) =>
      workspace.docs.find((d) => docInfo(d.text).kind === kind && docInfo(d.text).id === id)?.path;
    const rs = byId('ruleset', doc.ruleset.id);
    const overlays = doc.overlays.map((o) => byId('overlay', o.id));
    if (!rs || overlays.some((o) => !o)) {
      this.error = `Cannot import: the workspace has no ${
        !rs
          ? `ruleset "${doc.ruleset.id}"`
          : 'overlay ' +
            doc.overlays
              .filter((_, i) => !overlays[i])
              .map((o) => `"${o.id}"`)
              .join(', ')
      }`;
      return false;
    }
    const enc = workspace.docs.find((d) => docInfo(d.text).kind === 'encounter' && docInfo(d.text).id === doc.encounter.id);
    return this.open(doc, rs, overlays as string[], enc?.path ?? `${doc.encounter.id}.json`);
  }

  /** The session document of the fight (the export file). */
  exportDoc(): SessionDocument | null {
    return this.session ? saveSession(this.session) : null;
  }

  private act(f: () => void, keepRedo = false): boolean {
    if (!this.session) return false;
    this.error = null;
    try {
      f();
    } catch (err) {
      if (err instanceof SessionError || err instanceof PhasebookError) {
        this.error = problemText(err);
        return false;
      }
      throw err;
    }
    if (!keepRedo) this.redoStack = [];
    this.afterChange();
    return true;
  }

  answer(value: Answer): boolean {
    return this.act(() => this.session!.answer(value));
  }

  /** Next: what is pending answered as in auto mode (roll for me, the default, go on). */
  next(): boolean {
    return this.act(() => this.session!.answerDefault());
  }

  intervene(iv: Intervention): boolean {
    return this.act(() => this.session!.intervene(iv));
  }

  undo(): boolean {
    const s = this.session;
    if (!s || s.entries().length === 0) return false;
    return this.act(() => {
      const last = s.undo();
      if (last) this.redoStack = [...this.redoStack, last];
    }, true);
  }

  redo(): boolean {
    const s = this.session;
    const entry = this.redoStack.at(-1);
    if (!s || !entry || !this.program) return false;
    return this.act(() => {
      this.session = new Session(this.program!, s.encounter, { ...s.options, modes: s.getModes(), log: [...s.entries(), entry] });
      this.redoStack = this.redoStack.slice(0, -1);
    }, true);
  }

  /** Who is asked: a side or a combatant (or `all`) asked, or automatic. */
  setMode(who: string, mode: Mode): void {
    const sides = this.sides;
    this.act(() => this.session!.setModes(setMode(this.session!.getModes(), mode, who, (id) => sides.includes(id))), true);
  }

  modeOf(id: string, isSide: boolean): Mode {
    const t = this.modes.roll;
    if (!t) return 'auto';
    if (!isSide) {
      const side = this.session?.encounter.sides.find((s) => s.combatants.some((c) => c.id === id))?.id;
      return t.combatants?.[id] ?? t.sides?.[side ?? ''] ?? t.default ?? 'auto';
    }
    return t.sides?.[id] ?? t.default ?? 'auto';
  }

  setHidden(h: Hidden): void {
    this.hidden = h;
    this.save();
    this.broadcast();
  }

  /** The main stat a combatant started with (for wound levels). */
  startOf(id: string): unknown {
    return this.starts.get(id);
  }

  close(): void {
    this.session = null;
    this.program = null;
    this.fightId = null;
    this.pending = null;
    this.snapshot = null;
    this.events = [];
    this.log = [];
    this.broadcast();
    void this.refreshList();
  }

  async forget(id: string): Promise<void> {
    await fightStore().remove(id);
    if (this.fightId === id) this.close();
    await this.refreshList();
  }

  private afterChange(keep = true): void {
    const s = this.session!;
    this.pending = s.pending;
    this.snapshot = s.snapshot();
    this.events = s.events;
    this.log = [...s.entries()];
    this.modes = s.getModes();
    this.starts = this.mainStat
      ? startingValues(s.encounter, s.entries(), this.mainStat, s.program.resolved.ruleset.combatant.stats[this.mainStat]?.default)
      : new Map();
    if (keep) this.save();
    this.broadcast();
  }

  /** Written after every change: the log is small. */
  savedCount = $state(0);
  private saving: Promise<void> = Promise.resolve();
  private save(): void {
    const s = this.session;
    if (!s || !this.fightId || !this.paths) return;
    const f: StoredFight = {
      id: this.fightId,
      name: this.name,
      ruleset: this.paths.ruleset,
      overlays: this.paths.overlays,
      encounterPath: this.paths.encounter,
      session: saveSession(s),
      hidden: $state.snapshot(this.hidden),
      redo: this.redoStack,
      updated: Date.now(),
      ...(this.campaign ? { campaign: this.campaign } : {}),
      ...(s.pending ? {} : { over: endedText(s.snapshot().ended) }),
    };
    // One write after another, in order: the last one wins.
    this.saving = this.saving.then(async () => {
      try {
        await fightStore().put(f);
        this.savedCount++;
        this.channel?.postMessage({ type: 'fight', id: f.id, from: this.tab } satisfies ChannelMessage);
      } catch (err) {
        this.error = `Could not save the fight: ${problemText(err)}`;
      }
    });
  }

  /** Send the player view this tab's fight (`reply`: in answer to its hello). */
  broadcast(reply = false): void {
    const snap = this.session ? this.snapshot : null;
    const partySide = this.session?.encounter.sides[0]?.id ?? null;
    const state = snap ? playerState(this.name, snap, this.hidden, this.mainStat, (id) => this.startOf(id), partySide) : null;
    this.channel?.postMessage({ type: 'state', state, reply } satisfies ChannelMessage);
  }
}

export const table = new Table();
