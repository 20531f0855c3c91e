import { SignJWT, errors, jwtVerify } from 'jose';

const ISSUER = 'mako-api';
const AUDIENCE = 'mako';

export interface AccessClaims {
  userId: string;
  tokenVersion: number;
}

export interface AccessTokens {
  issue(userId: string, tokenVersion: number): Promise<string>;
  /** Null for anything that is not a current, well-signed access token of ours. */
  verify(token: string): Promise<AccessClaims | null>;
}

/** Signatures already checked; more distinct live tokens than this and the oldest are checked again. */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * HS256 JWTs with `exp` in seconds; `ver` ties a token to the user's token version for revocation.
 * A token's signature and claims never change, so a verified token is remembered (by its full
 * text) until it expires instead of having its HMAC recomputed on every request; expiry is still
 * checked on every use, and revocation (the token version) is the caller's per-request check.
 */
export function createAccessTokens(secret: string, ttlS: number, now: () => number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, AccessClaims & { expiresMs: number }>();
  return {
    issue(userId, tokenVersion) {
      const iat = Math.floor(now() / 1000);
      return new SignJWT({ ver: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlS)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresMs > now()) return { userId: known.userId, tokenVersion: known.tokenVersion };
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: new Date(now()),
          requiredClaims: ['sub', 'exp'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number' || typeof payload.exp !== 'number')
          return null;
        const claims = { userId: payload.sub, tokenVersion: payload.ver };
        verified.set(token, { ...claims, expiresMs: payload.exp * 1000 });
        if (verified.size > VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
