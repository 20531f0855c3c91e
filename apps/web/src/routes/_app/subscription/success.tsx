import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import * as z from 'zod/mini';
import { subscriptionQueryOptions, useConfirmCheckoutMutation } from '@mako/api-client';
import { PaymentSuccessPage } from '@mako/ui';
import { renderRouterLink } from '../../../components/router-link.tsx';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { screenErrorOf } from '../../../lib/notices/screen-error-of.ts';
import { TITLES } from '../../../lib/page-titles/titles.ts';

/**
 * Where the payment provider returns after a successful checkout. It needs a signed-in user (the
 * authenticated layout sends anyone else to /?redirect=/subscription/success…), then confirms the
 * checkout named by session_id before claiming anything.
 */
export const Route = createFileRoute('/_app/subscription/success')({
  validateSearch: z.object({ session_id: z.catch(z.optional(z.string().check(z.minLength(1))), undefined) }),
  head: () => pageHead(TITLES.paymentSuccess),
  component: PaymentSuccessRoute,
});

function PaymentSuccessRoute() {
  const { session_id: checkoutId } = Route.useSearch();
  const confirm = useConfirmCheckoutMutation();
  const { mutate } = confirm;
  const confirmed = useRef<string | null>(null);
  useEffect(() => {
    if (!checkoutId || confirmed.current === checkoutId) return;
    confirmed.current = checkoutId;
    mutate(checkoutId);
  }, [checkoutId, mutate]);
  // Without a checkout to confirm (a bookmark, a second visit) the page shows the current plan.
  const subscription = useQuery({ ...subscriptionQueryOptions(), enabled: !checkoutId });
  const failure = confirm.error ?? subscription.error;
  return (
    <PaymentSuccessPage
      headingLevel={2}
      isLoading={checkoutId ? confirm.isPending || confirm.isIdle : subscription.isPending}
      error={failure ? (screenErrorOf(failure) ?? { statusText: 'Error', detail: failure.message }) : null}
      onRetry={checkoutId ? () => mutate(checkoutId) : () => void subscription.refetch()}
      retrying={confirm.isPending && confirm.failureCount > 0}
      planName={confirm.data?.plan.name ?? subscription.data?.plan.name}
      renderLink={renderRouterLink}
    />
  );
}
