import { useSuspenseQueries, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  plansQueryOptions,
  siteSettingsQueryOptions,
  subscriptionQueryOptions,
  useCreateCheckoutMutation,
} from '@mako/api-client';
import { PlanId } from '@mako/contract';
import { SubscriptionPage } from '@mako/ui';
import type { ScreenError } from '@mako/ui';
import { ignore, screenRouteError } from '../../../components/route-states.tsx';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { TITLES } from '../../../lib/page-titles/titles.ts';

export const Route = createFileRoute('/_app/subscription/')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(plansQueryOptions()),
      context.queryClient.ensureQueryData(subscriptionQueryOptions()),
    ]),
  head: () => pageHead(TITLES.subscription),
  pendingComponent: SubscriptionPending,
  errorComponent: screenRouteError(subscriptionErrorScreen),
  component: SubscriptionRoute,
});

function SubscriptionRoute() {
  const [plans, subscription] = useSuspenseQueries({ queries: [plansQueryOptions(), subscriptionQueryOptions()] });
  const { data: settings } = useSuspenseQuery(siteSettingsQueryOptions());
  const checkout = useCreateCheckoutMutation();
  return (
    <SubscriptionPage
      plans={plans.data}
      subscription={subscription.data}
      onChoose={(planId) => {
        const plan = PlanId.safeParse(planId);
        if (!plan.success) return;
        // Payment happens on the provider's page (or the local test page), which returns to
        // /subscription/success or /subscription/cancel.
        checkout.mutate(plan.data, { onSuccess: (session) => window.location.assign(session.checkout_url) });
      }}
      choosingPlanId={checkout.isPending ? checkout.variables : null}
      chooseError={checkout.error ? checkout.error.message : null}
      contactUsUrl={settings.page_urls.contact_us}
    />
  );
}

function SubscriptionPending() {
  return <SubscriptionPage isLoading onChoose={ignore} />;
}

function subscriptionErrorScreen(error: ScreenError, retry: () => void) {
  return <SubscriptionPage error={error} onRetry={retry} onChoose={ignore} />;
}
