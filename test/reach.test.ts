/**
 * Reach (issue 14, concept 8), in part: triggers filtered by action tag, policy targets that pick
 * an ally or the first foe the action's requires allows, and ties decided by the tied ones' side.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEncounter, loadProgram, run, validateFile } from '../interpreter/pipeline.js';
import type { TraceEvent } from '../interpreter/trace/events.js';
import { compileExpression, createEvalContext } from '../interpreter/expr/index.js';
import { OUTER_NAMES } from '../interpreter/compile/evaluator.js';
import { Engine } from '../interpreter/run/engine.js';
import { ROOT } from './support/cases.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rule documents edited as plain JSON
type Doc = any;
const read = (p: string): Doc => JSON.parse(readFileSync(join(ROOT, p), 'utf8'));
const TEMPO = 'examples/packs/tempo/rulesets/tempo.json';
const BATON = 'examples/packs/baton/rulesets/baton.json';

function runDocs(rulesetPath: string, rs: Doc, enc: Doc, rounds = 1, seed = 2): TraceEvent[] {
  const path = join(ROOT, rulesetPath.replace(/\.json$/, '-reach.json'));
  const encPath = join(ROOT, rulesetPath.replace(/rulesets\/.*$/, 'encounters/reach-test.json'));
  const program = loadProgram(path, [], new Map([[path, JSON.stringify(rs)]]));
  const encounter = loadEncounter(encPath, program, JSON.stringify(enc));
  return run(program, encounter, { seed, rounds }).events;
}
const acts = (events: TraceEvent[]) =>
  events.filter((e) => e.type === 'act').map((e) => `${e.reaction ? '!' : ''}${e.combatant} ${e.action}`);

describe('triggers filtered by action tag', () => {
  it('actionTags: the same reactions as listing the actions one by one', () => {
    const tagged = read(TEMPO);
    expect(tagged.triggers[0].actionTags).toEqual(['attack']);
    const listed = read(TEMPO);
    delete listed.triggers[0].actionTags;
    listed.triggers[0].actions = ['strike', 'heavy-blow', 'staggering-blow'];
    const enc = read('examples/packs/tempo/encounters/den.json');
    expect(acts(runDocs(TEMPO, tagged, enc, 2))).toEqual(acts(runDocs(TEMPO, listed, enc, 2)));
  });
  it('only actions with the tag set it off', () => {
    const rs = read(TEMPO);
    rs.actions.find((a: Doc) => a.id === 'heavy-blow').tags = ['attack', 'heavy'];
    rs.triggers[0].actionTags = ['heavy'];
    const events = runDocs(TEMPO, rs, read('examples/packs/tempo/encounters/den.json'), 2);
    const seq = acts(events);
    const ripostes = seq.flatMap((a, i) => (a.endsWith(' riposte') ? [seq[i - 1]!] : []));
    expect(ripostes.length).toBeGreaterThan(0);
    // Each riposte follows a heavy blow, never a plain strike.
    for (const before of ripostes) expect(before).toMatch(/heavy-blow$/);
  });
  it('an unknown tag is a located error with did-you-mean', () => {
    const rs = read(TEMPO);
    rs.triggers[0].actionTags = ['atack'];
    const errors = validateFile(join(ROOT, TEMPO), JSON.stringify(rs, null, 2)).filter((d) => d.severity === 'error');
    expect(errors.map((d) => `${d.pointer} ${d.message}`)).toContain(
      '/triggers/0/actionTags/0 no action has the tag "atack"; did you mean "attack"?',
    );
  });
});

describe('policy targets', () => {
  const baton = () => {
    const rs = read(BATON);
    rs.round.turns = { by: 'combatant', order: 'initiative-desc' };
    return rs;
  };
  const bridge = () => read('examples/packs/baton/encounters/bridge.json');
  it('weakest-ally: a heal goes to the ally with the fewest hit points', () => {
    const rs = baton();
    rs.actions.push({ id: 'mend', phase: 'turn', uses: ['action'], target: 'ally', effects: [{ op: 'heal', amount: 1 }] });
    rs.policy = [{ id: 'mend', action: 'mend', target: 'weakest-ally' }];
    const enc = bridge();
    enc.sides[0].combatants[2].stats.hp = 3; // brawler, the weakest hero
    const declares = runDocs(BATON, rs, enc).filter(
      (e) => e.type === 'declare' && enc.sides[0].combatants.some((c: Doc) => c.id === e.combatant),
    );
    expect(declares.map((e) => (e as { target: string }).target)).toEqual(['brawler', 'brawler', 'brawler']);
  });
  it("first-allowed-enemy: the first foe for whom the action's requires holds", () => {
    const rs = baton();
    rs.actions.find((a: Doc) => a.id === 'strike').requires = { '>': [{ var: 'target.hp' }, 8] };
    rs.policy = [{ id: 'strike', action: 'strike', target: 'first-allowed-enemy' }];
    const enc = bridge(); // raiders: chief 11 hp, archer 6, thug 9
    const heroes = new Set(['captain', 'scout', 'brawler']);
    const first = runDocs(BATON, rs, enc).find((e) => e.type === 'declare' && heroes.has((e as { combatant: string }).combatant));
    expect((first as { target: string }).target).toBe('chief');
    enc.sides[1].combatants[0].stats.hp = 5; // now the chief is too weak to be allowed: the thug is next
    const again = runDocs(BATON, rs, enc).find((e) => e.type === 'declare' && heroes.has((e as { combatant: string }).combatant));
    expect((again as { target: string }).target).toBe('thug');
  });
});

describe('ties decided by a side', () => {
  it('tied allies: their side decides who goes first; the decision names the side', () => {
    const rs = read(BATON);
    rs.initiative.formula = { var: 'actor.agility' };
    rs.round.turns = { by: 'combatant', order: { keys: [{ stat: 'initiative' }], ties: 'side' } };
    const enc = read('examples/packs/baton/encounters/bridge.json');
    enc.sides[0].combatants[0].stats.agility = 5; // captain ties with the scout (5)
    const events = runDocs(BATON, rs, enc);
    const tie = events.find((e) => e.type === 'decision') as { by: string; options: string[]; label: string };
    expect(tie.by).toBe('heroes');
    expect(tie.options).toEqual(['captain', 'scout']);
  });
});

describe('loops see the outer variables', () => {
  const allies = { filter: [{ var: 'everyone' }, { '==': [{ var: 'side' }, { var: 'actor.side' }] }] };
  const data = {
    actor: { id: 'a', side: 'red' },
    everyone: [
      { id: 'a', side: 'red' },
      { id: 'b', side: 'blue' },
      { id: 'c', side: 'red' },
    ],
  };
  it('with outer names (the engine), a body reads actor from outside the loop', () => {
    const ctx = createEvalContext();
    ctx.outerNames = OUTER_NAMES;
    const f = compileExpression(allies, { file: 't', pointer: '' });
    expect((f(data, ctx) as Array<{ id: string }>).map((x) => x.id)).toEqual(['a', 'c']);
    expect(ctx.outer).toBeUndefined();
    // The element's own field wins; reduce sees outer names too, nested loops as well.
    const count = {
      reduce: [
        { var: 'everyone' },
        { '+': [{ var: 'accumulator' }, { if: [{ some: [[1], { '==': [{ var: 'actor.side' }, 'red'] }] }, 1, 0] }] },
        0,
      ],
    };
    expect(compileExpression(count, { file: 't', pointer: '' })(data, ctx)).toBe(3);
  });
  it('outer names given at compile time: a name not among them never reads from outside, one among them does', () => {
    const ctx = createEvalContext();
    ctx.outerNames = OUTER_NAMES;
    const told = compileExpression(allies, { file: 't', pointer: '', outerNames: OUTER_NAMES });
    expect((told(data, ctx) as Array<{ id: string }>).map((x) => x.id)).toEqual(['a', 'c']);
    // Compiled as if actor could not be outer: the body's actor.side is the element's (none).
    const untold = compileExpression(allies, { file: 't', pointer: '', outerNames: new Set(['target']) });
    expect(untold(data, ctx)).toEqual([]);
  });
  it('every variable the engine sets around an expression is readable inside its loops (pass, phase, sides, encounter…)', () => {
    // The data of an act as the engine builds it: each name must be an outer name, or a loop
    // body would read null where the expression around it reads a value.
    const program = loadProgram(join(ROOT, BATON));
    const enc = loadEncounter(join(ROOT, 'examples/packs/baton/encounters/bridge.json'), program);
    const eng = new Engine(program.compiled, enc, { seed: 1 });
    const someone = eng.cmbs[0]!.view;
    const names = [...Object.keys(eng.actData(someone, {}, someone)), ...Object.keys(eng.baseData())];
    expect(names.filter((n) => !OUTER_NAMES.has(n))).toEqual([]);
    // And read through a loop: the element (a number) has no such field, so the outer value shows.
    const ctx = createEvalContext();
    ctx.outerNames = OUTER_NAMES;
    const data = { pass: 2, phase: 'melee', standingSides: 1, encounter: { storm: true } };
    for (const [name, value] of Object.entries(data)) {
      const f = compileExpression({ map: [[0], { var: name }] }, { file: 't', pointer: '', outerNames: OUTER_NAMES });
      expect(f(data, ctx)).toEqual([value]);
    }
  });
  it('without them (plain JSON Logic), the body sees its element only', () => {
    const f = compileExpression(allies, { file: 't', pointer: '' });
    expect(f(data, createEvalContext())).toEqual([]);
  });
  it('in a ruleset: a policy that strikes only when a foe stands next to an ally reads actor inside some', () => {
    const rs = read(BATON);
    rs.policy.find((p: Doc) => p.id === 'strike-the-weakest').when = {
      some: [
        { var: 'everyone' },
        { and: [{ '==': [{ var: 'side' }, { var: 'actor.side' }] }, { '!=': [{ var: 'id' }, { var: 'actor.id' }] }] },
      ],
    };
    const enc = read('examples/packs/baton/encounters/bridge.json');
    enc.sides[1].combatants = enc.sides[1].combatants.slice(0, 1); // the chief alone: it has no ally
    const events = runDocs(BATON, rs, enc);
    const declared = new Set(events.filter((e) => e.type === 'declare').map((e) => (e as { combatant: string }).combatant));
    expect(declared.has('captain')).toBe(true);
    expect(declared.has('chief')).toBe(false);
  });
});

describe('effects on a third combatant (to / on: {"pick": …} or {"id": …})', () => {
  const enc = () => read('examples/packs/baton/encounters/bridge.json');
  const strike = (rs: Doc) => rs.actions.find((a: Doc) => a.id === 'strike');
  it('{"id": expression}: the effect lands on the combatant the expression names, neither actor nor target', () => {
    const rs = read(BATON);
    // Every strike also costs the raiders' chief a hit point, whoever strikes whom.
    strike(rs).effects.push({ op: 'damage', to: { id: { cat: ['chi', 'ef'] } }, amount: 1, stat: 'hp' });
    const events = runDocs(BATON, rs, enc());
    const hits = events.filter((e) => e.type === 'damage' && e.target === 'chief' && e.amount === 1);
    const strikes = events.filter((e) => e.type === 'act' && e.action === 'strike' && e.combatant !== 'chief');
    expect(strikes.length).toBeGreaterThan(2);
    // One point per strike of anyone but the chief (the chief's own strikes hit it too).
    expect(hits.length).toBeGreaterThanOrEqual(strikes.length);
  });
  it('{"id": …} naming nobody, and {"pick": "none"}: the effect does nothing', () => {
    const plain = read(BATON);
    const rs = read(BATON);
    strike(rs).effects.push({ op: 'damage', to: { id: 'nobody' }, amount: 5 }, { op: 'adjust', on: { pick: 'none' }, key: 'hp', by: -5 });
    const strip = (es: TraceEvent[]) => es.map(({ seq: _s, ...e }) => JSON.stringify(e));
    expect(strip(runDocs(BATON, rs, enc()))).toEqual(strip(runDocs(BATON, plain, enc())));
  });
  it('an adjust on {"pick": "weakest-enemy"} changes the enemy with the fewest hit points, whoever the target is', () => {
    const rs = read(BATON);
    strike(rs).effects = [{ op: 'adjust', on: { pick: 'weakest-enemy' }, key: 'initiative', by: -1 }];
    strike(rs).target = 'enemy';
    const events = runDocs(BATON, rs, enc());
    const side = (id: unknown) => (['captain', 'scout', 'brawler'].includes(String(id)) ? 'heroes' : 'raiders');
    const adjusted = events.flatMap((e) => (e.type === 'initiative' && e.adjusted === -1 ? [String(e.who)] : []));
    // Six strikes, no damage: the archer (6 hp) for each hero's, the scout (7 hp) for each raider's.
    expect(events.some((e) => e.type === 'damage')).toBe(false);
    const strikers = events.filter((e) => e.type === 'act').map((e) => side(e.combatant));
    expect(adjusted).toEqual(strikers.map((s) => (s === 'heroes' ? 'archer' : 'scout')));
  });
});
