import { useState } from 'react';
import type { ReactNode } from 'react';
import { AuthLayout, ProductPromise, ProofPoints } from '../auth-layout';
import type { ProofPoint } from '../auth-layout';
import { Card } from '../../primitives/card';
import type { AsyncFormState } from '../../primitives/forms/form-state';
import { MagicLinkForm } from '../magic-link-form';
import { PasswordLoginForm } from '../password-login-form';
import type { PasswordCredentials } from '../password-login-form';
import { SignUpForm } from '../sign-up-form';
import { Tabs } from '../../primitives/tabs';
import { LinkButton, Panel, SwitchMethod } from './home-screen.styles';

export type HomeTab = 'sign-up' | 'log-in';
export type LoginMethod = 'magic-link' | 'password';

export interface HomeScreenProps {
  /** Controlled tab; pair with onTabChange. */
  tab?: HomeTab;
  /** 'sign-up' unless the app knows better (e.g. a ?redirect= visitor is probably returning). */
  defaultTab?: HomeTab;
  onTabChange?: (tab: HomeTab) => void;
  /** Which way to log in the Log in tab offers first. */
  defaultLoginMethod?: LoginMethod;

  onSignUp: (email: string) => void;
  signUp?: AsyncFormState;
  onMagicLink: (email: string) => void;
  magicLink?: AsyncFormState;
  onPasswordLogin: (credentials: PasswordCredentials) => void;
  passwordLogin?: Omit<AsyncFormState, 'successMessage'>;

  termsOfServiceUrl: string;
  privacyPolicyUrl: string;
  /** The Google slot of the sign-up form renders only when this is non-empty. */
  googleClientId?: string | null;
  googleButton?: ReactNode;

  promise?: ReactNode;
  lede?: ReactNode;
  proofPoints?: readonly ProofPoint[];
}

/**
 * Home / login (UI.md): the product promise and proof points on the left, a card with "Sign up" |
 * "Log in" on the right. All data comes in through props and goes out through on* callbacks.
 */
export function HomeScreen({
  tab,
  defaultTab = 'sign-up',
  onTabChange,
  defaultLoginMethod = 'magic-link',
  onSignUp,
  signUp = {},
  onMagicLink,
  magicLink = {},
  onPasswordLogin,
  passwordLogin = {},
  termsOfServiceUrl,
  privacyPolicyUrl,
  googleClientId,
  googleButton,
  promise,
  lede,
  proofPoints,
}: HomeScreenProps) {
  const [method, setMethod] = useState<LoginMethod>(defaultLoginMethod);

  const logIn = (
    <Panel>
      {method === 'magic-link' ? (
        <>
          <MagicLinkForm
            onMagicLink={onMagicLink}
            busy={magicLink.busy}
            error={magicLink.error}
            successMessage={magicLink.successMessage}
          />
          <SwitchMethod>
            Have a password? <LinkButton onClick={() => setMethod('password')}>Log in with your password</LinkButton>
          </SwitchMethod>
        </>
      ) : (
        <>
          <PasswordLoginForm onPasswordLogin={onPasswordLogin} busy={passwordLogin.busy} error={passwordLogin.error} />
          <SwitchMethod>
            No password? <LinkButton onClick={() => setMethod('magic-link')}>Email me a login link instead</LinkButton>
          </SwitchMethod>
        </>
      )}
    </Panel>
  );

  const signUpPanel = (
    <Panel>
      <SignUpForm
        onSignUp={onSignUp}
        busy={signUp.busy}
        error={signUp.error}
        successMessage={signUp.successMessage}
        termsOfServiceUrl={termsOfServiceUrl}
        privacyPolicyUrl={privacyPolicyUrl}
        googleClientId={googleClientId}
        googleButton={googleButton}
      />
    </Panel>
  );

  return (
    <AuthLayout pitch={<ProductPromise promise={promise} lede={lede} />} proof={<ProofPoints points={proofPoints} />}>
      <Card padding="lg" title="Welcome" description="Sign up with your work e-mail, or log in to your account.">
        <Tabs
          aria-label="Sign up or log in"
          stretch
          value={tab}
          defaultValue={defaultTab}
          onValueChange={(value) => onTabChange?.(value as HomeTab)}
          items={[
            { value: 'sign-up', label: 'Sign up', content: signUpPanel },
            { value: 'log-in', label: 'Log in', content: logIn },
          ]}
        />
      </Card>
    </AuthLayout>
  );
}
