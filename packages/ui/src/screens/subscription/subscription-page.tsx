import { useState } from 'react';
import { Callout } from '../../primitives/callout';
import { EmptyState } from '../../primitives/empty-state';
import { LoadingErrorWrapper } from '../error-views/loading-error-wrapper';
import type { LoadStateProps } from '../error-views/loading-error-wrapper';
import { RelativeTime } from '../../primitives/relative-time';
import { Skeleton } from '../../primitives/skeleton';
import { PlanCard } from './plan-card';
import type { PlanItem } from './plan-card';
import { Intro, PageRoot, PlanGrid, PlanItem as PlanSlot } from './subscription.styles';

export const SUBSCRIPTION_TITLE = 'Subscription - Choose Your Plan';

/** The contract's Subscription (the fields this screen reads). */
export interface SubscriptionItem {
  plan: Pick<PlanItem, 'id' | 'name'>;
  status: 'active' | 'canceled' | 'past_due';
  current_period_end: string | null;
}

export interface SubscriptionPageProps extends LoadStateProps {
  plans?: readonly PlanItem[] | null;
  /** The user's subscription; its plan is marked as current. */
  subscription?: SubscriptionItem | null;
  /** Starts the checkout of a plan (the app then sends the browser to checkout_url). */
  onChoose: (planId: string) => void;
  /** The plan whose checkout is starting. */
  choosingPlanId?: string | null;
  chooseError?: string | null;
  /** The site settings' page_urls.contact_us, for plans without a price. */
  contactUsUrl?: string;
  now?: Date | number;
}

function SubscriptionStatus({ subscription, now }: { subscription: SubscriptionItem; now?: Date | number }) {
  const end = subscription.current_period_end;
  if (subscription.status === 'past_due') {
    return (
      <Callout tone="warning" title="Your last payment did not go through">
        Your {subscription.plan.name} plan stays active for now. Update your payment method to keep it.
      </Callout>
    );
  }
  if (subscription.status === 'canceled') {
    return (
      <Callout tone="info" role="none" title={`Your ${subscription.plan.name} plan is canceled`}>
        {end ? (
          <>
            It ends <RelativeTime value={end} now={now} />. Choose a plan below to continue without a break.
          </>
        ) : (
          'Choose a plan below to continue.'
        )}
      </Callout>
    );
  }
  return null;
}

/**
 * 'Subscription - Choose Your Plan': the plans side by side with prices in whole USD, the current
 * one marked in words and with an accent frame. The AppShell shows the title.
 */
export function SubscriptionPage({
  plans,
  subscription,
  onChoose,
  choosingPlanId,
  chooseError,
  contactUsUrl,
  now,
  ...load
}: SubscriptionPageProps) {
  // A failure from before this visit is not news; one after a click here is.
  const [chosen, setChosen] = useState(false);
  const currentId = subscription && subscription.status !== 'canceled' ? subscription.plan.id : null;
  return (
    <PageRoot>
      <Intro>
        Every plan runs the same benchmarks and tuning search. Plans differ in how many sessions run at once and how
        many trials each may use. Prices are per month in US dollars; change or cancel at any time.
      </Intro>
      {subscription ? <SubscriptionStatus subscription={subscription} now={now} /> : null}
      {chosen && chooseError ? <Callout tone="danger">{chooseError}</Callout> : null}
      <LoadingErrorWrapper
        {...load}
        loadingLabel="Loading plans"
        skeleton={
          <PlanGrid as="div">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={360} radius={8} />
            ))}
          </PlanGrid>
        }
      >
        {plans && plans.length > 0 ? (
          <PlanGrid aria-label="Plans">
            {plans.map((plan) => (
              <PlanSlot key={plan.id}>
                <PlanCard
                  plan={plan}
                  current={plan.id === currentId}
                  busy={choosingPlanId === plan.id}
                  disabled={Boolean(choosingPlanId) && choosingPlanId !== plan.id}
                  contactUsUrl={contactUsUrl}
                  onChoose={(planId) => {
                    setChosen(true);
                    onChoose(planId);
                  }}
                />
              </PlanSlot>
            ))}
          </PlanGrid>
        ) : (
          <EmptyState
            title="No plans are on offer right now"
            description="Everything you have keeps working. Check back later, or contact us if you need more capacity."
          />
        )}
      </LoadingErrorWrapper>
    </PageRoot>
  );
}
