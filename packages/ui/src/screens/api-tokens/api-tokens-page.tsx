import { createColumnHelper } from '@tanstack/react-table';
import type { ApiToken } from '@mako/contract/vocabulary';
import { defaultRenderLink } from '../../primitives/app-shell/app-shell';
import type { RenderLink } from '../../primitives/app-shell/app-shell';
import { TokenManager } from '../credential-manager/token-manager';
import type { TokenPageProps } from '../credential-manager/token-manager';
import { Mono } from '../credential-manager/token-management.styles';
import type { CreatedToken, TokenCreateValues } from '../credential-manager/token-types';
import { TokenUsage } from '../credential-manager/token-usage';
import { SCOPES_FIELD, type TokenScopeValues } from './token-scopes-field';

export const API_TOKENS_TITLE = 'MAKO Optimize Tokens';

/** The runner command the examples use; the endpoint is the user's own OpenAI-compatible server. */
export const RUNNER_EXAMPLE = 'mako-runner bench --base-url http://127.0.0.1:8000 --post';

/** The contract's ApiToken. */
export type ApiTokenItem = ApiToken;
/** The contract's ApiTokenCreated: the secret is in it once. */
export type ApiTokenCreatedItem = CreatedToken<ApiTokenItem>;

/** The contract's ApiTokenCreate. */
export type ApiTokenCreateValues = TokenCreateValues & TokenScopeValues;

/** `onCreate` sends the contract's ApiTokenCreate: {name, expires_in_days, scopes}. */
export interface ApiTokensPageProps extends TokenPageProps<ApiTokenItem, TokenScopeValues> {
  /** The API the runner talks to; added to the usage snippet as MAKO_API_URL when given. */
  apiUrl?: string;
  /** The sign-in and security page, where every token can be revoked at once; linked from the intro when given. */
  securityHref?: string;
  renderLink?: RenderLink;
}

/** The lines that hand a token to the runner. */
export function apiTokenShellLines(secret: string, apiUrl?: string): string[] {
  return [`export MAKO_TOKEN=${secret}`, ...(apiUrl ? [`export MAKO_API_URL=${apiUrl}`] : []), RUNNER_EXAMPLE];
}

const column = createColumnHelper<ApiTokenItem>();
// Module-level, so the table's column list stays the same object between renders.
const SCOPE_COLUMNS = [
  column.accessor('scopes', { header: 'Scopes', cell: (info) => <Mono>{info.getValue().join(' ')}</Mono> }),
];

/**
 * 'MAKO Optimize Tokens' (SPEC §2, UI.md): the tokens runners authenticate with. The title itself
 * belongs to the AppShell (`title={API_TOKENS_TITLE}`).
 */
export function ApiTokensPage({ apiUrl, securityHref, renderLink = defaultRenderLink, ...props }: ApiTokensPageProps) {
  return (
    <TokenManager<ApiTokenItem, TokenScopeValues>
      {...props}
      extraColumns={SCOPE_COLUMNS}
      extraFields={SCOPES_FIELD}
      intro={
        <>
          Runners and CI jobs authenticate with these tokens to post benchmarks and drive tuning sessions. Create one
          per machine or pipeline, so revoking one never stops the others.
          {securityHref ? (
            <>
              {' '}
              To revoke them all at once, sign out everywhere from{' '}
              {renderLink({ href: securityHref, children: 'Sign-in and security' })}.
            </>
          ) : null}
        </>
      }
      caption="API tokens"
      emptyTitle="No tokens yet"
      emptyDescription="Create a token, then give it to the runner through MAKO_TOKEN:"
      emptyCommand={apiTokenShellLines('mako_…').join('\n')}
      createDescription="A name to recognise it by, when it should stop working and what it may do: a runner needs the three ticked. The secret is shown once, right after you create it."
      createdTitle="Copy your new token"
      secretLabel="API token"
      renderUsage={(created) => (
        <TokenUsage heading="Use it with the runner" lines={apiTokenShellLines(created.secret, apiUrl)}>
          Or pass it to a single command with <code>mako-runner … --token {created.token.prefix}…</code>. Prefer the
          variable: command-line flags show up in <code>ps</code>.
        </TokenUsage>
      )}
      revokeDescription="Runners and jobs using it stop working at once. This cannot be undone."
    />
  );
}
