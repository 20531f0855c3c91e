import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { currentUserQueryOptions, useChangePasswordMutation, useSignOutEverywhereMutation } from '@mako/api-client';
import { AccountSecurityPage } from '@mako/ui';
import { notify } from '../../../lib/notices/notify.ts';
import { errorText } from '../../../lib/notices/screen-error-of.ts';
import { pageHead } from '../../../lib/page-titles/page-title.ts';
import { TITLES } from '../../../lib/page-titles/titles.ts';

/** Password and sign-out everywhere: calls only a signed-in session may make (API tokens get 403). */
export const Route = createFileRoute('/_app/security/')({
  head: () => pageHead(TITLES.security),
  component: SecurityPage,
});

function SecurityPage() {
  const router = useRouter();
  const { data: current } = useSuspenseQuery(currentUserQueryOptions());
  const change = useChangePasswordMutation();
  const signOutEverywhere = useSignOutEverywhereMutation();
  return (
    <AccountSecurityPage
      hasPassword={current.status === 'authenticated' && current.user.has_password}
      onChangePassword={(values) => change.mutate(values)}
      changingPassword={change.isPending}
      passwordError={errorText(change.error)}
      passwordChanged={change.isSuccess}
      onLogoutAll={(values) =>
        signOutEverywhere.mutate(values, {
          onSuccess: (message) => {
            notify.success(message);
            void router.navigate({ to: '/', replace: true });
          },
        })
      }
      loggingOut={signOutEverywhere.isPending}
      logoutError={errorText(signOutEverywhere.error)}
    />
  );
}
