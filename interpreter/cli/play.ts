/**
 * `phasebook play`: a game master's table mode in the terminal, on a session
 * (interpreter/session/). It shows whose turn it is and the order to come, asks each roll
 * (type the dice, or Enter to roll), each declaration from numbered lists and each decision,
 * and takes the referee's commands between any two of them. `--answers FILE` (JSON Lines)
 * answers from a file, so a play can be scripted; `--load FILE` resumes a saved session.
 *
 * Who is asked by default: the encounter's first side (its rolls, declarations and decisions);
 * every other side and the referee play automatically. `--ask WHO` and `--auto WHO` change
 * that (a side, a combatant, `referee`, or `all`).
 */
import { dirname, resolve } from 'node:path';
import { Command, Option } from 'commander';
import { PhasebookError } from '../diagnostics.js';
import { loadEncounter, loadProgram, loadSavedSession, openSession, saveSessionFile } from '../pipeline.js';
import type { DeclarationAnswer, Intervention } from '../run/host.js';
import { setMode, type Modes } from '../session/modes.js';
import type { Request } from '../session/pending.js';
import { DocumentsChanged } from '../session/save.js';
import { ROLL_FOR_ME, type Session } from '../session/session.js';
import { formatTimeline } from '../trace/text.js';
import { parseIntervention } from './play-commands.js';
import { Lines, usage, type Input } from './play-lines.js';
import { statusLine, statusTable } from './play-status.js';
import { DESCRIPTIONS } from './descriptions.js';

interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

interface PlayOptions {
  with: string[];
  seed: number;
  ask: string[];
  auto: string[];
  pause: 'off' | 'turn' | 'step';
  answers?: string;
  load?: string;
  acceptChanges?: boolean;
  rounds?: number;
}

const HELP = `Answer the question, or type a command:
  undo                          take back the last answer or command
  damage <who> <n> [stat]       the referee deals damage (default stat hp)
  heal <who> <n> [stat]         the referee heals
  set <who> <stat> <value>      set a stat
  condition <who> <id> [rounds] add a condition (until removed without rounds)
  condition <who> <id> [n] until-turn <whose> [start|end]
                                a condition that ends at the start (or end) of a
                                combatant's turn (its n-th turn from now)
  condition <who> -<id>         remove a condition
  join <side> <id> [stat=value…] a combatant joins (initiative by the rules)
  flee <who>                    a combatant leaves the fight
  save <file>                   save the session (resume with --load <file>)
  status                        the round, whose turn, the order to come, every combatant
  help                          this help
  quit                          stop (without saving)`;

/** Who is asked: the first side by default, then --auto/--ask for everyone (`all`), then for named sides and combatants. */
function modesFrom(start: Modes, opts: PlayOptions, isSide: (id: string) => boolean): Modes {
  let modes = start;
  const apply = (list: string[], mode: 'ask' | 'auto', all: boolean) => {
    for (const who of list) if ((who === 'all') === all) modes = setMode(modes, mode, who, isSide);
  };
  apply(opts.auto, 'auto', true);
  apply(opts.ask, 'ask', true);
  apply(opts.auto, 'auto', false);
  apply(opts.ask, 'ask', false);
  return { ...modes, pause: opts.pause };
}

export function registerPlay(program: Command, io: Io): void {
  program
    .command('play')
    .description(DESCRIPTIONS.play)
    .argument('[ruleset]', 'the ruleset (with --load: optional, else the one the save names)')
    .argument('[encounter]', 'the encounter (not with --load: the save holds it)')
    .option('--with <overlay>', 'an overlay to apply (repeatable; order matters)', (v: string, p: string[]) => [...p, v], [])
    .option(
      '--seed <n>',
      'dice seed',
      (v) => {
        if (!/^\d+$/.test(v) || Number(v) > 2 ** 32 - 1) throw usage(`--seed expects a whole number from 0 to ${2 ** 32 - 1}, got "${v}"`);
        return Number(v);
      },
      1,
    )
    .option('--ask <who>', 'also ask this side, combatant, "referee" or "all" (repeatable)', (v: string, p: string[]) => [...p, v], [])
    .option(
      '--auto <who>',
      'play this side, combatant, "referee" or "all" automatically (repeatable)',
      (v: string, p: string[]) => [...p, v],
      [],
    )
    .addOption(
      new Option('--pause <when>', 'also stop at each turn start, or at each turn and step start, for the referee')
        .choices(['off', 'turn', 'step'])
        .default('off'),
    )
    .option('--answers <file>', 'answer from a JSON Lines file first ("-": stdin), then from the keyboard')
    .option('--load <file>', 'resume a saved session')
    .option('--accept-changes', 'with --load: go on even if the rule documents changed since the save')
    .option('--rounds <n>', 'round limit', (v) => {
      if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > 1000) throw usage(`--rounds must be between 1 and 1000, got "${v}"`);
      return Number(v);
    })
    .addHelpText(
      'after',
      `\nExamples:\n  phasebook play rulesets/<id>/<id>.json rulesets/<id>/encounters/<encounter>.json\n  phasebook play --load fight.json\n  phasebook play r.json e.json --answers answers.jsonl   # lines such as "12", "roll", "2", {"answer": null}, "undo"\n\n${HELP}`,
    )
    .action(async (ruleset: string | undefined, encounter: string | undefined, opts: PlayOptions) => {
      const session = await open(ruleset, encounter, opts, io);
      await new Table(session, io, new Lines(opts.answers, true), opts.answers !== undefined).play();
    });
}

async function open(ruleset: string | undefined, encounter: string | undefined, opts: PlayOptions, io: Io): Promise<Session> {
  if (opts.load) {
    if (encounter) throw usage('play --load: give no encounter (the save holds it)');
    const load = (accept: boolean) =>
      loadSavedSession(opts.load!, { ...(ruleset ? { ruleset, overlays: opts.with } : {}), acceptChanges: accept });
    let s: Session;
    try {
      s = load(Boolean(opts.acceptChanges));
    } catch (err) {
      if (!ruleset && err instanceof PhasebookError) throw withRulesHint(err, opts.load);
      if (!(err instanceof DocumentsChanged)) throw err;
      if (!process.stdin.isTTY) throw usage(`${opts.load}: ${err.message}. Run again with --accept-changes to go on under the new rules`);
      io.out(`${err.message}\nGo on under the new rules? [y/N] `);
      const answer = await new Lines(undefined, true).next();
      if (!answer || !/^y(es)?$/i.test(answer.text.trim())) throw usage(`${opts.load}: not resumed (the rules changed)`);
      s = load(true);
    }
    if (opts.ask.length || opts.auto.length || opts.pause !== 'off')
      s.setModes(modesFrom(s.getModes(), opts, (id) => s.encounter.sides.some((x) => x.id === id)));
    io.out(`Resumed ${opts.load}: ${entriesText(s.entries().length)} replayed.\n`);
    if (s.unreached().length)
      io.out(`warning: ${s.unreached().length} of them no longer apply under these rules (from ${s.unreached()[0]!.label})\n`);
    return s;
  }
  if (!ruleset || !encounter) throw usage('play needs <ruleset> <encounter>, or --load <file>');
  const program = loadProgram(ruleset, opts.with);
  const enc = loadEncounter(encounter, program);
  const isSide = (id: string) => enc.sides.some((s) => s.id === id);
  const first: Modes = setMode({}, 'ask', enc.sides[0]!.id, isSide);
  return openSession(program, enc, {
    seed: opts.seed,
    modes: modesFrom(first, opts, isSide),
    ...(opts.rounds ? { rounds: opts.rounds } : {}),
  });
}

/** The play loop: print what happened, ask what is pending, take commands. */
class Table {
  private printed: string[] = [];

  constructor(
    private readonly s: Session,
    private readonly io: Io,
    private readonly lines: Lines,
    private readonly scripted: boolean,
  ) {}

  async play(): Promise<void> {
    this.show();
    for (;;) {
      const p = this.s.pending;
      if (!p) return;
      this.io.out(this.question(p));
      const input = await this.lines.next();
      if (!input) {
        this.io.out('\n(end of input: stopped without saving)\n');
        return;
      }
      if (!(await this.handle(p, input))) return;
      this.show();
    }
  }

  /** Print the timeline lines that are new since the last time. */
  private show(): void {
    const lines = formatTimeline(this.s.events).split('\n');
    let same = 0;
    while (same < lines.length && same < this.printed.length && lines[same] === this.printed[same]) same++;
    const fresh = lines.slice(same).filter((l, i, a) => !(i === a.length - 1 && l === ''));
    if (fresh.length) this.io.out(fresh.join('\n') + '\n');
    this.printed = lines;
  }

  private question(p: Request): string {
    const head = `\n${statusLine(this.s.snapshot())}\n`;
    switch (p.kind) {
      case 'roll': {
        const who = p.who?.combatant ?? p.who?.side ?? 'referee';
        const hint = p.pin !== undefined ? ` (the encounter pins ${p.pin})` : '';
        return `${head}🎲 ${who} rolls ${p.why}: ${p.notation}  [${p.label}]${hint}\n   your dice (a total such as 7, or single dice such as 3,4), or Enter to roll:\n> `;
      }
      case 'decision': {
        const list = p.options.map((o, i) => `  ${i + 1}. ${o}${o === p.default ? '  (default)' : ''}`).join('\n');
        return `${head}⚖ ${p.by} decides  [${p.label}]\n${list}\n   a number, or Enter for the default:\n> `;
      }
      case 'declaration': {
        const list = p.options.map((o, i) => `  ${i + 1}. ${o.action}${o.uses.length ? `  (uses ${o.uses.join(', ')})` : ''}`).join('\n');
        const d = p.default ? `${p.default.action}${p.default.target ? ` → ${p.default.target}` : ''}` : 'nothing';
        return `${head}✎ ${p.combatant} declares for ${p.phase}  [${p.label}]\n${list}\n  0. nothing\n   a number (and a target number), or Enter for the default (${d}):\n> `;
      }
      case 'pause':
        return `${head}⏸ ${p.at === 'turn' ? `turn of ${(p.who ?? []).join(' + ')}` : `step ${p.step}`} starts  [${p.label}]\n   Enter to go on, or a command:\n> `;
    }
  }

  /** Handle one input; false to stop. */
  private async handle(p: Request, input: Input): Promise<boolean> {
    let text = input.text;
    if (input.where !== null) {
      // A JSON line: a typed string, {"answer": …} (optionally with the label it answers), {"intervention": …}.
      const j = input.json;
      if (typeof j === 'string') text = j;
      else if (j !== null && typeof j === 'object' && ('answer' in j || 'intervention' in j)) {
        const o = j as { label?: string; answer?: unknown; intervention?: Intervention };
        if (o.label !== undefined && o.label !== p.label) this.fail(input.where, `answers ${o.label}, but the session asks ${p.label}`);
        this.io.out(`${JSON.stringify(j)}\n`);
        try {
          if (o.intervention) this.s.intervene(o.intervention);
          else this.s.answer(o.answer as string | DeclarationAnswer);
        } catch (err) {
          this.fail(input.where, err instanceof Error ? err.message : String(err));
        }
        return true;
      } else this.fail(input.where, 'expected a string or an object with "answer" or "intervention"');
    }
    if (!process.stdin.isTTY || input.where !== null) this.io.out(`${text}\n`);
    try {
      return await this.command(p, text.trim());
    } catch (err) {
      if (!(err instanceof Error) || err instanceof PhasebookError) throw err;
      if (input.where !== null && this.scripted) this.fail(input.where, err.message);
      this.io.out(`! ${err.message}\n`);
      return true;
    }
  }

  private fail(where: string, message: string): never {
    const [file, line] = where.split(/:(?=\d+$)/);
    throw new PhasebookError([{ file: file!, line: Number(line ?? 1), col: 1, pointer: '', message, severity: 'error' }]);
  }

  private async command(p: Request, text: string): Promise<boolean> {
    const [word = '', ...args] = text.split(/\s+/).filter(Boolean);
    const s = this.s;
    switch (word) {
      case 'help':
      case '?':
        this.io.out(HELP + '\n');
        return true;
      case 'quit':
      case 'exit':
        this.io.out('(stopped without saving)\n');
        return false;
      case 'status':
        this.io.out(
          statusTable(
            s.snapshot(),
            Object.fromEntries(Object.entries(s.program.resolved.ruleset.combatant.stats).map(([k, d]) => [k, d.default ?? 0])),
          ),
        );
        return true;
      case 'undo': {
        const last = s.undo();
        this.io.out(
          last
            ? `(undone: ${'intervention' in last ? `${last.intervention.op} at ${last.label}` : `${JSON.stringify(last.answer)} for ${last.label}`})\n`
            : '(nothing to undo)\n',
        );
        return true;
      }
      case 'save': {
        if (!args[0]) throw new Error('save needs a file name: save <file>');
        try {
          saveSessionFile(s, args[0]);
        } catch (err) {
          throw new Error(`cannot save to ${args[0]}: ${whyNotWritten(err, args[0])}`, { cause: err });
        }
        this.io.out(`(saved to ${args[0]}: ${entriesText(s.entries().length)}; resume with: phasebook play --load ${args[0]})\n`);
        return true;
      }
    }
    const intervention = parseIntervention(word, args);
    if (intervention) {
      s.intervene(intervention);
      return true;
    }
    await this.answer(p, text);
    return true;
  }

  private async answer(p: Request, text: string): Promise<void> {
    const s = this.s;
    if (text === '') return s.answerDefault();
    switch (p.kind) {
      case 'roll':
        return s.answer(text === 'roll' ? ROLL_FOR_ME : text);
      case 'decision': {
        const i = Number(text);
        return s.answer(Number.isInteger(i) && i >= 1 && i <= p.options.length ? p.options[i - 1]! : text);
      }
      case 'declaration': {
        const [a = '', t] = text.split(/\s+/);
        if (a === '0' || a === 'nothing') return s.answer(null);
        const ai = Number(a);
        const option = Number.isInteger(ai) ? p.options[ai - 1] : p.options.find((o) => o.action === a);
        if (!option) throw new Error(`pick 1 to ${p.options.length}, or 0 for nothing`);
        let pick = t;
        const fallback = p.default?.action === option.action && p.default.target ? p.default.target : (option.targets[0] ?? null);
        if (pick === undefined && option.targets.length > 1) {
          // The target from a second numbered list.
          const list = option.targets.map((x, i) => `  ${i + 1}. ${x}${x === fallback ? '  (default)' : ''}`).join('\n');
          this.io.out(`   ${option.action} which target?\n${list}\n   a number, or Enter for the default:\n> `);
          const next = await this.lines.next();
          if (!next) throw new Error('no target given');
          pick = next.where !== null && typeof next.json === 'string' ? next.json : next.text;
          if (!process.stdin.isTTY || next.where !== null) this.io.out(`${pick}\n`);
          pick = pick.trim();
        }
        let target: string | null = fallback;
        if (pick !== undefined && pick !== '') {
          const ti = Number(pick);
          target = Number.isInteger(ti) ? (option.targets[ti - 1] ?? `#${pick}`) : pick;
        }
        return s.answer({ action: option.action, target });
      }
      case 'pause':
        return s.answer('go on');
    }
  }
}

/** A save's log, counted: "1 answer or command", "6 answers and commands". */
const entriesText = (n: number): string => (n === 1 ? '1 answer or command' : `${n} answers and commands`);

/** Why a file could not be written, in words (not the temporary file's name that a raw ENOENT shows). */
function whyNotWritten(err: unknown, file: string): string {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const folder = dirname(resolve(file));
  if (code === 'ENOENT') return `there is no folder ${folder}`;
  if (code === 'ENOTDIR') return `${folder} is not a folder`;
  if (code === 'EISDIR' || code === 'ENOTEMPTY') return 'it is a folder';
  if (code === 'EACCES' || code === 'EPERM') return `no permission to write in ${folder}`;
  if (code === 'EROFS') return `${folder} is read-only`;
  return err instanceof Error ? err.message : String(err);
}

/**
 * A save whose rule documents are not where it says (next to it: an export of the editor names
 * the workspace's paths, a save moved to another folder): say how to give them on the command line.
 */
function withRulesHint(err: PhasebookError, save: string): PhasebookError {
  if (!err.diagnostics.some((d) => /cannot read .*the file does not exist/.test(d.message))) return err;
  const hint =
    'the save names its ruleset and overlays by paths next to it, and they are not there (a save exported from the editor names ' +
    `its workspace's paths): give them, as in  phasebook play <ruleset> [--with <overlay>…] --load ${save}`;
  return new PhasebookError([...err.diagnostics, { file: save, line: 1, col: 1, pointer: '', message: hint, severity: 'error' }]);
}
