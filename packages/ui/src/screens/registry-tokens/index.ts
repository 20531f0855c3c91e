export {
  DockerhubTokensPage,
  DOCKERHUB_TOKENS_TITLE,
  dockerLoginCommand,
  REGISTRY_TOKEN_VARIABLE,
  SCOPE_LABELS,
} from './dockerhub-tokens-page';
export type {
  DockerhubTokensPageProps,
  RegistryScope,
  RegistryTokenCreatedItem,
  RegistryTokenCreateValues,
  RegistryTokenItem,
} from './dockerhub-tokens-page';
