import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PhasebookError, joinPointer, type Diagnostic } from '../diagnostics.js';
import { DEFAULT_READ_LIMITS, FORBIDDEN_KEYS, readDocumentFile, readDocumentText } from './index.js';

/** The diagnostics of the PhasebookError thrown by `fn`. */
function diagnosticsOf(fn: () => unknown): Diagnostic[] {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(PhasebookError);
    return (err as PhasebookError).diagnostics;
  }
  throw new Error('expected a PhasebookError');
}

function errorsIn(text: string): Array<{ at: string; pointer: string; message: string }> {
  return diagnosticsOf(() => readDocumentText('doc.json', text)).map((d) => ({
    at: `${d.line}:${d.col}`,
    pointer: d.pointer,
    message: d.message,
  }));
}

function firstError(text: string): { at: string; pointer: string; message: string } {
  const errors = errorsIn(text);
  expect(errors.length).toBeGreaterThan(0);
  return errors[0]!;
}

describe('readDocumentText: strict JSON', () => {
  it('reads a document and keeps the file name and text', () => {
    const doc = readDocumentText('a.json', '{"a": [1, 2.5, "x", true, null]}');
    expect(doc.file).toBe('a.json');
    expect(doc.value).toEqual({ a: [1, 2.5, 'x', true, null] });
    expect(doc.text).toBe('{"a": [1, 2.5, "x", true, null]}');
  });

  it.each([
    ['', '1:1', 'the document is empty'],
    ['   \n\t\r\n  ', '1:1', 'the document is empty'],
    ['\uFEFF', '1:1', 'the document is empty'],
  ])('refuses an empty document %j', (text, at, message) => {
    expect(errorsIn(text)).toEqual([{ at, pointer: '', message }]);
  });

  // Each case: text, expected position of the first error, a fragment of its message.
  it.each([
    ['missing comma in object', '{\n  "a": 1\n  "b": 2\n}', '3:3', 'expected a comma or closing brace'],
    ['missing comma in array', '[\n  1\n  2\n]', '3:3', 'expected a comma or closing bracket'],
    ['unexpected end of file (object)', '{\n  "a": 1', '2:9', 'unexpected end of file: expected "}" to close the object opened at line 1'],
    ['unexpected end of file (array)', '[\n  [1,\n   2', '3:5', 'unexpected end of file: expected "]"'],
    ['unexpected end of file after colon', '{"a":', '1:6', 'unexpected end of file: expected a value'],
    ['line comment', '{\n  // note\n  "a": 1\n}', '2:3', 'comments are not allowed in JSON'],
    ['block comment', '{"a": /* x */ 1}', '1:7', 'comments are not allowed in JSON'],
    ['trailing comma in object', '{\n  "a": 1,\n}', '2:9', 'trailing comma'],
    ['trailing comma in array', '[1, 2,\n]', '1:6', 'trailing comma'],
    ['missing colon', '{"a" 1}', '1:6', 'expected a colon after the property name'],
    ['unquoted key', '{\n  a: 1\n}', '2:3', 'property names must be in double quotes'],
    ['single quotes', "{'a': 1}", '1:2', 'double quotes'],
    ['missing value', '{"a": }', '1:7', 'expected a value'],
    ['double comma', '[1,,2]', '1:4', 'unexpected comma'],
    ['leading zero', '[007]', '1:2', 'leading zeros'],
    ['incomplete fraction', '[1.]', '1:2', 'incomplete number "1."'],
    ['incomplete exponent', '[1e+]', '1:2', 'incomplete number'],
    ['plus sign', '[+1]', '1:2', 'plus sign'],
    ['lone minus', '[-]', '1:2', 'minus sign'],
    ['NaN', '{"a": NaN}', '1:7', '"NaN" is not a JSON value'],
    ['Infinity', '[Infinity]', '1:2', '"Infinity" is not a JSON value'],
    ['capitalised literal', '[True]', '1:2', 'lowercase'],
    ['unterminated string', '{\n  "a": "abc\n}', '2:8', 'unterminated string'],
    ['raw tab in a string', '["a\tb"]', '1:4', 'control character U+0009'],
    ['bad escape', '["ab\\q"]', '1:5', 'invalid escape sequence "\\\\q"'],
    ['bad unicode escape', '["\\u12x4"]', '1:3', 'invalid unicode escape'],
    ['non-breaking space', '[1,\u00a02]', '1:4', 'unexpected character U+00A0'],
    ['two documents', '{"a": 1}\n{"b": 2}', '2:1', 'exactly one value'],
    ['stray closing brace', '{"a": 1}}', '1:9', 'exactly one value'],
    ['mismatched bracket', '{"a": [1, 2}', '1:12', 'expected a comma or closing bracket'],
  ])('%s', (_name, text, at, fragment) => {
    const e = firstError(text);
    expect(e.message).toContain(fragment);
    expect(e.at).toBe(at);
  });

  it('reports independent syntax errors on different lines, one per line', () => {
    const errors = errorsIn('{\n  "a": 1,\n  "b": [1 2],\n  "c": tru\n}');
    // The "expected a value" that follows the bad literal "tru" on line 5 is a follow-on error.
    expect(errors.map((e) => e.at)).toEqual(['3:11', '4:8']);
    expect(errors[0]!.pointer).toBe('/b/1');
    expect(errors[1]!.pointer).toBe('/c');
  });

  it('handles CRLF and CR line breaks', () => {
    expect(firstError('{\r\n  "a": 1\r\n  "b": 2\r\n}').at).toBe('3:3');
    expect(firstError('{\r  "a": 1\r  "b": 2\r}').at).toBe('3:3');
    const doc = readDocumentText('d', '{\r\n"a":\r\n  [1]}');
    expect(doc.locate('/a/0')).toEqual({ line: 3, col: 4 });
  });

  it('parses numbers exactly as JSON.parse does', () => {
    const texts = [
      '[0, -0, 1e-400, 1E2, 1.5e-3, 0.1, 123456789012345678901234567890, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308]',
    ];
    for (const t of texts) {
      const got = readDocumentText('n', t).value as number[];
      const want = JSON.parse(t) as number[];
      expect(got.length).toBe(want.length);
      got.forEach((g, i) => expect(Object.is(g, want[i])).toBe(true));
    }
  });

  it('refuses numbers out of range (JSON.parse reads them as Infinity), at each number', () => {
    const err = (() => {
      try {
        readDocumentText('n', '[1,\n 1e400, -1e400,\n 2E+999]');
      } catch (e) {
        return e as PhasebookError;
      }
      throw new Error('not refused');
    })();
    expect(err.diagnostics.map((d) => [d.line, d.col, d.pointer])).toEqual([
      [2, 2, '/1'],
      [2, 9, '/2'],
      [3, 2, '/3'],
    ]);
    expect(err.diagnostics[0]!.message).toMatch(/^the number "1e400" is out of range/);
  });

  it('decodes string escapes exactly as JSON.parse does', () => {
    const t = '["\\u0041\\n\\t\\"\\\\\\/\\b\\f\\r", "\\ud83d\\ude00", "\\ud800", "é😀"]';
    expect(readDocumentText('s', t).value).toEqual(JSON.parse(t));
  });

  it('builds plain objects and keeps keys that merely look like Object methods', () => {
    const doc = readDocumentText('p', '{"toString": 1, "hasOwnProperty": {"valueOf": []}}');
    const v = doc.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['toString', 'hasOwnProperty']);
    expect(v.toString).toBe(1);
  });
});

describe('readDocumentText: byte-order mark', () => {
  it('strips a leading BOM and positions ignore it', () => {
    const doc = readDocumentText('b', '\uFEFF{"a": 1}');
    expect(doc.value).toEqual({ a: 1 });
    expect(doc.text).toBe('{"a": 1}');
    expect(doc.locate('')).toEqual({ line: 1, col: 1 });
    expect(doc.locate('/a')).toEqual({ line: 1, col: 7 });
    expect(firstError('\uFEFF{"a" 1}').at).toBe('1:6');
  });

  it('does not accept a BOM anywhere else', () => {
    expect(firstError('{"a": \uFEFF1}').message).toContain('U+FEFF');
  });
});

describe('readDocumentText: forbidden keys', () => {
  it.each([...FORBIDDEN_KEYS])('refuses %j at the top level', (key) => {
    const errors = errorsIn(`{"ok": 1, ${JSON.stringify(key)}: {}}`);
    expect(errors).toEqual([
      {
        at: '1:11',
        pointer: `/${key}`,
        message: `the key ${JSON.stringify(key)} is not allowed: rule packs come from strangers and such keys can reach JavaScript object prototypes`,
      },
    ]);
  });

  it('refuses them nested deep and inside arrays, reporting every one', () => {
    const text = [
      '{',
      '  "a": [',
      '    {"b": {"c": [{"__proto__": {"x": 1}}]}},',
      '    {"prototype": 2}',
      '  ],',
      '  "constructor": null',
      '}',
    ].join('\n');
    const errors = errorsIn(text);
    expect(errors.map((e) => [e.at, e.pointer])).toEqual([
      ['3:19', '/a/0/b/c/0/__proto__'],
      ['4:6', '/a/1/prototype'],
      ['6:3', '/constructor'],
    ]);
  });

  it('sees through escapes in key names', () => {
    expect(firstError('{"\\u005f_proto__": 1}').message).toContain('"__proto__" is not allowed');
  });

  it('never lets such a key reach the value', () => {
    // Sanity check on the JS side: a plain JSON.parse would create an own "__proto__" key.
    expect(() => readDocumentText('x', '{"__proto__": {"polluted": true}}')).toThrow(PhasebookError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('allows these words as values and as parts of longer keys', () => {
    const doc = readDocumentText('x', '{"proto": "__proto__", "my_constructor": ["prototype"]}');
    expect(doc.value).toEqual({ proto: '__proto__', my_constructor: ['prototype'] });
  });
});

describe('readDocumentText: duplicate keys', () => {
  it('reports the second occurrence with the line of the first', () => {
    const errors = errorsIn('{\n  "hp": 1,\n  "ac": 2,\n  "hp": 3\n}');
    expect(errors).toEqual([{ at: '4:3', pointer: '/hp', message: 'duplicate key "hp" (first at line 2)' }]);
  });

  it('checks every object separately and collects all duplicates', () => {
    const errors = errorsIn('[{"a": 1, "b": 2}, {"a": 1, "a": 2, "a": 3}, {"x": {"y": 1, "y": 1}}]');
    expect(errors.map((e) => [e.at, e.pointer])).toEqual([
      ['1:29', '/1/a'],
      ['1:37', '/1/a'],
      ['1:61', '/2/x/y'],
    ]);
  });

  it('finds them however they are spelt, and not in strings holding colons', () => {
    expect(errorsIn('{"hp": 1, "\\u0068p": 2}').map((e) => e.pointer)).toEqual(['/hp']);
    expect(errorsIn('{"a": {"b:c": "d:e"}, "a": "\\":"}').map((e) => [e.at, e.pointer])).toEqual([['1:23', '/a']]);
    expect(readDocumentText('x.json', '{"a:": "::", "b": {"\\"c:": 1}}').value).toEqual({ 'a:': '::', b: { '"c:': 1 } });
  });

  it('caps the number of diagnostics at 50', () => {
    const members = Array.from({ length: 120 }, () => '"k": 1').join(', ');
    expect(errorsIn(`{${members}}`)).toHaveLength(50);
  });
});

describe('readDocumentText: limits', () => {
  it('documents its defaults', () => {
    expect(DEFAULT_READ_LIMITS).toEqual({ maxBytes: 1_048_576, maxDepth: 64, maxValues: 200_000 });
  });

  it('refuses documents over 1 MiB at 1:1 with the actual size', () => {
    const text = '"' + 'x'.repeat(1_048_576) + '"';
    const [d, ...rest] = diagnosticsOf(() => readDocumentText('big.json', text));
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ file: 'big.json', line: 1, col: 1, pointer: '' });
    expect(d!.message).toContain('1,048,578 bytes');
    expect(d!.message).toContain('1,048,576 bytes');
  });

  it('accepts a document of exactly the limit', () => {
    const text = '"' + 'x'.repeat(1_048_574) + '"';
    expect((readDocumentText('ok.json', text).value as string).length).toBe(1_048_574);
  });

  it('measures the size in UTF-8 bytes', () => {
    expect(() => readDocumentText('u', '"éé"', { maxBytes: 6 })).not.toThrow();
    const d = diagnosticsOf(() => readDocumentText('u', '"ééé"', { maxBytes: 6 }));
    expect(d[0]!.message).toContain('8 bytes');
  });

  it('accepts 64 levels of nesting and refuses the 65th at the too-deep value', () => {
    const ok = '['.repeat(64) + ']'.repeat(64);
    expect(() => readDocumentText('d', ok)).not.toThrow();
    const okObjects = '{"a":'.repeat(63) + '{"leaf": 1}' + '}'.repeat(63);
    expect(() => readDocumentText('d', okObjects)).not.toThrow();

    const deep = '{\n"a": ' + '['.repeat(64) + ']'.repeat(64) + '\n}';
    const errors = errorsIn(deep);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.at).toBe('2:69');
    expect(errors[0]!.pointer).toBe('/a' + '/0'.repeat(63));
    expect(errors[0]!.message).toContain('nested too deeply');
  });

  it('survives hostile nesting without exhausting the stack', () => {
    const text = '['.repeat(500_000);
    expect(firstError(text).message).toContain('nested too deeply');
  });

  it('honours a custom depth limit', () => {
    expect(() => readDocumentText('d', '[[1]]', { maxDepth: 2 })).not.toThrow();
    expect(diagnosticsOf(() => readDocumentText('d', '[[[1]]]', { maxDepth: 2 }))[0]).toMatchObject({ line: 1, col: 3, pointer: '/0/0' });
  });

  it('counts values and refuses the first one over the limit', () => {
    expect(() => readDocumentText('v', '[1, 2, 3]', { maxValues: 4 })).not.toThrow();
    const [d] = diagnosticsOf(() => readDocumentText('v', '{"a": [1, 2], "b": 3}', { maxValues: 4 }));
    expect(d).toMatchObject({ line: 1, col: 20, pointer: '/b' });
    expect(d!.message).toContain('more than 4 values');
  });

  it('refuses 200,001 values by default', () => {
    const text = '[' + Array.from({ length: 200_000 }, () => '0').join(',') + ']';
    expect(firstError(text).message).toContain('more than 200000 values');
    const ok = '[' + Array.from({ length: 199_999 }, () => '0').join(',') + ']';
    expect((readDocumentText('v', ok).value as unknown[]).length).toBe(199_999);
  });
});

describe('SourceDocument.locate / locateKey', () => {
  const text = ['{', '  "name": "Goblin",', '  "attacks": [', '    {"die": "d6", "a/b": 1, "t~x": 2},', '    7', '  ]', '}'].join('\n');
  const doc = readDocumentText('g.json', text);

  it('locates values', () => {
    expect(doc.locate('')).toEqual({ line: 1, col: 1 });
    expect(doc.locate('/name')).toEqual({ line: 2, col: 11 });
    expect(doc.locate('/attacks')).toEqual({ line: 3, col: 14 });
    expect(doc.locate('/attacks/0')).toEqual({ line: 4, col: 5 });
    expect(doc.locate('/attacks/0/die')).toEqual({ line: 4, col: 13 });
    expect(doc.locate('/attacks/0/a~1b')).toEqual({ line: 4, col: 26 });
    expect(doc.locate('/attacks/0/t~0x')).toEqual({ line: 4, col: 36 });
    expect(doc.locate('/attacks/1')).toEqual({ line: 5, col: 5 });
  });

  it('locates keys', () => {
    expect(doc.locateKey('/name')).toEqual({ line: 2, col: 3 });
    expect(doc.locateKey('/attacks/0/die')).toEqual({ line: 4, col: 6 });
    expect(doc.locateKey('/attacks/0/a~1b')).toEqual({ line: 4, col: 19 });
    // Not an object member: falls back to the value.
    expect(doc.locateKey('/attacks/1')).toEqual({ line: 5, col: 5 });
    expect(doc.locateKey('')).toEqual({ line: 1, col: 1 });
  });

  it('walks up to the nearest existing ancestor', () => {
    expect(doc.locate('/attacks/0/missing')).toEqual({ line: 4, col: 5 });
    expect(doc.locate('/attacks/9/die')).toEqual({ line: 3, col: 14 });
    expect(doc.locate('/attacks/01')).toEqual({ line: 3, col: 14 });
    expect(doc.locate('/attacks/-')).toEqual({ line: 3, col: 14 });
    expect(doc.locate('/name/x')).toEqual({ line: 2, col: 11 });
    expect(doc.locateKey('/nope')).toEqual({ line: 1, col: 1 });
  });
});

describe('readDocumentFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'phasebook-read-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads a file, tolerating a BOM', () => {
    const path = join(dir, 'bom.json');
    writeFileSync(path, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"é": [1]}', 'utf8')]));
    const doc = readDocumentFile(path);
    expect(doc.file).toBe(path);
    expect(doc.value).toEqual({ é: [1] });
    expect(doc.locate('/é/0')).toEqual({ line: 1, col: 8 });
  });

  it('reports a missing file', () => {
    const path = join(dir, 'nope.json');
    expect(diagnosticsOf(() => readDocumentFile(path))).toEqual([
      {
        file: path,
        line: 1,
        col: 1,
        pointer: '',
        message: `cannot read ${JSON.stringify(path)}: the file does not exist`,
        severity: 'error',
      },
    ]);
  });

  it('reports a directory', () => {
    const sub = join(dir, 'sub.json');
    mkdirSync(sub);
    const [d] = diagnosticsOf(() => readDocumentFile(sub));
    expect(d).toMatchObject({ file: sub, line: 1, col: 1, pointer: '' });
    expect(d!.message).toContain('is a directory');
  });

  it('reports a file that is not UTF-8', () => {
    const path = join(dir, 'latin1.json');
    writeFileSync(path, Buffer.from([0x22, 0xe9, 0x22]));
    expect(diagnosticsOf(() => readDocumentFile(path))[0]!.message).toContain('not valid UTF-8');
  });

  it('refuses a file over the size limit before reading it', () => {
    const path = join(dir, 'big.json');
    writeFileSync(path, '[' + '0,'.repeat(20) + '0]');
    const [d] = diagnosticsOf(() => readDocumentFile(path, { maxBytes: 10 }));
    expect(d).toMatchObject({ line: 1, col: 1, pointer: '' });
    expect(d!.message).toContain('43 bytes');
  });

  it('reports syntax errors with the path as file name', () => {
    const path = join(dir, 'bad.json');
    writeFileSync(path, '{\n  "a": 1,\n}\n');
    expect(diagnosticsOf(() => readDocumentFile(path))[0]).toMatchObject({ file: path, line: 2, col: 9 });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** JSON cannot write -0 (JSON.stringify(-0) is "0"): generated values use 0 instead. */
function noNegativeZero(v: unknown): Json {
  if (typeof v === 'number') return Object.is(v, -0) ? 0 : v;
  if (Array.isArray(v)) return v.map(noNegativeZero);
  if (v !== null && typeof v === 'object') {
    const out: { [k: string]: Json } = {};
    for (const [k, x] of Object.entries(v)) out[k] = noNegativeZero(x);
    return out;
  }
  return v as Json;
}
const jsonValue = fc
  .jsonValue()
  .filter((v) => !hasForbiddenKey(v))
  .map(noNegativeZero);

function hasForbiddenKey(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasForbiddenKey);
  if (v !== null && typeof v === 'object') {
    return Object.keys(v).some((k) => FORBIDDEN_KEYS.has(k) || hasForbiddenKey((v as Record<string, unknown>)[k]));
  }
  return false;
}

/** Every pointer in v with its value and depth (number of enclosing containers). */
function pointersOf(v: Json, pointer = '', depth = 0, out: Array<{ pointer: string; value: Json; depth: number; key?: string }> = []) {
  out.push({ pointer, value: v, depth });
  if (Array.isArray(v)) v.forEach((x, i) => pointersOf(x, joinPointer(pointer, i), depth + 1, out));
  else if (v !== null && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      const before = out.length;
      pointersOf(x, joinPointer(pointer, k), depth + 1, out);
      out[before]!.key = k;
    }
  }
  return out;
}

function offsetOf(text: string, pos: { line: number; col: number }): number {
  const lines = text.split('\n');
  let offset = 0;
  for (let i = 0; i < pos.line - 1; i++) offset += lines[i]!.length + 1;
  return offset + pos.col - 1;
}

/** Keys that stress pointer escaping, mixed with arbitrary strings. */
const trickyKey = fc.oneof(fc.constantFrom('a/b', '~', '~1', '~0/', '', '0', '-', ' ', 'é', '😀'), fc.string({ maxLength: 6 }));
const { json: trickyJson } = fc.letrec<{ json: Json }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
    fc.integer(),
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: 'binary' }),
    fc.array(tie('json'), { maxLength: 5 }),
    fc.dictionary(trickyKey, tie('json'), { maxKeys: 5 }),
  ),
}));

describe('properties', () => {
  const check = (v: Json): void => {
    const text = JSON.stringify(v, null, 2);
    const doc = readDocumentText('p.json', text);
    expect(doc.value).toEqual(v);
    for (const { pointer, value, depth, key } of pointersOf(v)) {
      const at = offsetOf(text, doc.locate(pointer));
      const expected = JSON.stringify(value, null, 2).replace(/\n/g, '\n' + '  '.repeat(depth));
      expect(text.startsWith(expected, at)).toBe(true);
      if (key !== undefined) {
        const keyAt = offsetOf(text, doc.locateKey(pointer));
        expect(text.startsWith(JSON.stringify(key) + ': ', keyAt)).toBe(true);
      }
    }
  };

  it('round-trips random JSON values and locates every pointer', () => {
    fc.assert(
      fc.property(jsonValue, (v) => check(v)),
      { numRuns: 300 },
    );
  });

  it('round-trips values with tricky keys and strings', () => {
    fc.assert(
      fc.property(
        trickyJson.filter((v) => !hasForbiddenKey(v)),
        (v) => check(v),
      ),
      { numRuns: 300 },
    );
  });

  it('also round-trips compact JSON', () => {
    fc.assert(
      fc.property(jsonValue, (v) => {
        expect(readDocumentText('c', JSON.stringify(v)).value).toEqual(v);
      }),
      { numRuns: 200 },
    );
  });

  it('never throws anything but a PhasebookError on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        try {
          readDocumentText('f', s);
        } catch (err) {
          expect(err).toBeInstanceOf(PhasebookError);
          for (const d of (err as PhasebookError).diagnostics) {
            expect(d.line).toBeGreaterThanOrEqual(1);
            expect(d.col).toBeGreaterThanOrEqual(1);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('agrees with JSON.parse about what is valid JSON (ignoring forbidden and duplicate keys)', () => {
    const piece = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"a"',
      '"b"',
      '1',
      '-0',
      '0.5',
      'true',
      'null',
      ' ',
      '\n',
      '01',
      '1.',
      '//',
      "'x'",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const s = pieces.join('');
        let jsonOk = true;
        let parsed: unknown;
        try {
          parsed = JSON.parse(s);
        } catch {
          jsonOk = false;
        }
        let oursOk = true;
        let duplicate = false;
        try {
          const doc = readDocumentText('f', s);
          if (jsonOk) expect(doc.value).toEqual(parsed);
        } catch (err) {
          oursOk = false;
          duplicate = (err as PhasebookError).diagnostics.some((d) => d.message.startsWith('duplicate key'));
        }
        if (!duplicate && s.trim() !== '') expect(oursOk).toBe(jsonOk);
      }),
      { numRuns: 2000 },
    );
  });
});
