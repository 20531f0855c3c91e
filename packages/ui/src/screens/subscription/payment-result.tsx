import { useId } from 'react';
import type { ReactNode } from 'react';
import { defaultRenderLink } from '../../primitives/app-shell/app-shell';
import type { RenderLink } from '../../primitives/app-shell/app-shell';
import { ButtonLinkGroup } from '../../primitives/button-link-group';
import { LoadingErrorWrapper } from '../error-views/loading-error-wrapper';
import type { ScreenError } from '../error-views/screen-error';
import { CheckCircleIcon, InfoIcon } from '../../foundations/icons';
import { ExternalLink } from '../../primitives/link';
import { Skeleton } from '../../primitives/skeleton';
import { ResultIcon, ResultRoot, ResultText, ResultTitle, Steps, StepsHeading } from './subscription.styles';

export const PAYMENT_SUCCESS_TITLE = 'Payment Successful - Welcome to Pro!';
export const PAYMENT_CANCELLED_TITLE = 'Payment Cancelled';

export interface PaymentLinks {
  /** '/subscription/' */
  subscription?: string;
  /** '/getting-started/' */
  gettingStarted?: string;
  /** '/tuning-sessions' */
  tuningSessions?: string;
  /** '/tokens/' */
  tokens?: string;
}

const DEFAULT_LINKS: Required<PaymentLinks> = {
  subscription: '/subscription/',
  gettingStarted: '/getting-started/',
  tuningSessions: '/tuning-sessions',
  tokens: '/tokens/',
};

interface ResultLayoutProps {
  tone: 'success' | 'neutral';
  title: string;
  text: ReactNode;
  steps: ReactNode;
  actions: ReactNode;
  headingLevel: 1 | 2;
}

function ResultLayout({ tone, title, text, steps, actions, headingLevel }: ResultLayoutProps) {
  const titleId = useId();
  const stepsId = useId();
  return (
    <ResultRoot aria-labelledby={titleId}>
      <ResultIcon $tone={tone} aria-hidden="true">
        {tone === 'success' ? <CheckCircleIcon size={28} /> : <InfoIcon size={28} />}
      </ResultIcon>
      <ResultTitle as={`h${headingLevel}`} id={titleId}>
        {title}
      </ResultTitle>
      <ResultText>{text}</ResultText>
      <StepsHeading as={`h${headingLevel + 1}`} id={stepsId}>
        Next steps
      </StepsHeading>
      <Steps aria-labelledby={stepsId}>{steps}</Steps>
      {actions}
    </ResultRoot>
  );
}

export interface PaymentSuccessPageProps {
  /** The checkout is being confirmed with the server. */
  isLoading?: boolean;
  /** Confirming failed: nothing is claimed until it succeeds. */
  error?: ScreenError | null;
  onRetry?: () => void;
  retrying?: boolean;
  /** The plan that was bought; the title says Pro (SPEC §2) whatever it is. */
  planName?: string;
  links?: PaymentLinks;
  /** Renders internal links; apps/web passes its router Link. */
  renderLink?: RenderLink;
  /** h1 on its own page (the default); h2 inside a layout with its own title. */
  headingLevel?: 1 | 2;
}

/** 'Payment Successful - Welcome to Pro!', once the checkout is confirmed, with what to do next. */
export function PaymentSuccessPage({
  planName = 'Pro',
  links,
  renderLink = defaultRenderLink,
  headingLevel = 1,
  ...load
}: PaymentSuccessPageProps) {
  const to = { ...DEFAULT_LINKS, ...links };
  return (
    <LoadingErrorWrapper
      {...load}
      loadingLabel="Confirming your payment"
      skeleton={
        <ResultRoot as="div">
          <Skeleton width={52} height={52} radius={999} />
          <Skeleton width="70%" height={28} />
          <Skeleton lines={3} />
        </ResultRoot>
      }
    >
      <ResultLayout
        tone="success"
        title={PAYMENT_SUCCESS_TITLE}
        headingLevel={headingLevel}
        text={`Your ${planName} plan is active now. The higher limits apply to new tuning sessions straight away.`}
        steps={
          <>
            <li>Start a tuning session with a bigger trial budget, or run several at once.</li>
            <li>Give each runner its own API token, so sessions run on all your GPU machines.</li>
            <li>Your receipt is on its way by e-mail; the plan page shows when it renews.</li>
          </>
        }
        actions={
          <ButtonLinkGroup>
            {renderLink({ href: to.tuningSessions, children: 'Start a tuning session' })}
            {renderLink({ href: to.tokens, children: 'Create an API token' })}
            {renderLink({ href: to.subscription, children: 'Back to your plan' })}
          </ButtonLinkGroup>
        }
      />
    </LoadingErrorWrapper>
  );
}

export interface PaymentCancelledPageProps {
  /** The plan the user still has, e.g. "Free". */
  currentPlanName?: string;
  /** The site settings' page_urls.contact_us. */
  contactUsUrl?: string;
  links?: PaymentLinks;
  renderLink?: RenderLink;
  headingLevel?: 1 | 2;
}

/** 'Payment Cancelled': nothing was charged and nothing changed; the way back to the plans. */
export function PaymentCancelledPage({
  currentPlanName,
  contactUsUrl,
  links,
  renderLink = defaultRenderLink,
  headingLevel = 1,
}: PaymentCancelledPageProps) {
  const to = { ...DEFAULT_LINKS, ...links };
  return (
    <ResultLayout
      tone="neutral"
      title={PAYMENT_CANCELLED_TITLE}
      headingLevel={headingLevel}
      text={`No payment was taken and your plan has not changed${currentPlanName ? `: you are still on ${currentPlanName}` : ''}.`}
      steps={
        <>
          <li>Compare the plans again and pick one when you are ready.</li>
          <li>Keep going on your current plan: your sessions, benchmarks and tokens are untouched.</li>
          <li>
            Questions about pricing or invoicing?{' '}
            {contactUsUrl ? <ExternalLink href={contactUsUrl}>Contact us</ExternalLink> : 'Contact us'}.
          </li>
        </>
      }
      actions={
        <ButtonLinkGroup>
          {renderLink({ href: to.subscription, children: 'Back to plans' })}
          {renderLink({ href: to.gettingStarted, children: 'Go to Getting started' })}
        </ButtonLinkGroup>
      }
    />
  );
}
