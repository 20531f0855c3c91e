import type { ValidationIssue } from '@mako/contract';

/*
 * Text that no store can keep as sent. PostgreSQL's text type refuses U+0000 (the query fails with
 * a 500) while SQLite keeps it, and a UTF-16 surrogate without its partner has no UTF-8 form, so
 * either driver silently stores U+FFFD instead. Both are refused with a 422 naming the field,
 * whatever the database.
 *
 * The check is made here, on the decoded request parts, rather than as a refinement of every string
 * schema in the contract: the contract has dozens of string fields (and record keys, and fields a
 * schema strips), so a per-schema rule would depend on every future field remembering it, while
 * one pass over the parsed input covers all of them, including keys. The rule is about what the
 * server can store, not about what a form should accept; the web app shows the 422 like any other.
 */

export const NUL_MESSAGE = 'String must not contain a NUL character';
export const SURROGATE_MESSAGE = 'String must not contain an unpaired UTF-16 surrogate';

// Without the u flag a regular expression sees UTF-16 code units, so it can find half pairs.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function textIssue(text: string): Omit<ValidationIssue, 'loc'> | null {
  if (text.includes('\0')) return { msg: NUL_MESSAGE, type: 'string_nul' };
  if (LONE_SURROGATE.test(text)) return { msg: SURROGATE_MESSAGE, type: 'string_unpaired_surrogate' };
  return null;
}

/**
 * Every string in a decoded request part (values and object keys, at any depth) that holds a NUL
 * or an unpaired surrogate, located as FastAPI does: `[where, ...path]`.
 */
export function findTextIssues(where: 'path' | 'query' | 'body', value: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  // Locations are kept as links to the parent and spelt out only for an issue; an explicit stack,
  // as a 1 MiB JSON body can nest deeper than the call stack allows.
  type Step = { parent: Step | null; segment: string | number };
  const locOf = (step: Step) => {
    const loc: (string | number)[] = [];
    for (let s: Step | null = step; s; s = s.parent) loc.unshift(s.segment);
    return loc;
  };
  const stack: { value: unknown; step: Step }[] = [{ value, step: { parent: null, segment: where } }];
  while (stack.length > 0) {
    const { value: item, step } = stack.pop()!;
    if (typeof item === 'string') {
      const issue = textIssue(item);
      if (issue) issues.push({ loc: locOf(step), ...issue });
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push({ value: item[i], step: { parent: step, segment: i } });
    } else if (item !== null && typeof item === 'object') {
      const keys = Object.keys(item);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const child = { parent: step, segment: key };
        const keyIssue = textIssue(key);
        if (keyIssue) issues.push({ loc: locOf(child), ...keyIssue });
        else stack.push({ value: (item as Record<string, unknown>)[key], step: child });
      }
    }
  }
  return issues;
}

// ---- application/x-www-form-urlencoded (query strings and form bodies) ----------------------------

/** Marks text that is not percent-encoded UTF-8: a query string (400) or a form body (422). */
export const MALFORMED = Symbol('malformed url-encoding');
export type UrlEncoded = Record<string, string | string[]> & { [MALFORMED]?: true };

/**
 * Decodes the bytes of a run of %XX escapes as UTF-8, except that the three-byte form of a lone
 * surrogate (WTF-8, the only way a URL can spell one) yields that code unit, so that the text check
 * can name the field. Anything else that is not UTF-8 gives null.
 */
function decodeEscapes(run: string): string | null {
  const bytes: number[] = [];
  for (let i = 0; i < run.length; i += 3) bytes.push(parseInt(run.slice(i + 1, i + 3), 16));
  let out = '';
  let previous = 0;
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i]!;
    const [length, min] =
      lead < 0x80
        ? [1, 0]
        : lead >= 0xc2 && lead < 0xe0
          ? [2, 0x80]
          : lead >= 0xe0 && lead < 0xf0
            ? [3, 0x800]
            : lead >= 0xf0 && lead < 0xf5
              ? [4, 0x10000]
              : [0, 0];
    if (length === 0 || i + length > bytes.length) return null;
    let code = length === 1 ? lead : lead & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k]!;
      if ((next & 0xc0) !== 0x80) return null;
      code = (code << 6) | (next & 0x3f);
    }
    // Overlong forms and code points past U+10FFFF; a surrogate pair spelt as two halves (CESU-8).
    if (code < min || code > 0x10ffff) return null;
    if (code >= 0xdc00 && code <= 0xdfff && previous >= 0xd800 && previous <= 0xdbff) return null;
    out += String.fromCodePoint(code);
    previous = code;
    i += length;
  }
  return out;
}

function decodeComponent(text: string): string | null {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    if (/%(?![0-9a-fA-F]{2})/.test(spaced)) return null;
    let failed = false;
    const decoded = spaced.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
      const part = decodeEscapes(run);
      if (part === null) failed = true;
      return part ?? '';
    });
    return failed ? null : decoded;
  }
}

/**
 * Parses `a=1&b=2&b=3` as Fastify's default parser does (repeated keys become arrays, `+` is a
 * space), except that percent-escapes that are not UTF-8 are not kept as literal text: the result
 * is marked MALFORMED instead.
 */
export function parseUrlEncoded(text: string): UrlEncoded {
  const result: UrlEncoded = Object.create(null) as UrlEncoded;
  if (text === '') return result;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const key = decodeComponent(equals === -1 ? pair : pair.slice(0, equals));
    const value = decodeComponent(equals === -1 ? '' : pair.slice(equals + 1));
    if (key === null || value === null) {
      result[MALFORMED] = true;
      continue;
    }
    const existing = result[key];
    if (existing === undefined) result[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else result[key] = [existing, value];
  }
  return result;
}

export const isMalformed = (value: unknown): boolean =>
  value !== null && typeof value === 'object' && (value as UrlEncoded)[MALFORMED] === true;
