import { jwtDecode } from 'jwt-decode';
import { ACCESS_TOKEN_KEY } from '@mako/contract';

/** The local-storage key of the access token (SPEC §9); the server's pages read it too (PAGE_FIRST_GETS_FILE). */
export { ACCESS_TOKEN_KEY };

export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

let injectedStorage: TokenStorage | null = null;
let clock: () => number = () => Date.now();

/** Uses another storage (e.g. an in-memory map in tests, or sessionStorage); null restores localStorage. */
export function setTokenStorage(storage: TokenStorage | null): void {
  injectedStorage = storage;
}

/** Replaces the clock used for expiry checks; null restores Date.now. */
export function setTokenClock(now: (() => number) | null): void {
  clock = now ?? (() => Date.now());
}

function storage(): TokenStorage | null {
  if (injectedStorage) return injectedStorage;
  // Reading localStorage throws in some privacy modes and does not exist outside a browser.
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

/** Seconds since the epoch at which the token expires, or null when it has no readable exp claim. */
export function tokenExpiry(token: string): number | null {
  try {
    const { exp } = jwtDecode<{ exp?: unknown }>(token);
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

export function isTokenValid(token: string, nowMs: number = clock()): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp * 1000 > nowMs;
}

/**
 * The stored access token when it is present and its exp (seconds) lies in the future. A token
 * that is expired, lacks exp or is not a JWT at all is removed, so it is never sent again.
 */
export function getStoredToken(): string | null {
  const store = storage();
  if (!store) return null;
  let token: string | null;
  try {
    token = store.getItem(ACCESS_TOKEN_KEY);
  } catch {
    return null;
  }
  if (!token) return null;
  if (isTokenValid(token)) return token;
  clearToken();
  return null;
}

/** Stores a token. A storage that refuses the write (quota, privacy mode) throws, so the login shows an error. */
export function setToken(token: string): void {
  storage()?.setItem(ACCESS_TOKEN_KEY, token);
}

export function clearToken(): void {
  try {
    storage()?.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
