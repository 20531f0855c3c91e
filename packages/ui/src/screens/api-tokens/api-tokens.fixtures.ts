// Story data for the token pages: fixed dates around NOW, so relative times and screenshots are stable.
import { RUNNER_TOKEN_SCOPES } from '@mako/contract/vocabulary';
import { tokensAround } from '../credential-manager/token.fixtures';
import type { ApiTokenCreatedItem, ApiTokenItem } from './api-tokens-page';

export const NOW = new Date('2026-11-21T12:00:00Z');

const stored = tokensAround(NOW);
const runner = [...RUNNER_TOKEN_SCOPES];
const token = (
  names: Parameters<typeof stored>[0],
  hours: Parameters<typeof stored>[1],
  scopes: ApiTokenItem['scopes'] = runner,
): ApiTokenItem => ({ ...stored(names, hours), scopes });

export const API_TOKENS: ApiTokenItem[] = [
  token(
    { id: 'tok_ci', name: 'ci-runner', prefix: 'mako_7Hk2' },
    { createdAgo: 25 * 24, lastUsedAgo: 2, expiresIn: 60 * 24 },
  ),
  // Made before tokens expired, so it has no expiry.
  token({ id: 'tok_gpu', name: 'gpu-box-01', prefix: 'mako_Qp9x' }, { createdAgo: 95 * 24, lastUsedAgo: 0.1 }),
  token({ id: 'tok_laptop', name: 'old-laptop', prefix: 'mako_c41B' }, { createdAgo: 200 * 24, expiresIn: -10 * 24 }, [
    'read',
  ]),
  token(
    { id: 'tok_staging', name: 'staging', prefix: 'mako_Zz0m' },
    { createdAgo: 120 * 24, lastUsedAgo: 40 * 24, expiresIn: 245 * 24, revokedAgo: 20 * 24 },
  ),
];

export const NEW_SECRET = 'mako_4fTq9LmZ2xVb7NcR1sKd8WyH3pJe6GaU0b1c2d';

export const API_TOKEN_CREATED: ApiTokenCreatedItem = {
  token: token({ id: 'tok_new', name: 'ci-runner-2', prefix: 'mako_4fTq' }, { createdAgo: 0, expiresIn: 90 * 24 }),
  secret: NEW_SECRET,
};
