import { createRemoteJWKSet, errors, jwtVerify } from 'jose';

export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface GoogleVerifier {
  /** Null when the token is not a valid Google ID token for our client id. */
  verify(idToken: string): Promise<GoogleIdentity | null>;
}

const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

/**
 * Verifies ID tokens against Google's published keys (fetched and cached by jose): RS256 only, so
 * `alg: none` and HS256-signed-with-the-public-key forgeries fail, and aud, iss and exp are checked.
 */
export function createGoogleVerifier(clientId: string, jwksUrl: string, now: () => number): GoogleVerifier {
  const keys = createRemoteJWKSet(new URL(jwksUrl), {
    timeoutDuration: 5000,
    cooldownDuration: 30_000,
    cacheMaxAge: 600_000,
  });
  return {
    async verify(idToken) {
      try {
        const { payload } = await jwtVerify(idToken, keys, {
          algorithms: ['RS256'],
          issuer: GOOGLE_ISSUERS,
          audience: clientId,
          currentDate: new Date(now()),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || payload.sub === '') return null;
        return {
          sub: payload.sub,
          email: typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null,
          // Google sends a boolean; older tokens carried the string "true".
          emailVerified: payload.email_verified === true || payload.email_verified === 'true',
          name: typeof payload.name === 'string' ? payload.name : null,
        };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}
