import { setupServer } from 'msw/node';

/** One msw server for the whole run; each test installs the handlers it relies on with server.use(). */
export const server = setupServer();

/** Every request msw sees, as `METHOD pathname?search`, for asserting what was actually sent. */
export function recordRequests(): { calls: string[]; requests: Request[]; stop: () => void } {
  const calls: string[] = [];
  const requests: Request[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}${url.search}`);
    requests.push(request.clone());
  };
  server.events.on('request:start', listener);
  return { calls, requests, stop: () => server.events.removeListener('request:start', listener) };
}
