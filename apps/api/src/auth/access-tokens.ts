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

/** HS256 JWTs with `exp` in seconds; `ver` ties a token to the user's token version for revocation. */
export function createAccessTokens(secret: string, ttlS: number, now: () => number): AccessTokens {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: new Date(now()),
          requiredClaims: ['sub', 'exp'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
        return { userId: payload.sub, tokenVersion: payload.ver };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
