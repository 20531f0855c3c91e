import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Uniformly random base62 text from the CSPRNG (randomInt rejects modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

function toBase62(value: number, width: number): string {
  let out = '';
  let v = value;
  for (let i = 0; i < width; i++) {
    out = BASE62[v % 62] + out;
    v = Math.floor(v / 62);
  }
  return out;
}

const BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;

/**
 * Bearer secrets look like `mako_<32 base62><6 base62 CRC32>`: the prefix lets secret scanners
 * find leaked tokens, and the checksum rejects typos and random guesses without a database lookup.
 */
export function mintSecret(prefix: string): string {
  const body = randomBase62(BODY_LENGTH);
  return `${prefix}${body}${toBase62(crc32(body), CHECKSUM_LENGTH)}`;
}

export function hasValidChecksum(prefix: string, secret: string): boolean {
  if (!secret.startsWith(prefix) || secret.length !== prefix.length + BODY_LENGTH + CHECKSUM_LENGTH) return false;
  const body = secret.slice(prefix.length, prefix.length + BODY_LENGTH);
  const checksum = secret.slice(prefix.length + BODY_LENGTH);
  if (![...body].every((c) => BASE62.includes(c))) return false;
  const expected = Buffer.from(toBase62(crc32(body), CHECKSUM_LENGTH));
  const given = Buffer.from(checksum);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** What lists show so a user can recognise a token: the prefix and the first characters of its body. */
export const displayPrefix = (prefix: string, secret: string) => secret.slice(0, prefix.length + 6);
