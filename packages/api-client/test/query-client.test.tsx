import { renderHook, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/core/errors.ts';
import { shouldRetry } from '../src/query-client.ts';
import { mySessionsQueryOptions, tuningSessionQueryOptions } from '../src/queries.ts';
import { currentUserQueryOptions } from '../src/sign-in.ts';
import { useCreateSessionMutation } from '../src/mutation-hooks.ts';
import { errorResponse, mockEndpoint } from '../src/mocks/mock-endpoint.ts';
import { handlers } from '../src/mocks/handlers.ts';
import * as fx from '../src/mocks/fixtures.ts';
import { bodies, ids } from './samples.ts';
import { queryWrapper } from './render.tsx';
import { recordRequests, server } from './server.ts';

describe('createQueryClient: 401', () => {
  it('hands a 401 from a query to onUnauthorized and clears the token', async () => {
    localStorage.setItem('access_token', fx.mockAccessToken(600));
    server.use(mockEndpoint('getSession', () => errorResponse(401, 'Could not validate credentials')));
    const onUnauthorized = vi.fn();
    const { wrapper } = queryWrapper({ onUnauthorized });
    const { result } = renderHook(() => useQuery(tuningSessionQueryOptions(ids.session)), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toMatchObject({
      status: 401,
      statusText: 'Unauthorized',
      detail: 'Could not validate credentials',
    });
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('hands a 401 from a mutation to onUnauthorized', async () => {
    server.use(mockEndpoint('createSession', () => errorResponse(401, 'Not authenticated')));
    const onUnauthorized = vi.fn();
    const { wrapper } = queryWrapper({ onUnauthorized });
    const { result } = renderHook(() => useCreateSessionMutation(), { wrapper });
    await expect(result.current.mutateAsync({ session: bodies.createSession })).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves other failures alone', async () => {
    server.use(mockEndpoint('getSession', () => errorResponse(403, 'Forbidden')));
    const onUnauthorized = vi.fn();
    const { wrapper } = queryWrapper({ onUnauthorized });
    const { result } = renderHook(() => useQuery(tuningSessionQueryOptions(ids.session)), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a 401 from /users/me is not an error: the user is anonymous and the app is not told', async () => {
    localStorage.setItem('access_token', fx.mockAccessToken(600));
    server.use(
      mockEndpoint('me', () => errorResponse(401, 'Token revoked')),
      ...handlers.success,
    );
    const onUnauthorized = vi.fn();
    const { wrapper } = queryWrapper({ onUnauthorized });
    const { result } = renderHook(() => useQuery(currentUserQueryOptions()), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual({ status: 'anonymous' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});

describe('createQueryClient: retries', () => {
  async function attempts(answer: () => Response): Promise<number> {
    server.use(mockEndpoint('getSession', answer));
    const log = recordRequests();
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useQuery(tuningSessionQueryOptions(ids.session)), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    return log.calls.length;
  }

  it.each([400, 401, 403, 404, 409, 410, 422, 429])('does not retry a %i', async (status) => {
    expect(await attempts(() => errorResponse(status, 'no'))).toBe(1);
  });

  it.each([500, 502, 503])('retries a %i twice', async (status) => {
    expect(await attempts(() => errorResponse(status, 'down'))).toBe(3);
  });

  it('retries a network failure twice', async () => {
    expect(await attempts(() => HttpResponse.error())).toBe(3);
  });

  it('does not retry an answer that breaks the contract', async () => {
    expect(await attempts(() => HttpResponse.json({ id: 'only an id' }))).toBe(1);
  });

  it('shouldRetry follows the same rule', () => {
    const error = (status: number) => new ApiError({ status, statusText: '', body: null, message: '', kind: 'http' });
    expect(shouldRetry(0, error(404))).toBe(false);
    expect(shouldRetry(0, error(503))).toBe(true);
    expect(shouldRetry(2, error(503))).toBe(false);
    expect(shouldRetry(0, new TypeError('fetch failed'), 0)).toBe(false);
  });
});

describe('query hooks', () => {
  it('tuningSessionQueryOptions returns the parsed session', async () => {
    server.use(...handlers.success);
    const { wrapper, queryClient } = queryWrapper();
    const { result } = renderHook(() => useQuery(tuningSessionQueryOptions(ids.session)), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(fx.runningSession);
    expect(queryClient.getQueryData(['tuning', 'sessions', 'detail', ids.session])).toEqual(fx.runningSession);
  });

  it('mySessionsQueryOptions passes the page query and caches under it', async () => {
    server.use(...handlers.success);
    const log = recordRequests();
    const { wrapper, queryClient } = queryWrapper();
    const { result } = renderHook(() => useQuery(mySessionsQueryOptions({ limit: 2, offset: 1 })), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(log.calls).toEqual(['GET /api/v1/tuning/session/mine?limit=2&offset=1']);
    expect(result.current.data).toEqual({ data: fx.sessions.slice(1, 3), count: fx.sessions.length });
    expect(queryClient.getQueryData(['tuning', 'sessions', 'list', { limit: 2, offset: 1 }])).toEqual(
      result.current.data,
    );
  });
});
