import { useEffect, useRef } from 'react';
import { defaultRenderLink } from '../../primitives/app-shell/app-shell';
import type { RenderLink } from '../../primitives/app-shell/app-shell';
import { ButtonLinkGroup } from '../../primitives/button-link-group';
import { Callout } from '../../primitives/callout';
import { Card } from '../../primitives/card';
import { Spinner } from '../../primitives/spinner';
import { CardBody, Explanation, Verifying } from './token-pages.styles';

/** SPEC §2: the token search param must have at least one character. */
export const TOKEN_REQUIRED = 'Token is required';

export type TokenCheckStatus = 'verifying' | 'success' | 'error';

/** The words of one token page; the verify-e-mail and magic-link pages differ only in these. */
export interface TokenCheckCopy {
  verifying: string;
  successTitle: string;
  successText: string;
  continueLabel: string;
  errorTitle: string;
  /** Used when the server gave no message. */
  errorFallback: string;
  errorText: string;
}

export interface TokenCheckProps {
  /** The route's `token` search param; missing or empty shows 'Token is required' whatever the status. */
  token?: string | null;
  /** Where the app's check of the token stands. */
  status: TokenCheckStatus;
  /** The server's detail (or the client's fallback) when the check failed. */
  error?: string | null;
  /** Where 'Continue' leads after success; the app may also navigate there by itself. */
  continueHref?: string;
  /** Where 'Go back to Home' leads. */
  homeHref?: string;
  renderLink?: RenderLink;
}

export interface TokenCheckCardProps extends TokenCheckProps {
  copy: TokenCheckCopy;
}

type Shown = 'missing' | TokenCheckStatus;

/** The card of a token page: verifying, success, error, or 'Token is required'. */
export function TokenCheckCard({
  token,
  status,
  error,
  continueHref = '/getting-started/',
  homeHref = '/',
  renderLink = defaultRenderLink,
  copy,
}: TokenCheckCardProps) {
  const shown: Shown = !token ? 'missing' : status;
  const bodyRef = useRef<HTMLDivElement>(null);
  // The outcome replaces the spinner: focus follows it so keyboard and screen reader users land on it.
  useEffect(() => {
    if (shown !== 'verifying') bodyRef.current?.focus();
  }, [shown]);

  const home = renderLink({ href: homeHref, children: 'Go back to Home' });
  const titles: Record<Shown, string> = {
    verifying: copy.verifying,
    success: copy.successTitle,
    error: copy.errorTitle,
    missing: TOKEN_REQUIRED,
  };

  return (
    <Card title={titles[shown]} padding="lg" aria-busy={shown === 'verifying' || undefined}>
      <CardBody ref={bodyRef} tabIndex={-1} data-state={shown}>
        {shown === 'verifying' ? (
          <Verifying role="status">
            <Spinner size={20} />
            One moment, checking your link.
          </Verifying>
        ) : null}
        {shown === 'success' ? (
          <>
            <Callout tone="success">{copy.successText}</Callout>
            <ButtonLinkGroup>{renderLink({ href: continueHref, children: copy.continueLabel })}</ButtonLinkGroup>
          </>
        ) : null}
        {shown === 'error' ? (
          <>
            <Callout tone="danger">{error?.trim() ? error : copy.errorFallback}</Callout>
            <Explanation>{copy.errorText}</Explanation>
            <ButtonLinkGroup>{home}</ButtonLinkGroup>
          </>
        ) : null}
        {shown === 'missing' ? (
          <>
            <Callout tone="warning">This link is incomplete: it carries no token.</Callout>
            <Explanation>Open the link from your e-mail again, or ask for a new one on the home page.</Explanation>
            <ButtonLinkGroup>{home}</ButtonLinkGroup>
          </>
        ) : null}
      </CardBody>
    </Card>
  );
}
