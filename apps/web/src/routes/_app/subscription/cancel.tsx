import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { siteSettingsQueryOptions, subscriptionQueryOptions } from '@mako/api-client';
import { PaymentCancelledPage } from '@mako/ui';
import { renderRouterLink } from '../../../components/router-link.tsx';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { TITLES } from '../../../lib/page-titles/titles.ts';

/** Where the payment provider returns when the user cancelled: nothing was charged. Needs login. */
export const Route = createFileRoute('/_app/subscription/cancel')({
  head: () => pageHead(TITLES.paymentCancelled),
  component: PaymentCancelledRoute,
});

function PaymentCancelledRoute() {
  const { data: settings } = useSuspenseQuery(siteSettingsQueryOptions());
  const subscription = useQuery(subscriptionQueryOptions());
  return (
    <PaymentCancelledPage
      headingLevel={2}
      currentPlanName={subscription.data?.plan.name}
      contactUsUrl={settings.page_urls.contact_us}
      renderLink={renderRouterLink}
    />
  );
}
