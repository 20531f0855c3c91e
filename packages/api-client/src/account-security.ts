import type { QueryClient } from '@tanstack/react-query';
import type { BodyOf } from '@mako/contract';
import { authKeys, tokenKeys } from './query-keys.ts';
import { request } from './request.ts';
import { signOut } from './sign-in.ts';
import { setToken } from './token-storage.ts';

/*
 * Password and sign-out-everywhere, which only the security page calls. They live apart from
 * sign-in.ts, which every page loads: `request` names calls of the whole endpoint table, and
 * importing it there put every entity schema on the first page.
 */

/**
 * Sets or changes the password. The server ends every earlier session, this token's included, and
 * answers a new access token, which replaces ours; the user is fetched afresh (`has_password`).
 * With `revoke_api_tokens` the server revokes the API tokens too, so the token list is dropped.
 */
export async function changePassword(queryClient: QueryClient, body: BodyOf<'changePassword'>): Promise<void> {
  const { access_token } = await request('changePassword', { body });
  setToken(access_token);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: authKeys.currentUser() }),
    queryClient.invalidateQueries({ queryKey: tokenKeys.apiTokens() }),
  ]);
}

/** Ends every session, this one included (and revokes the API tokens if asked), then signs out here. */
export async function signOutEverywhere(queryClient: QueryClient, body: BodyOf<'logoutAll'>): Promise<string> {
  const { message } = await request('logoutAll', { body });
  signOut(queryClient);
  return message;
}
