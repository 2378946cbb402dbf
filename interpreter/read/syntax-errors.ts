/**
 * jsonc-parser's syntax errors, said in plain words at the most useful offset (a trailing
 * comma, single quotes, an unquoted name, a leading zero, an unescaped control character…).
 */
import type { LineIndex } from './positions.js';

// jsonc-parser's ParseErrorCode (a const enum in its typings; spelled out to stay independent of inlining).
export const E = {
  InvalidSymbol: 1,
  InvalidNumberFormat: 2,
  PropertyNameExpected: 3,
  ValueExpected: 4,
  ColonExpected: 5,
  CommaExpected: 6,
  CloseBraceExpected: 7,
  CloseBracketExpected: 8,
  EndOfFileExpected: 9,
  InvalidCommentToken: 10,
  UnexpectedEndOfComment: 11,
  UnexpectedEndOfString: 12,
  UnexpectedEndOfNumber: 13,
  InvalidUnicode: 14,
  InvalidEscapeCharacter: 15,
  InvalidCharacter: 16,
} as const;

export interface RawSyntaxError {
  code: number;
  offset: number;
  length: number;
  container: 'object' | 'array' | null;
  pointer: string;
  /** Start offset of the container that was just closed (for "expected }" at end of file). */
  closedStart: number;
}

function isJsonSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** Offset of the last non-whitespace character before `offset`, or -1. */
function previousSignificant(text: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && isJsonSpace(text.charCodeAt(i))) i--;
  return i;
}

function codePointName(ch: string): string {
  return 'U+' + (ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
}

export function quoteToken(token: string): string {
  const t = token.length > 24 ? token.slice(0, 24) + '…' : token;
  return JSON.stringify(t);
}

const CONTROL_ESCAPES: Record<number, string> = { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r' };

/** Turn one jsonc-parser error into a plain-words message at the most useful offset. */
export function describeSyntaxError(text: string, lines: LineIndex, raw: RawSyntaxError): { offset: number; message: string } {
  const { code, offset, length } = raw;
  const atEnd = offset >= text.length;
  const token = text.slice(offset, offset + length);
  const ch = text[offset] ?? '';
  const prev = previousSignificant(text, offset);
  const prevCh = prev >= 0 ? text[prev] : '';
  const closing = (): string => {
    const what = code === E.CloseBraceExpected ? 'object' : 'array';
    const sym = code === E.CloseBraceExpected ? '}' : ']';
    const where = raw.closedStart >= 0 ? ` to close the ${what} opened at line ${lines.position(raw.closedStart).line}` : '';
    return `unexpected end of file: expected "${sym}"${where}`;
  };
  const trailingComma = (): { offset: number; message: string } => ({
    offset: prev,
    message: `trailing comma before "${ch}": JSON does not allow a comma after the last ${ch === '}' ? 'property' : 'element'}`,
  });

  switch (code) {
    case E.InvalidSymbol: {
      if (token.startsWith("'")) return { offset, message: 'strings and property names must use double quotes, not single quotes' };
      if (['NaN', 'Infinity', '-Infinity', 'undefined'].includes(token)) {
        return { offset, message: `${quoteToken(token)} is not a JSON value` };
      }
      if (['True', 'False', 'Null', 'TRUE', 'FALSE', 'NULL'].includes(token)) {
        return { offset, message: `unexpected ${quoteToken(token)}: JSON literals are lowercase (${token.toLowerCase()})` };
      }
      if (token === '-') return { offset, message: 'expected a digit after the minus sign' };
      if (token.startsWith('+')) return { offset, message: 'numbers must not start with a plus sign' };
      if (/^\.[0-9]/.test(token)) return { offset, message: 'numbers must have a digit before the decimal point' };
      if (!/^[\x21-\x7e]/.test(token)) {
        const c = String.fromCodePoint(token.codePointAt(0) ?? 0);
        return { offset, message: `unexpected character ${codePointName(c)}: only spaces, tabs and line breaks may separate JSON tokens` };
      }
      if (raw.container === 'object' && /^[A-Za-z_$][\w$-]*$/.test(token) && (prevCh === '{' || prevCh === ',')) {
        return { offset, message: `property names must be in double quotes: "${token}"` };
      }
      return { offset, message: `unexpected ${quoteToken(token)}` };
    }
    case E.InvalidNumberFormat:
      return { offset, message: `invalid number ${quoteToken(token)}` };
    case E.PropertyNameExpected:
      if (atEnd) return { offset, message: 'unexpected end of file: expected a property name' };
      if (ch === '}' && prevCh === ',') return trailingComma();
      return { offset, message: 'expected a property name in double quotes' };
    case E.ValueExpected:
      if (atEnd) return { offset, message: 'unexpected end of file: expected a value' };
      if ((ch === '}' || ch === ']') && prevCh === ',') return trailingComma();
      if (ch === ',') return { offset, message: 'unexpected comma: expected a value' };
      if (prevCh === ':') return { offset, message: 'expected a value after the colon' };
      return { offset, message: 'expected a value' };
    case E.ColonExpected:
      if (atEnd) return { offset, message: 'unexpected end of file: expected a colon after the property name' };
      return { offset, message: 'expected a colon after the property name' };
    case E.CommaExpected: {
      if (/[0-9]/.test(ch) && prev === offset - 1 && prevCh === '0') {
        return { offset: prev, message: 'numbers must not have leading zeros' };
      }
      const closer = raw.container === 'array' ? 'closing bracket "]"' : 'closing brace "}"';
      return { offset, message: `expected a comma or ${closer}` };
    }
    case E.CloseBraceExpected:
    case E.CloseBracketExpected:
      if (atEnd) return { offset, message: closing() };
      return { offset, message: `expected "${code === E.CloseBraceExpected ? '}' : ']'}"` };
    case E.EndOfFileExpected:
      return { offset, message: 'unexpected content after the end of the document: a JSON document holds exactly one value' };
    case E.InvalidCommentToken:
    case E.UnexpectedEndOfComment:
      return { offset, message: 'comments are not allowed in JSON' };
    case E.UnexpectedEndOfString:
      return { offset, message: 'unterminated string: expected a closing double quote before the end of the line' };
    case E.UnexpectedEndOfNumber: {
      const last = token[token.length - 1] ?? '';
      const after = last === '.' ? 'the decimal point' : /[eE]/.test(last) ? 'the exponent' : 'the sign of the exponent';
      return { offset, message: `incomplete number ${quoteToken(token)}: expected a digit after ${after}` };
    }
    case E.InvalidUnicode:
    case E.InvalidEscapeCharacter:
    case E.InvalidCharacter: {
      // The scanner reports these at the start of the string; find the actual culprit.
      for (let i = offset + 1; i < offset + length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x5c /* backslash */) {
          const n = text[i + 1] ?? '';
          if (n === 'u') {
            if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
              return { offset: i, message: 'invalid unicode escape: "\\u" must be followed by four hexadecimal digits' };
            }
          } else if (!'"\\/bfnrt'.includes(n) || n === '') {
            return { offset: i, message: `invalid escape sequence ${quoteToken('\\' + n)} in a string` };
          }
          i++;
        } else if (c < 0x20) {
          const hint = CONTROL_ESCAPES[c] ? ` (write ${CONTROL_ESCAPES[c]})` : '';
          return {
            offset: i,
            message: `control character ${codePointName(String.fromCharCode(c))} must be escaped inside a string${hint}`,
          };
        }
      }
      return { offset, message: code === E.InvalidCharacter ? 'invalid character in a string' : 'invalid escape sequence in a string' };
    }
    default:
      return { offset, message: 'invalid JSON' };
  }
}
