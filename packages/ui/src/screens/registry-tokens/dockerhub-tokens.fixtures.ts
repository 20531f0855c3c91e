// Story data for the registry tokens page: fixed dates around NOW, as for the API tokens.
import { NOW } from '../api-tokens/api-tokens.fixtures';
import type { RegistryTokenCreatedItem, RegistryTokenItem } from './dockerhub-tokens-page';

export { NOW };

const ago = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();
const ahead = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

export const REGISTRY = 'registry.makooptimize.dev';

export const REGISTRY_TOKENS: RegistryTokenItem[] = [
  {
    id: 'reg_prod',
    name: 'prod-cluster',
    prefix: 'makoreg_R2d9',
    registry: REGISTRY,
    username: 'ada-prod-cluster',
    scope: 'pull',
    created_at: ago(12 * 24),
    last_used_at: ago(3),
    expires_at: ahead(78 * 24),
    revoked_at: null,
  },
  {
    id: 'reg_ci',
    name: 'image-publisher',
    prefix: 'makoreg_Pq7L',
    registry: REGISTRY,
    username: 'ada-image-publisher',
    scope: 'pull-push',
    created_at: ago(60 * 24),
    last_used_at: null,
    expires_at: null,
    revoked_at: null,
  },
];

export const REGISTRY_SECRET = 'makoreg_9Xw2Kd7QmLp4Vt8RbN3cZs6HyJf1Ge5Ua0c3e4';

export const REGISTRY_TOKEN_CREATED: RegistryTokenCreatedItem = {
  token: {
    id: 'reg_new',
    name: 'staging-cluster',
    prefix: 'makoreg_9Xw2',
    registry: REGISTRY,
    username: 'ada-staging-cluster',
    scope: 'pull',
    created_at: NOW.toISOString(),
    last_used_at: null,
    expires_at: ahead(90 * 24),
    revoked_at: null,
  },
  secret: REGISTRY_SECRET,
};
