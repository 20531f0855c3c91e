import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../src/lib/sign-in/safe-redirect.ts';

describe('safeRedirect', () => {
  it.each([
    ['//evil.com'],
    ['/\\evil.com'],
    ['/%2F%2Fevil.com'],
    ['/%252F%252Fevil.com'],
    ['/%5Cevil.com'],
    ['https://evil.com'],
    ['HTTPS://evil.com/benchmarks'],
    ['javascript:alert(1)'],
    [' javascript:alert(1)'],
    ['/\t/evil.com'],
    ['/\n/evil.com'],
    ['evil.com'],
    ['benchmarks'],
    [''],
    ['/%E0%A4%A'],
  ])('sends %j to /', (payload) => {
    expect(safeRedirect(payload)).toBe('/');
  });

  it.each([[undefined], [null], [42], [{ href: '/benchmarks' }]])('sends a non-string (%j) to /', (payload) => {
    expect(safeRedirect(payload)).toBe('/');
  });

  it.each([
    ['/benchmarks?x=1'],
    ['/benchmarks'],
    ['/'],
    ['/tuning-sessions/0b6f3c1e-0000-4000-8000-000000000001'],
    ['/benchmarks?model_name=Llama%203.1%208B&constraints=ttft_p99%3C%3D200#results'],
    ['/subscription/success?session_id=cs_test_123'],
  ])('keeps the same-origin path %j', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it('uses the given fallback', () => {
    expect(safeRedirect('//evil.com', '/getting-started')).toBe('/getting-started');
  });
});
