import { describe, expect, it } from 'vitest';
import { handlers } from '@mako/api-client/mocks';
import { signedInRouter } from './app-router.ts';
import { server } from './setup.ts';

describe('a signed-in first visit', () => {
  it('fetches the site settings once, however many loaders need them', async () => {
    server.use(...handlers.success);
    const paths: string[] = [];
    server.events.on('request:start', ({ request }) => void paths.push(new URL(request.url).pathname));
    const router = signedInRouter('/benchmarks/');

    await router.load();

    expect(router.state.location.pathname).toBe('/benchmarks/');
    expect(paths.filter((path) => path.endsWith('/users/me'))).toHaveLength(1);
    expect(paths.filter((path) => path.endsWith('/settings'))).toHaveLength(1);
    server.events.removeAllListeners();
  });
});
