export {
  ACCOUNT_SECURITY_TITLE,
  AccountSecurityPage,
  REVOKE_TOKENS_DESCRIPTION,
  REVOKE_TOKENS_LABEL,
} from './account-security-page';
export type { AccountSecurityPageProps } from './account-security-page';
