// Story data for the registry tokens page: fixed dates around NOW, as for the API tokens.
import { NOW } from '../api-tokens/api-tokens.fixtures';
import { tokensAround } from '../credential-manager/token.fixtures';
import type { RegistryTokenCreatedItem, RegistryTokenItem } from './dockerhub-tokens-page';

export { NOW };

const token = tokensAround(NOW);

export const REGISTRY = 'registry.makooptimize.dev';

export const REGISTRY_TOKENS: RegistryTokenItem[] = [
  {
    ...token(
      { id: 'reg_prod', name: 'prod-cluster', prefix: 'makoreg_R2d9' },
      { createdAgo: 12 * 24, lastUsedAgo: 3, expiresIn: 78 * 24 },
    ),
    registry: REGISTRY,
    username: 'ada-prod-cluster',
    scope: 'pull',
  },
  {
    ...token({ id: 'reg_ci', name: 'image-publisher', prefix: 'makoreg_Pq7L' }, { createdAgo: 60 * 24 }),
    registry: REGISTRY,
    username: 'ada-image-publisher',
    scope: 'pull-push',
  },
];

export const REGISTRY_SECRET = 'makoreg_9Xw2Kd7QmLp4Vt8RbN3cZs6HyJf1Ge5Ua0c3e4';

export const REGISTRY_TOKEN_CREATED: RegistryTokenCreatedItem = {
  token: {
    ...token({ id: 'reg_new', name: 'staging-cluster', prefix: 'makoreg_9Xw2' }, { createdAgo: 0, expiresIn: 90 * 24 }),
    registry: REGISTRY,
    username: 'ada-staging-cluster',
    scope: 'pull',
  },
  secret: REGISTRY_SECRET,
};
