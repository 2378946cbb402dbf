/**
 * ajv's errors said in plain words, as Diagnostics that point at the offending value (or at the
 * offending key for unknown properties); then deduplicated and sorted.
 */

import type { ErrorObject } from 'ajv';
import { joinPointer, type Diagnostic } from '../diagnostics.js';
import { parsePointer, type SourceDocument } from '../read/read.js';
import type { Synthetic } from './reduce-errors.js';
import { unique } from './reduce-errors.js';
import type { SchemaIndex } from './schema-index.js';
import { SUGGESTION_DISTANCE, closestName } from './suggest.js';
import { describeType, formatList, formatValue, plural, typeList, typeName } from './wording.js';

interface Problem {
  pointer: string;
  atKey: boolean;
  message: string;
}

/**
 * Property names a schema declares, also through `allOf`/`anyOf`/`oneOf`, `then`/`else` and
 * `$ref` — what `unevaluatedProperties: false` lets through by name.
 */
function declaredProperties(schema: unknown, index: SchemaIndex, seen = new Set<object>()): string[] {
  if (schema === null || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const s = schema as Record<string, unknown>;
  const names: string[] = [];
  if (s.properties !== null && typeof s.properties === 'object') names.push(...Object.keys(s.properties));
  for (const k of ['allOf', 'anyOf', 'oneOf']) {
    const list = s[k];
    if (Array.isArray(list)) for (const sub of list) names.push(...declaredProperties(sub, index, seen));
  }
  for (const k of ['then', 'else']) names.push(...declaredProperties(s[k], index, seen));
  if (typeof s.$ref === 'string') names.push(...declaredProperties(index.resolve(schema, s.$ref), index, seen));
  return unique(names);
}

function problemOf(e: ErrorObject, index: SchemaIndex): Problem {
  const path = e.instancePath;
  const p = e.params as Record<string, unknown>;
  const got = (): string => describeType(e.data);
  const at = (message: string): Problem => ({ pointer: path, atKey: false, message });
  switch (e.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(p.additionalProperty ?? p.unevaluatedProperty);
      let allowed: string[];
      if (e.keyword === 'unevaluatedProperties') {
        allowed = declaredProperties(index.original(e.parentSchema, e.schemaPath) ?? e.parentSchema, index);
      } else {
        const properties = (e.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties;
        allowed = properties && typeof properties === 'object' ? Object.keys(properties) : [];
      }
      const suggestion = closestName(name, allowed);
      let message = `unknown property ${JSON.stringify(name)}`;
      if (suggestion !== undefined) message += `; did you mean ${JSON.stringify(suggestion)}?`;
      else if (allowed.length > 0 && allowed.length <= 12) message += ` (allowed: ${allowed.map((a) => JSON.stringify(a)).join(', ')})`;
      return { pointer: joinPointer(path, name), atKey: true, message };
    }
    case 'required':
      return at(`missing required property ${JSON.stringify(p.missingProperty)}`);
    case 'dependentRequired':
      return at(`property ${JSON.stringify(p.property)} requires property ${JSON.stringify(p.missingProperty)}`);
    case 'type': {
      const expected = typeList(p).map(typeName);
      const data = e.data;
      const gotText = expected.includes('an integer') && typeof data === 'number' ? String(data) : got();
      return at(`expected ${formatList(expected, 'or')}, got ${gotText}`);
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[] | undefined) ?? [];
      let message =
        allowed.length === 1
          ? `expected ${formatValue(allowed[0])}, got ${formatValue(e.data)}`
          : `expected one of ${formatList(allowed.map(formatValue), 'or')}, got ${formatValue(e.data)}`;
      if (typeof e.data === 'string') {
        // Values are often short codes ("d6"): allow at most one edit per two characters.
        const distance = Math.min(SUGGESTION_DISTANCE, Math.floor((e.data.length - 1) / 2));
        const suggestion = closestName(
          e.data,
          allowed.filter((a): a is string => typeof a === 'string'),
          distance,
        );
        if (suggestion !== undefined) message += `; did you mean ${JSON.stringify(suggestion)}?`;
      }
      return at(message);
    }
    case 'const':
      return at(`expected ${formatValue(p.allowedValue)}, got ${formatValue(e.data)}`);
    case 'false schema': {
      const segs = parsePointer(path);
      const parentIsObject = segs.length > 0 && !/^(0|[1-9][0-9]*)$/.test(segs[segs.length - 1]!);
      return parentIsObject
        ? { pointer: path, atKey: true, message: `property ${JSON.stringify(segs[segs.length - 1])} is not allowed here` }
        : at('no value is allowed here');
    }
    case 'phasebook:alternatives':
      return at((e as Synthetic).params.message);
    case 'oneOf':
    case 'anyOf':
      return at('does not match any of the allowed alternatives');
    case 'if':
      return at(`does not satisfy the "${String(p.failingKeyword)}" part of a conditional rule`);
    case 'not':
      return at('matches a schema it must not match');
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return at(`must be ${String(p.comparison)} ${String(p.limit)}, got ${formatValue(e.data)}`);
    case 'multipleOf':
      return at(`must be a multiple of ${String(p.multipleOf)}, got ${formatValue(e.data)}`);
    case 'minLength':
      return at(`must be at least ${plural(Number(p.limit), 'character')} long`);
    case 'maxLength':
      return at(`must be at most ${plural(Number(p.limit), 'character')} long`);
    case 'minItems':
      return at(`must have at least ${plural(Number(p.limit), 'item')}`);
    case 'maxItems':
    case 'items':
    case 'unevaluatedItems':
    case 'additionalItems':
      return {
        pointer: p.limit !== undefined ? joinPointer(path, Number(p.limit)) : path,
        atKey: false,
        message: `must have at most ${plural(Number(p.limit), 'item')}`,
      };
    case 'minProperties':
      return at(`must have at least ${plural(Number(p.limit), 'property')}`.replace('propertys', 'properties'));
    case 'maxProperties':
      return at(`must have at most ${plural(Number(p.limit), 'property')}`.replace('propertys', 'properties'));
    case 'uniqueItems': {
      const i = Number(p.i);
      const j = Number(p.j);
      return {
        pointer: joinPointer(path, Math.max(i, j)),
        atKey: false,
        message: `duplicate item: items ${Math.min(i, j)} and ${Math.max(i, j)} are identical`,
      };
    }
    case 'pattern':
      return at(`must match the pattern ${JSON.stringify(p.pattern)}, got ${formatValue(e.data)}`);
    case 'format':
      return at(`must be a valid ${String(p.format)}, got ${formatValue(e.data)}`);
    default:
      return at(e.message ?? `fails the "${e.keyword}" rule`);
  }
}

export function toDiagnostic(doc: SourceDocument, e: ErrorObject, index: SchemaIndex): Diagnostic {
  let problem = problemOf(e, index);
  if (e.propertyName !== undefined) {
    // An error from `propertyNames`: it is about the key itself.
    problem = {
      pointer: joinPointer(e.instancePath, e.propertyName),
      atKey: true,
      message: `invalid property name ${JSON.stringify(e.propertyName)}: ${problem.message}`,
    };
  }
  const { line, col } = problem.atKey ? doc.locateKey(problem.pointer) : doc.locate(problem.pointer);
  return { file: doc.file, line, col, pointer: problem.pointer, message: problem.message, severity: 'error' };
}

export function finishDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of list) {
    const key = `${d.line}:${d.col}:${d.pointer}:${d.severity}:${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out.sort(
    (a, b) =>
      a.line - b.line ||
      a.col - b.col ||
      (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0) ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
}
