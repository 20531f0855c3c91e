import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_KEY,
  clearToken,
  getStoredToken,
  isTokenValid,
  setToken,
  setTokenClock,
  setTokenStorage,
  tokenExpiry,
} from '../src/token-storage.ts';
import { mockJwt } from '../src/mocks/fixtures.ts';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const nowSeconds = NOW / 1000;

describe('token storage', () => {
  it('uses the local-storage key access_token', () => {
    expect(ACCESS_TOKEN_KEY).toBe('access_token');
  });

  it('returns a stored token whose exp lies in the future and keeps it', () => {
    setTokenClock(() => NOW);
    const token = mockJwt({ sub: 'u1', exp: nowSeconds + 60 });
    localStorage.setItem('access_token', token);
    expect(getStoredToken()).toBe(token);
    expect(localStorage.getItem('access_token')).toBe(token);
  });

  it('removes an expired token and returns null', () => {
    setTokenClock(() => NOW);
    localStorage.setItem('access_token', mockJwt({ sub: 'u1', exp: nowSeconds - 1 }));
    expect(getStoredToken()).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('treats exp as seconds: a token expiring exactly now is expired, one second later is valid', () => {
    setTokenClock(() => NOW);
    expect(isTokenValid(mockJwt({ exp: nowSeconds }))).toBe(false);
    expect(isTokenValid(mockJwt({ exp: nowSeconds + 1 }))).toBe(true);
  });

  it('removes a token without an exp claim', () => {
    localStorage.setItem('access_token', mockJwt({ sub: 'u1' }));
    expect(getStoredToken()).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it.each(['not-a-jwt', 'a.b.c', 'header.%%%.sig', '..', 'eyJhbGciOiJIUzI1NiJ9.bnVsbA.sig'])(
    'removes the malformed token %j without throwing',
    (malformed) => {
      localStorage.setItem('access_token', malformed);
      expect(() => getStoredToken()).not.toThrow();
      expect(localStorage.getItem('access_token')).toBeNull();
    },
  );

  it('reads exp from a token', () => {
    expect(tokenExpiry(mockJwt({ exp: 1_900_000_000 }))).toBe(1_900_000_000);
    expect(tokenExpiry(mockJwt({ exp: '1900000000' }))).toBeNull();
    expect(tokenExpiry('garbage')).toBeNull();
  });

  it('setToken stores and clearToken removes', () => {
    setToken('abc');
    expect(localStorage.getItem('access_token')).toBe('abc');
    clearToken();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('works with an injected storage and leaves localStorage alone', () => {
    const map = new Map<string, string>();
    setTokenStorage({
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
    });
    setTokenClock(() => NOW);
    const token = mockJwt({ exp: nowSeconds + 3600 });
    setToken(token);
    expect(map.get('access_token')).toBe(token);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(getStoredToken()).toBe(token);
    setTokenClock(() => NOW + 3600_000);
    expect(getStoredToken()).toBeNull();
    expect(map.has('access_token')).toBe(false);
  });

  it('returns null instead of throwing when the storage itself throws', () => {
    setTokenStorage({
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => undefined,
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(getStoredToken()).toBeNull();
    expect(() => clearToken()).not.toThrow();
  });
});
