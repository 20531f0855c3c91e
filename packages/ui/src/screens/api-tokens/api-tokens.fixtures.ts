// Story data for the token pages: fixed dates around NOW, so relative times and screenshots are stable.
import type { ApiTokenCreatedItem, ApiTokenItem } from './api-tokens-page';

export const NOW = new Date('2026-11-21T12:00:00Z');

const ago = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();
const ahead = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

export const API_TOKENS: ApiTokenItem[] = [
  {
    id: 'tok_ci',
    name: 'ci-runner',
    prefix: 'mako_7Hk2',
    created_at: ago(25 * 24),
    last_used_at: ago(2),
    expires_at: ahead(60 * 24),
    revoked_at: null,
  },
  {
    id: 'tok_gpu',
    name: 'gpu-box-01',
    prefix: 'mako_Qp9x',
    created_at: ago(95 * 24),
    last_used_at: ago(0.1),
    expires_at: null,
    revoked_at: null,
  },
  {
    id: 'tok_laptop',
    name: 'old-laptop',
    prefix: 'mako_c41B',
    created_at: ago(200 * 24),
    last_used_at: null,
    expires_at: ago(10 * 24),
    revoked_at: null,
  },
  {
    id: 'tok_staging',
    name: 'staging',
    prefix: 'mako_Zz0m',
    created_at: ago(120 * 24),
    last_used_at: ago(40 * 24),
    expires_at: ahead(245 * 24),
    revoked_at: ago(20 * 24),
  },
];

export const NEW_SECRET = 'mako_4fTq9LmZ2xVb7NcR1sKd8WyH3pJe6GaU0b1c2d';

export const API_TOKEN_CREATED: ApiTokenCreatedItem = {
  token: {
    id: 'tok_new',
    name: 'ci-runner-2',
    prefix: 'mako_4fTq',
    created_at: NOW.toISOString(),
    last_used_at: null,
    expires_at: ahead(90 * 24),
    revoked_at: null,
  },
  secret: NEW_SECRET,
};
