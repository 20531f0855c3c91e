import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchCurrentUser, fetchSiteSettings, type CurrentUser } from './auth.ts';
import { authKeys, siteKeys } from './query-keys.ts';
import { clearToken } from './token-storage.ts';

/*
 * What every page needs from the cache before it shows anything: the site settings, the current
 * user and local sign-out. They live apart from queries.ts and mutation-hooks.ts because a bundler
 * puts a module in one chunk whole: next to the other factories, which name calls of the whole
 * endpoint table, they would bring every entity schema to the first page.
 */

export const FIVE_MINUTES = 5 * 60_000;

/** GET /settings; also points the client at the auth server the settings name. */
export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.settings(),
    queryFn: ({ signal }) => fetchSiteSettings({ signal }),
    staleTime: FIVE_MINUTES,
  });

/** GET /users/me: `{status: 'authenticated', user}`, or anonymous when no valid token exists or the server said 401. */
export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: authKeys.currentUser(), queryFn: ({ signal }) => fetchCurrentUser({ signal }) });

/** Local logout: drops the token and every cached query except the public site data. */
export function signOut(queryClient: QueryClient): void {
  clearToken();
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== siteKeys.all[0] });
  queryClient.setQueryData<CurrentUser>(authKeys.currentUser(), { status: 'anonymous' });
}
