import { DEFAULT_TOKEN_LIFETIME_DAYS, MAX_TOKEN_LIFETIME_DAYS, type StoredToken } from '@mako/contract/vocabulary';

/**
 * The fields every token list shows: the contract's StoredToken (ApiToken and RegistryToken
 * extend it), so apps/web passes API objects straight in.
 */
export type TokenLike = StoredToken;

/** The answer to a create call: the secret is in it once, and never again. */
export interface CreatedToken<TToken extends TokenLike = TokenLike> {
  token: TToken;
  secret: string;
}

/** What every create form sends (the contract's ApiTokenCreate): every token expires. */
export interface TokenCreateValues {
  name: string;
  expires_in_days: number;
}

export type TokenStatus = 'active' | 'expired' | 'revoked';

/** Revoked wins over expired: a revoked token stays revoked whatever its expiry. */
export function tokenStatus(
  token: Pick<TokenLike, 'expires_at' | 'revoked_at'>,
  now: Date | number = Date.now(),
): TokenStatus {
  if (token.revoked_at) return 'revoked';
  const nowMs = now instanceof Date ? now.getTime() : now;
  if (token.expires_at && Date.parse(token.expires_at) <= nowMs) return 'expired';
  return 'active';
}

/** The expiry choices of the create dialog; the contract allows 1 day to its maximum, never "never". */
export const EXPIRY_CHOICES = [
  { value: '30', label: '30 days', days: 30 },
  { value: String(DEFAULT_TOKEN_LIFETIME_DAYS), label: `${DEFAULT_TOKEN_LIFETIME_DAYS} days`, days: 90 },
  { value: String(MAX_TOKEN_LIFETIME_DAYS), label: `${MAX_TOKEN_LIFETIME_DAYS} days (the longest)`, days: 366 },
] as const satisfies ReadonlyArray<{ value: string; label: string; days: number }>;

export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['value'];

export const TOKEN_NAME_MAX = 100;
export const TOKEN_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${TOKEN_NAME_MAX} characters`,
  shownOnce: 'You will not see it again',
} as const;

/** The contract's TokenName rule, with its messages. */
export function validateTokenName(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return TOKEN_MESSAGES.nameRequired;
  if (trimmed.length > TOKEN_NAME_MAX) return TOKEN_MESSAGES.nameTooLong;
  return null;
}
