import { createColumnHelper } from '@tanstack/react-table';
import { Select } from '../../primitives/select';
import type { ExtraCreateFields } from '../credential-manager/create-token-dialog';
import { TokenManager } from '../credential-manager/token-manager';
import type { TokenPageProps } from '../credential-manager/token-manager';
import { Mono } from '../credential-manager/token-management.styles';
import type { CreatedToken, TokenCreateValues, TokenLike } from '../credential-manager/token-types';
import { TokenUsage } from '../credential-manager/token-usage';

export const DOCKERHUB_TOKENS_TITLE = 'Dockerhub Tokens';

export type RegistryScope = 'pull' | 'pull-push';

/** The contract's RegistryToken. */
export interface RegistryTokenItem extends TokenLike {
  registry: string;
  username: string;
  scope: RegistryScope;
}

/** The contract's RegistryTokenCreated. */
export type RegistryTokenCreatedItem = CreatedToken<RegistryTokenItem>;

/** The contract's RegistryTokenCreate. */
export type RegistryTokenCreateValues = TokenCreateValues & { scope: RegistryScope };

export const SCOPE_LABELS: Record<RegistryScope, string> = { pull: 'Pull', 'pull-push': 'Pull and push' };

const SCOPE_OPTIONS = [
  { value: 'pull', label: 'Pull only' },
  { value: 'pull-push', label: 'Pull and push' },
] as const;

/** The environment variable the snippets read the secret from. */
export const REGISTRY_TOKEN_VARIABLE = 'MAKO_REGISTRY_TOKEN';

/** `docker login` without the secret on the command line or in the shell history. */
export function dockerLoginCommand(registry: string, username: string): string {
  return `echo "$${REGISTRY_TOKEN_VARIABLE}" | docker login ${registry} -u ${username} --password-stdin`;
}

/** `onCreate` sends the contract's RegistryTokenCreate: {name, expires_in_days, scope}. */
export interface DockerhubTokensPageProps extends TokenPageProps<RegistryTokenItem, { scope: RegistryScope }> {
  /** The registry host for the empty state's example; the created token names its own. */
  registry?: string;
}

const column = createColumnHelper<RegistryTokenItem>();
// Module-level, so the table's column list stays the same object between renders.
const REGISTRY_COLUMNS = [
  column.accessor('registry', { header: 'Registry', cell: (info) => <Mono>{info.getValue()}</Mono> }),
  column.accessor('username', { header: 'Username', cell: (info) => <Mono>{info.getValue()}</Mono> }),
  column.accessor('scope', { header: 'Scope', cell: (info) => SCOPE_LABELS[info.getValue()] }),
];

const SCOPE_FIELD: ExtraCreateFields<{ scope: RegistryScope }> = {
  initial: { scope: 'pull' },
  render: (values, onChange, disabled) => (
    <Select
      label="Scope"
      name="scope"
      options={SCOPE_OPTIONS}
      value={values.scope}
      disabled={disabled}
      onValueChange={(value) => onChange({ scope: value as RegistryScope })}
      hint={
        values.scope === 'pull'
          ? 'Enough to run the optimised serving images.'
          : 'Also lets it push images: only for the CI job that publishes them.'
      }
    />
  ),
};

/**
 * 'Dockerhub Tokens': tokens for the container registry that holds the optimised serving images,
 * the same pattern as the API tokens plus the `docker login` to run with a new secret.
 */
export function DockerhubTokensPage({ registry = '<registry>', ...props }: DockerhubTokensPageProps) {
  return (
    <TokenManager<RegistryTokenItem, { scope: RegistryScope }>
      {...props}
      intro="Pull the optimised serving images with these tokens. Give each cluster its own pull-only token; only the CI job that publishes images needs pull and push."
      caption="Registry tokens"
      extraColumns={REGISTRY_COLUMNS}
      emptyTitle="No registry tokens yet"
      emptyDescription="Create a token, then log Docker in to the registry with it:"
      emptyCommand={dockerLoginCommand(registry, '<username>')}
      createDescription="A name, how long it lasts and what it may do. The secret is shown once, right after you create it."
      createdTitle="Copy your new registry token"
      secretLabel="Registry token"
      namePlaceholder="prod-cluster"
      extraFields={SCOPE_FIELD}
      renderUsage={(created) => (
        <TokenUsage
          heading="Log Docker in"
          lines={[
            `export ${REGISTRY_TOKEN_VARIABLE}=${created.secret}`,
            dockerLoginCommand(created.token.registry, created.token.username),
          ]}
        >
          <code>--password-stdin</code> keeps the secret out of the process list. Docker stores the login in{' '}
          <code>~/.docker/config.json</code>; use a credential helper on shared machines.
        </TokenUsage>
      )}
      revokeDescription="Pulls with it fail at once, including on machines that are already logged in. This cannot be undone."
    />
  );
}
