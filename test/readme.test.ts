/**
 * Every command the README shows works as written on a fresh clone after the quick start
 * (`npm install`): each command line of its shell code blocks and each inline code span that
 * starts with a command (npx, npm, node, phasebook, or an environment assignment before one).
 *
 * - `phasebook …` alone is refused: after `npm install` it is not on PATH (write `npx phasebook`,
 *   which npm resolves to this package's own bin, package.json "bin").
 * - `npm run X`, `npm start`, `npm test`: the script exists. `node FILE`: the file exists.
 * - `npx phasebook SUB …`: SUB is a command of the binary, every path (globs expanded) exists,
 *   and unless the line is a synopsis (<placeholders>, [options], …), names no file, or is a long
 *   simulation, the command is run and exits 0.
 */
import { describe, expect, it, beforeAll } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { ensureBuilt, runBinary, ROOT } from './support/binary.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  bin: Record<string, string>;
  scripts: Record<string, string>;
};
const NPM_BUILTINS = new Set(['install', 'i', 'ci', 'link', 'pack', 'publish', 'test', 'start', 'exec']);
const SHELL_LANGS = new Set(['sh', 'bash', 'shell', 'console']);
const COMMAND_START = /^(?:[A-Z_][A-Z0-9_]*=\S*\s+)*(?:npx|npm|node|phasebook)\s/;

interface Command {
  line: number;
  text: string;
}

/** The command lines of the README: shell code blocks (with their continuations) and inline code spans. */
export function readmeCommands(markdown: string): Command[] {
  const out: Command[] = [];
  const lines = markdown.split('\n');
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const open = /^```(\w*)/.exec(line);
    if (open) {
      fence = fence === null ? open[1]! : null;
      continue;
    }
    if (fence !== null) {
      if (!SHELL_LANGS.has(fence)) continue;
      // A transcript's prompt (`$ npx phasebook play …`) is the command; its other lines are output.
      const text = line
        .replace(/^\$ /, '')
        .replace(/(^|\s)#.*$/, '')
        .trimEnd();
      if (!text.trim()) continue;
      const isContinuation = /^\s/.test(line) && out.length > 0 && /\\$/.test(out[out.length - 1]!.text);
      if (!isContinuation && !COMMAND_START.test(text.trim() + ' ')) continue;
      const last = out[out.length - 1];
      const continues = last && (/^\s/.test(line) || /\\$/.test(last.text)) && last.line >= 0;
      if (continues && /^\s/.test(line)) last.text = `${last.text.replace(/\\$/, '')} ${text.trim()}`;
      else out.push({ line: i + 1, text: text.trim() });
      continue;
    }
    for (const m of line.matchAll(/`([^`]+)`/g)) if (COMMAND_START.test(m[1]!)) out.push({ line: i + 1, text: m[1]! });
  }
  return out;
}

/** Split like a shell: words, with single and double quotes. */
function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3]!);
  return out;
}

/** The existing files a path names: itself, or with a `*` in its last segment expanded as the shell does. */
function expand(path: string): string[] {
  if (!path.includes('*')) return existsSync(join(ROOT, path)) ? [path] : [];
  const dir = dirname(path);
  const re = new RegExp(
    `^${basename(path)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')}$`,
  );
  return existsSync(join(ROOT, dir))
    ? readdirSync(join(ROOT, dir))
        .filter((f) => re.test(f))
        .map((f) => `${dir}/${f}`)
    : [];
}

/** A sweep or --set target (`count:/sides/…=1..8`) is a JSON pointer into a document, not a path. */
const isTarget = (w: string) => /^(encounter|ruleset|option|count):/.test(w);
const looksLikePath = (w: string) => !w.startsWith('-') && !isTarget(w) && (w.includes('/') || /\.(json|js|mjs|ts)$/.test(w));

/**
 * Names the README's walkthroughs make before they use them, so they do not exist in a fresh
 * clone: a command naming one is checked but not run.
 */
const MADE_BY_README = new Map([
  ['fight.json', 'saved by the play walkthrough (`save fight.json`)'],
  ['shard-*.json', 'written by the shard loop just before'],
  ['example/crossroads', 'the id of the pack the walkthrough installs'],
  ['phasebook/ose', 'the id of the shipped OSE pack, found by id without an install (test/packs-cli.test.ts runs it)'],
  ['me/my-pack', 'the id given to `pack init`'],
]);
const isSynopsis = (text: string) => /<[^>]+>|\[[^\]]*\]|…/.test(text);

let subcommands: string[] = [];

beforeAll(() => {
  ensureBuilt();
  const help = runBinary('--help').stdout;
  subcommands = [...help.slice(help.indexOf('Commands:')).matchAll(/^ {2}(\w[\w-]*)/gm)].map((m) => m[1]!);
});

/** Problems of one `phasebook SUB …` invocation (words after `phasebook`); runs it when cheap and concrete. */
function checkPhasebook(args: string[], text: string): string[] {
  const sub = args[0];
  if (!sub || sub.startsWith('-')) return [];
  if (!subcommands.includes(sub)) return [`"${sub}" is not a phasebook command (${subcommands.join(', ')})`];
  // A synopsis, or a command named in prose (`npx phasebook validate`): the command exists, that is all.
  if (isSynopsis(text) || !args.some(looksLikePath)) return [];
  const problems: string[] = [];
  const expanded: string[] = [];
  let made = false;
  for (const w of args) {
    const inner = w.includes(' ') ? words(w) : [w];
    for (const x of inner) {
      if (MADE_BY_README.has(x)) made = true;
      else if (looksLikePath(x) && expand(x).length === 0) problems.push(`no such file: ${x}`);
    }
    expanded.push(...(looksLikePath(w) && !w.includes(' ') ? expand(w) : [w]));
  }
  // Commands that write into the working folder (installing, building or removing a pack,
  // rewriting documents) are checked, not run: a test must not change the checkout.
  const writes =
    (sub === 'pack' && ['install', 'init', 'build', 'remove'].includes(args[1] ?? '')) || (sub === 'migrate' && args.includes('--write'));
  if (problems.length || made || writes || sub === 'simulate') return problems;
  const r = runBinary(...expanded);
  if (r.status !== 0) problems.push(`exit ${r.status}: ${r.stderr.split('\n')[0]}`);
  return problems;
}

function check(cmd: Command): string[] {
  const problems: string[] = [];
  const segments = cmd.text.split(/\s+(?:&&|\|\||\|)\s+|;\s+/);
  for (const segment of segments) {
    const w = words(segment);
    while (w.length && /^[A-Z_][A-Z0-9_]*=/.test(w[0]!)) w.shift();
    const [head, ...rest] = w;
    if (head === 'phasebook') problems.push('`phasebook` is not on PATH after the quick start: write `npx phasebook`');
    else if (head === 'npx') {
      if (rest[0] === PKG.name) problems.push(...checkPhasebook(rest.slice(1), segment));
      else if (!existsSync(join(ROOT, 'node_modules', '.bin', rest[0] ?? '')))
        problems.push(`npx ${rest[0]}: not installed by npm install`);
    } else if (head === 'npm') {
      const script = rest[0] === 'run' ? rest[1] : rest[0];
      if (rest[0] === 'run' ? !(script! in PKG.scripts) : !NPM_BUILTINS.has(script ?? '') || (script === 'start' && !PKG.scripts.start))
        problems.push(`npm ${rest.join(' ')}: no such script or npm command`);
    } else if (head === 'node') {
      const file = rest.find((x) => !x.startsWith('-'));
      if (!file || !existsSync(join(ROOT, file))) problems.push(`node ${file}: no such file`);
    } else problems.push(`unknown command "${head}"`);
  }
  return problems;
}

describe('the README', () => {
  const commands = readmeCommands(README);

  it('shows commands (the extraction finds them)', () => {
    expect(commands.length).toBeGreaterThan(10);
    expect(commands.some((c) => c.text.startsWith('npm install'))).toBe(true);
  });

  it('`npx phasebook` is this package: its name and bin, which npm runs from a clone of it', () => {
    expect(PKG.name).toBe('phasebook');
    expect(PKG.bin.phasebook).toBe('bin/phasebook.js');
    expect(existsSync(join(ROOT, PKG.bin.phasebook ?? ''))).toBe(true);
  });

  it.each(commands.map((c) => [`README.md:${c.line}  ${c.text.slice(0, 100)}`, c] as const))('%s', (_name, cmd) => {
    expect(check(cmd)).toEqual([]);
  });

  it('the checks catch a bare `phasebook`, an unknown command, a missing file and a missing script', () => {
    expect(check({ line: 0, text: 'phasebook run a.json b.json' })).toHaveLength(1);
    expect(check({ line: 0, text: 'npx phasebook frobnicate x' })[0]).toMatch(/not a phasebook command/);
    expect(check({ line: 0, text: 'npx phasebook validate rulesets/nope.json' })).toEqual(['no such file: rulesets/nope.json']);
    expect(check({ line: 0, text: 'npm run no-such-script' })).toHaveLength(1);
    expect(check({ line: 0, text: 'node bin/nope.js' })).toHaveLength(1);
  });
});

describe("the README's whole ruleset", () => {
  it('is examples/minimal/ruleset.json as it is (the block cannot drift from the file the README runs)', () => {
    const at = README.indexOf('### A whole ruleset, start to finish');
    expect(at).toBeGreaterThan(0);
    const block = /```json\n([\s\S]*?)\n```/.exec(README.slice(at));
    expect(block).not.toBeNull();
    const file = readFileSync(join(ROOT, 'examples/minimal/ruleset.json'), 'utf8');
    expect(JSON.parse(block![1]!)).toEqual(JSON.parse(file));
  });
});
