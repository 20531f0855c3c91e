export { ApiTokensPage, API_TOKENS_TITLE, apiTokenShellLines, RUNNER_EXAMPLE } from './api-tokens-page';
export type { ApiTokenCreateValues, ApiTokenCreatedItem, ApiTokenItem, ApiTokensPageProps } from './api-tokens-page';
