export { MagicLinkLoginPage, MAGIC_LINK_COPY, VerifyEmailPage, VERIFY_EMAIL_COPY } from './token-pages';
export type { MagicLinkLoginPageProps, VerifyEmailPageProps } from './token-pages';
export { TokenCheckCard, TOKEN_REQUIRED } from './token-check-card';
export type { TokenCheckCardProps, TokenCheckCopy, TokenCheckProps, TokenCheckStatus } from './token-check-card';
