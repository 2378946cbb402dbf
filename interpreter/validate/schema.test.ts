import { describe, expect, it } from 'vitest';
import { PhasebookError, type Diagnostic } from '../diagnostics.js';
import { readDocumentText } from '../read/index.js';
import { closestName, createSchemaValidator, levenshtein } from './index.js';

// Small schemas of our own; the real Phasebook schemas live in schemas/.
const effectSchema = {
  $id: 'https://test.phasebook/effect.json',
  $defs: {
    damage: {
      type: 'object',
      properties: {
        kind: { const: 'damage' },
        amount: { type: 'integer', minimum: 0 },
        die: { enum: ['d4', 'd6', 'd8', 'd10', 'd12', 'd20'] },
      },
      required: ['kind', 'amount'],
      additionalProperties: false,
    },
    heal: {
      type: 'object',
      properties: { kind: { const: 'heal' }, amount: { type: 'integer' } },
      required: ['kind', 'amount'],
      additionalProperties: false,
    },
    move: {
      type: 'object',
      properties: { kind: { enum: ['move', 'push'] }, to: { type: 'string' } },
      required: ['kind', 'to'],
      additionalProperties: false,
    },
  },
  oneOf: [{ $ref: '#/$defs/damage' }, { $ref: '#/$defs/heal' }, { $ref: '#/$defs/move' }],
};

const rulesetSchema = {
  $id: 'https://test.phasebook/ruleset.json',
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1 },
    version: { const: 1 },
    phases: { type: 'array', items: { type: 'string' }, uniqueItems: true },
    initiative: { enum: ['side', 'individual', 'phased'] },
    hp: { type: 'number' },
    level: { type: 'integer' },
    effects: { type: 'array', items: { $ref: 'effect.json' } },
    value: { oneOf: [{ type: 'string' }, { type: 'integer' }, { type: 'array', items: { type: 'string' } }] },
    target: {
      anyOf: [
        { type: 'object', properties: { self: { const: true } }, required: ['self'], additionalProperties: false },
        {
          type: 'object',
          properties: { side: { enum: ['allies', 'enemies'] }, count: { type: 'integer', minimum: 1 } },
          required: ['side'],
          additionalProperties: false,
        },
      ],
    },
    cost: { type: ['integer', 'string'] },
    secret: false,
    tags: { type: 'object', propertyNames: { pattern: '^[a-z]+$' } },
    mode: {
      type: 'object',
      properties: { kind: { type: 'string' }, size: { type: 'integer' } },
      if: { properties: { kind: { const: 'big' } } },
      then: { properties: { size: { type: 'integer' } }, required: ['size'] },
    },
    pair: {
      type: 'object',
      allOf: [
        { properties: { a: true }, required: ['a'] },
        { properties: { a: true }, required: ['a'] },
      ],
    },
    either: { oneOf: [{ type: 'integer' }, { type: 'number', minimum: 0 }] },
  },
  required: ['name'],
  additionalProperties: false,
};

const validator = createSchemaValidator([effectSchema, rulesetSchema]);
const RULESET = 'https://test.phasebook/ruleset.json';

function check(text: string, schemaId = RULESET): Diagnostic[] {
  return validator.validate(readDocumentText('rules.json', text), schemaId);
}

/** Compact view: "line:col pointer message". */
function brief(text: string, schemaId = RULESET): string[] {
  return check(text, schemaId).map((d) => `${d.line}:${d.col} ${d.pointer} ${d.message}`);
}

describe('createSchemaValidator', () => {
  it('accepts a valid document', () => {
    expect(check('{"name": "OSE", "phases": ["move", "attack"], "effects": [{"kind": "heal", "amount": 2}]}')).toEqual([]);
  });

  it('fills every field of the diagnostic', () => {
    expect(check('{\n  "name": 3\n}')).toEqual([
      { file: 'rules.json', line: 2, col: 11, pointer: '/name', message: 'expected a string, got a number', severity: 'error' },
    ]);
  });

  it('refuses a schema without $id', () => {
    expect(() => createSchemaValidator([{ type: 'object' }])).toThrow(/\$id/);
  });

  it('is strict: unknown keywords in a schema are refused', () => {
    expect(() => createSchemaValidator([{ $id: 'https://test.phasebook/bad.json', type: 'object', propertees: {} }])).toThrow();
  });

  it('reports an unknown schema id as a PhasebookError at the document', () => {
    const doc = readDocumentText('rules.json', '{}');
    expect(validator.hasSchema(RULESET)).toBe(true);
    expect(validator.hasSchema('https://test.phasebook/nope.json')).toBe(false);
    expect(() => validator.validate(doc, 'https://test.phasebook/nope.json')).toThrow(PhasebookError);
  });

  it('resolves $ref between schemas by $id', () => {
    expect(check('{"effects": [{"kind": "heal", "amount": 1}]}', 'https://test.phasebook/ruleset.json').map((d) => d.message)).toEqual([
      'missing required property "name"',
    ]);
    expect(brief('{"kind": "heal", "amount": "x"}', 'https://test.phasebook/effect.json')).toEqual([
      '1:28 /amount expected an integer, got a string',
    ]);
  });
});

describe('messages', () => {
  it('additionalProperties: points at the key and suggests the closest name', () => {
    const text = '{\n  "name": "OSE",\n  "phses": ["move"]\n}';
    expect(check(text)).toEqual([
      {
        file: 'rules.json',
        line: 3,
        col: 3,
        pointer: '/phses',
        message: 'unknown property "phses"; did you mean "phases"?',
        severity: 'error',
      },
    ]);
  });

  it('additionalProperties: suggestions go up to two edits', () => {
    expect(brief('{"name": "x", "initiatve": "side"}')[0]).toContain('did you mean "initiative"?');
    expect(brief('{"name": "x", "inittiatve": "side"}')[0]).toContain('did you mean "initiative"?');
    expect(brief('{"name": "x", "inuttiatve": "side"}')[0]).not.toContain('did you mean');
  });

  it('additionalProperties: lists the allowed names when there are few and nothing is close', () => {
    expect(brief('{"kind": "heal", "amount": 1, "bonus": 2}', 'https://test.phasebook/effect.json')).toEqual([
      '1:31 /bonus unknown property "bonus" (allowed: "kind", "amount")',
    ]);
  });

  it('required: points at the object and names the missing property', () => {
    expect(brief('{\n  "phases": []\n}')).toEqual(['1:1  missing required property "name"']);
    expect(brief('{"name": "x", "effects": [\n  {"kind": "damage"}\n]}')).toEqual(['2:3 /effects/0 missing required property "amount"']);
  });

  it('type: says what was expected and what was found', () => {
    expect(brief('{"name": "x", "hp": "ten"}')).toEqual(['1:21 /hp expected a number, got a string']);
    expect(brief('{"name": "x", "hp": [1]}')).toEqual(['1:21 /hp expected a number, got an array']);
    expect(brief('{"name": "x", "hp": null}')).toEqual(['1:21 /hp expected a number, got null']);
    expect(brief('{"name": {}}')).toEqual(['1:10 /name expected a string, got an object']);
    expect(brief('{"name": "x", "level": 1.5}')).toEqual(['1:24 /level expected an integer, got 1.5']);
    expect(brief('{"name": "x", "cost": true}')).toEqual(['1:23 /cost expected an integer or a string, got a boolean']);
  });

  it('enum: lists the allowed values and suggests a close one', () => {
    expect(brief('{"name": "x", "initiative": "phase"}')).toEqual([
      '1:29 /initiative expected one of "side", "individual" or "phased", got "phase"; did you mean "phased"?',
    ]);
    expect(brief('{"name": "x", "initiative": 3}')).toEqual(['1:29 /initiative expected one of "side", "individual" or "phased", got 3']);
  });

  it('const: names the required value', () => {
    expect(brief('{"name": "x", "version": 2}')).toEqual(['1:26 /version expected 1, got 2']);
  });

  it('other keywords read naturally', () => {
    expect(brief('{"name": ""}')).toEqual(['1:10 /name must be at least 1 character long']);
    expect(brief('{"name": "x", "phases": ["a", "b", "a"]}')).toEqual(['1:36 /phases/2 duplicate item: items 0 and 2 are identical']);
    expect(brief('{"name": "x", "effects": [{"kind": "damage", "amount": -1}]}')).toEqual(['1:56 /effects/0/amount must be >= 0, got -1']);
  });

  it('a property forbidden by a false schema is reported at its key', () => {
    expect(brief('{"name": "x",\n "secret": 1}')).toEqual(['2:2 /secret property "secret" is not allowed here']);
  });

  it('propertyNames errors point at the key', () => {
    expect(brief('{"name": "x", "tags": {"ok": 1, "Bad": 2}}')).toEqual([
      '1:33 /tags/Bad invalid property name "Bad": must match the pattern "^[a-z]+$", got "Bad"',
    ]);
  });

  it('if/then: reports the then-errors, not the umbrella', () => {
    expect(brief('{"name": "x", "mode": {"kind": "big"}}')).toEqual(['1:23 /mode missing required property "size"']);
    expect(check('{"name": "x", "mode": {"kind": "small"}}')).toEqual([]);
  });
});

describe('oneOf / anyOf noise reduction', () => {
  const effect = (json: string): string[] => brief(`{"name": "x", "effects": [${json}]}`);

  it('reports only the error inside the branch picked by the discriminator', () => {
    expect(effect('{"kind": "damage", "amount": "3"}')).toEqual(['1:56 /effects/0/amount expected an integer, got a string']);
    expect(effect('{"kind": "damage", "amount": 3, "die": "d7"}')).toEqual([
      '1:66 /effects/0/die expected one of "d4", "d6", "d8", "d10", "d12" or "d20", got "d7"',
    ]);
    expect(effect('{"kind": "heal", "amount": 3, "die": "d4"}')).toEqual([
      '1:57 /effects/0/die unknown property "die" (allowed: "kind", "amount")',
    ]);
  });

  it("a missing property of the matching branch wins over other branches' discriminators", () => {
    expect(effect('{"kind": "damage"}')).toEqual(['1:27 /effects/0 missing required property "amount"']);
    expect(effect('{"kind": "push"}')).toEqual(['1:27 /effects/0 missing required property "to"']);
  });

  it('an unknown discriminator lists every allowed value', () => {
    expect(effect('{"kind": "heel", "amount": 3}')).toEqual([
      '1:36 /effects/0/kind expected one of "damage", "heal", "move" or "push", got "heel"; did you mean "heal"?',
    ]);
  });

  it('a value of the wrong type names every accepted type once', () => {
    expect(effect('5')).toEqual(['1:27 /effects/0 expected an object, got a number']);
    expect(brief('{"name": "x", "value": true}')).toEqual(['1:24 /value expected a string, an integer or an array, got a boolean']);
  });

  it('follows the branch of the right type into nested errors', () => {
    expect(brief('{"name": "x", "value": ["a", 2]}')).toEqual(['1:30 /value/1 expected a string, got a number']);
  });

  it('keeps independent errors in several array items apart', () => {
    expect(effect('{"kind": "heal"},\n {"kind": "damage", "amount": 1, "dei": "d6"}')).toEqual([
      '1:27 /effects/0 missing required property "amount"',
      '2:34 /effects/1/dei unknown property "dei"; did you mean "die"?',
    ]);
  });

  it('anyOf: picks the plausible alternative', () => {
    expect(brief('{"name": "x", "target": {"side": "allies", "count": 0}}')).toEqual(['1:53 /target/count must be >= 1, got 0']);
    expect(brief('{"name": "x", "target": {"side": "friends"}}')).toEqual([
      '1:34 /target/side expected one of "allies" or "enemies", got "friends"',
    ]);
    expect(brief('{"name": "x", "target": "me"}')).toEqual(['1:25 /target expected an object, got a string']);
  });

  it('oneOf matching several alternatives says so', () => {
    expect(brief('{"name": "x", "either": 3}')).toEqual(['1:25 /either matches 2 alternatives (#0 and #1) but must match exactly one']);
    expect(check('{"name": "x", "either": 2.5}')).toEqual([]);
  });

  it('nested alternatives are reduced at every level', () => {
    const nested = createSchemaValidator([
      {
        $id: 'https://test.phasebook/nested.json',
        type: 'object',
        properties: {
          step: {
            oneOf: [
              { type: 'string' },
              {
                type: 'object',
                properties: {
                  op: { const: 'roll' },
                  dice: {
                    oneOf: [
                      { type: 'integer', minimum: 1 },
                      { type: 'string', pattern: '^[0-9]+d[0-9]+$' },
                    ],
                  },
                },
                required: ['op', 'dice'],
                additionalProperties: false,
              },
              {
                type: 'object',
                properties: { op: { const: 'say' }, text: { type: 'string' } },
                required: ['op', 'text'],
                additionalProperties: false,
              },
            ],
          },
        },
      },
    ]);
    const run = (text: string): string[] =>
      nested
        .validate(readDocumentText('n.json', text), 'https://test.phasebook/nested.json')
        .map((d) => `${d.line}:${d.col} ${d.pointer} ${d.message}`);
    expect(run('{"step": {"op": "roll", "dice": "2x6"}}')).toEqual(['1:33 /step/dice must match the pattern "^[0-9]+d[0-9]+$", got "2x6"']);
    expect(run('{"step": {"op": "roll", "dice": true}}')).toEqual(['1:33 /step/dice expected an integer or a string, got a boolean']);
    expect(run('{"step": {"op": "say", "text": 1}}')).toEqual(['1:32 /step/text expected a string, got a number']);
    expect(run('{"step": 1}')).toEqual(['1:10 /step expected a string or an object, got a number']);
  });
});

describe('composition with unevaluatedProperties', () => {
  // The 2020-12 idiom: shared properties through allOf/$ref, closed with unevaluatedProperties,
  // and `required` naming a property declared elsewhere (which ajv's strictRequired would refuse).
  const composed = createSchemaValidator([
    {
      $id: 'https://test.phasebook/composed.json',
      $defs: {
        identity: { type: 'object', properties: { id: { type: 'string' }, version: { type: 'string' } } },
      },
      type: 'object',
      allOf: [{ $ref: '#/$defs/identity' }],
      properties: { kind: { const: 'ruleset' }, rounds: { type: 'integer' } },
      required: ['kind', 'id'],
      unevaluatedProperties: false,
    },
  ]);
  const run = (text: string): string[] =>
    composed
      .validate(readDocumentText('c.json', text), 'https://test.phasebook/composed.json')
      .map((d) => `${d.line}:${d.col} ${d.pointer} ${d.message}`);

  it('compiles and accepts properties declared through $ref', () => {
    expect(run('{"kind": "ruleset", "id": "x", "version": "1.0.0", "rounds": 3}')).toEqual([]);
    expect(run('{"kind": "ruleset"}')).toEqual(['1:1  missing required property "id"']);
  });

  it('suggests names declared anywhere in the composition', () => {
    expect(run('{"kind": "ruleset", "id": "x",\n "verison": "1"}')).toEqual([
      '2:2 /verison unknown property "verison"; did you mean "version"?',
    ]);
    expect(run('{"kind": "ruleset", "id": "x", "round": 1}')).toEqual(['1:32 /round unknown property "round"; did you mean "rounds"?']);
  });
});

describe('ordering', () => {
  it('sorts diagnostics by position', () => {
    const text = ['{', '  "version": 2,', '  "hp": "x",', '  "name": 1,', '  "initiative": "none"', '}'].join('\n');
    const lines = check(text).map((d) => d.line);
    expect(lines).toEqual([2, 3, 4, 5]);
  });

  it('removes identical diagnostics', () => {
    expect(brief('{"name": "x", "pair": {}}')).toEqual(['1:23 /pair missing required property "a"']);
  });
});

describe('suggestions', () => {
  it('levenshtein', () => {
    expect(levenshtein('', '')).toBe(0);
    expect(levenshtein('phses', 'phases')).toBe(1);
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('abc', '')).toBe(3);
    expect(levenshtein('flaw', 'lawn')).toBe(2);
  });

  it('closestName', () => {
    expect(closestName('phses', ['name', 'phases', 'effects'])).toBe('phases');
    expect(closestName('efects', ['effect', 'effects'])).toBe('effects');
    expect(closestName('zzz', ['name', 'phases'])).toBeUndefined();
    expect(closestName('dei', ['kind', 'die'])).toBe('die');
    expect(closestName('a', ['b'])).toBeUndefined();
    expect(closestName('d7', ['d4', 'd6'], 0)).toBeUndefined();
    expect(closestName('name', ['name'])).toBeUndefined();
  });
});
