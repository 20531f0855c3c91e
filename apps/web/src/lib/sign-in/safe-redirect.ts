/** Where a login goes when there is no usable redirect target. */
export const DEFAULT_REDIRECT = '/';

/** Decoding rounds before giving up: an attacker can nest %25-encodings, a real path needs one. */
const MAX_DECODE_ROUNDS = 3;

// Browsers drop tabs and newlines inside URLs and read '\' as '/', so '/\t/evil.com' and
// '/\evil.com' both become the protocol-relative '//evil.com'.
// eslint-disable-next-line no-control-regex
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

function decodeFully(value: string): string | null {
  let current = value;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/**
 * The `redirect` search param as a path on this origin, or '/' when it could lead anywhere else:
 * absolute URLs, `javascript:` and other schemes, protocol-relative `//host`, and the disguises
 * of the latter (`/\host`, `/%2F%2Fhost`, control characters).
 */
export function safeRedirect(target: unknown, fallback: string = DEFAULT_REDIRECT): string {
  if (typeof target !== 'string') return fallback;
  const value = target.trim();
  if (!value.startsWith('/') || value.startsWith('//')) return fallback;
  const decoded = decodeFully(value);
  if (decoded === null || !decoded.startsWith('/') || decoded.startsWith('//')) return fallback;
  if (CONTROL_OR_BACKSLASH.test(value) || CONTROL_OR_BACKSLASH.test(decoded)) return fallback;
  // The last word goes to the URL parser: whatever it makes of the value must stay on this origin.
  const base = 'http://same-origin.invalid';
  let resolved: URL;
  try {
    resolved = new URL(value, base);
  } catch {
    return fallback;
  }
  return resolved.origin === base ? value : fallback;
}
