// Story data for the token lists: one builder, so each list states only what tells its tokens apart.
import type { TokenLike } from './token-types';

/** When a token was made, used and revoked (hours before `now`), and when it expires (hours after; below 0: past). */
interface TokenHours {
  createdAgo: number;
  lastUsedAgo?: number;
  expiresIn?: number;
  revokedAgo?: number;
}

/** Builds tokens dated around `now`, so relative times and screenshots are stable; a time left out is null. */
export function tokensAround(now: Date) {
  const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000).toISOString();
  const atOrNull = (hours: number | undefined) => (hours === undefined ? null : at(hours));
  return (
    { id, name, prefix }: Pick<TokenLike, 'id' | 'name' | 'prefix'>,
    { createdAgo, lastUsedAgo, expiresIn, revokedAgo }: TokenHours,
  ): TokenLike => ({
    id,
    name,
    prefix,
    created_at: at(-createdAgo),
    last_used_at: atOrNull(lastUsedAgo === undefined ? undefined : -lastUsedAgo),
    expires_at: atOrNull(expiresIn),
    revoked_at: atOrNull(revokedAgo === undefined ? undefined : -revokedAgo),
  });
}
