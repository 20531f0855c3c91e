import { AuthLayout } from '../auth-layout';
import { TokenCheckCard } from './token-check-card';
import type { TokenCheckCopy, TokenCheckProps } from './token-check-card';

export const VERIFY_EMAIL_COPY: TokenCheckCopy = {
  verifying: 'Verifying your email…',
  successTitle: 'Your email is verified',
  successText: 'Your account is ready. Next: create an API token and run your first benchmark.',
  continueLabel: 'Get started',
  errorTitle: 'We could not verify your email',
  errorFallback: 'Registration failed',
  errorText:
    'Verification links work once and expire after a while. Sign up again with the same address for a new one.',
};

export const MAGIC_LINK_COPY: TokenCheckCopy = {
  verifying: 'Signing you in…',
  successTitle: 'You are signed in',
  successText: 'Welcome back. Taking you to your workspace.',
  continueLabel: 'Continue',
  errorTitle: 'We could not sign you in',
  errorFallback: 'Login failed',
  errorText: 'Login links work once and expire after a while. Ask for a new one on the home page.',
};

/** A page that checks a one-time link's token, in the login layout, worded by `copy`. */
function tokenCheckPage(copy: TokenCheckCopy, displayName: string) {
  function TokenCheckPage(props: TokenCheckProps) {
    return (
      <AuthLayout>
        <TokenCheckCard {...props} copy={copy} />
      </AuthLayout>
    );
  }
  // Each page under its own name in React's developer tools and the stories' docs.
  TokenCheckPage.displayName = displayName;
  return TokenCheckPage;
}

export type VerifyEmailPageProps = TokenCheckProps;
/** /verify-email: checks the e-mail verification token. */
export const VerifyEmailPage = tokenCheckPage(VERIFY_EMAIL_COPY, 'VerifyEmailPage');

export type MagicLinkLoginPageProps = TokenCheckProps;
/** /magic-link-login: exchanges the magic-link token for a session. */
export const MagicLinkLoginPage = tokenCheckPage(MAGIC_LINK_COPY, 'MagicLinkLoginPage');
