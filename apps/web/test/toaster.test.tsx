import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeferredToaster, useToasterWarmUp } from '../src/components/deferred-toaster.tsx';
import { isToasterRequested } from '../src/lib/notices/notify.ts';

// notify.ts keeps one toaster per page: these tests run in order and share it, as pages do.

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function SignedInPage() {
  useToasterWarmUp();
  return null;
}

describe('the deferred toaster', () => {
  it('stays unloaded on a page that raises no toast, however long it sits idle', () => {
    render(<DeferredToaster />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(isToasterRequested()).toBe(false);
  });

  it('is loaded once a page that warms it up has been idle', () => {
    render(
      <>
        <DeferredToaster />
        <SignedInPage />
      </>,
    );
    expect(isToasterRequested()).toBe(false);
    act(() => vi.advanceTimersByTime(5_000));
    expect(isToasterRequested()).toBe(true);
  });
});
