import { describe, expect, it, vi } from 'vitest';
import type { AnyRouter } from '@tanstack/react-router';

const notify = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('../src/lib/notices/notify.ts', () => ({ notify }));

const { UNAUTHORIZED_MESSAGE, createUnauthorizedHandler } = await import('../src/lib/sign-in/unauthorized.ts');

function fakeRouter(pathname: string, href: string) {
  const navigate = vi.fn(async () => undefined);
  return { router: { state: { location: { pathname, href } }, navigate } as unknown as AnyRouter, navigate };
}

describe('the 401 handler', () => {
  it("toasts 'Unauthorized, please login again' and goes to / with the current path as redirect", () => {
    const { router, navigate } = fakeRouter('/tuning-sessions/abc', '/tuning-sessions/abc?offset=20');
    createUnauthorizedHandler(() => router)();
    expect(UNAUTHORIZED_MESSAGE).toBe('Unauthorized, please login again');
    expect(notify.error).toHaveBeenCalledWith(UNAUTHORIZED_MESSAGE, { id: 'unauthorized' });
    expect(navigate).toHaveBeenCalledWith({
      to: '/',
      search: { redirect: '/tuning-sessions/abc?offset=20' },
      replace: true,
    });
  });

  it('stays on / when the 401 happens there', () => {
    const { router, navigate } = fakeRouter('/', '/?redirect=%2Ftokens');
    createUnauthorizedHandler(() => router)();
    expect(navigate).not.toHaveBeenCalled();
  });
});
