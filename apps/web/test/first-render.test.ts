import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWhenLoaded } from '../src/lib/app-start/first-render.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('renderWhenLoaded', () => {
  it('mounts once the first page has loaded, not before', async () => {
    vi.useFakeTimers();
    let finishLoad = () => {};
    const render = vi.fn();
    const done = renderWhenLoaded(() => new Promise<void>((resolve) => (finishLoad = resolve)), render, 1500);
    await vi.advanceTimersByTimeAsync(400);
    expect(render).not.toHaveBeenCalled();
    finishLoad();
    await done;
    expect(render).toHaveBeenCalledTimes(1);
    // The bound's timer is cleared: nothing renders a second time.
    await vi.advanceTimersByTimeAsync(2000);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('mounts after the bound when the load takes longer, so a slow API still shows the pending page', async () => {
    vi.useFakeTimers();
    const render = vi.fn();
    const done = renderWhenLoaded(() => new Promise<void>(() => {}), render, 1500);
    await vi.advanceTimersByTimeAsync(1499);
    expect(render).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('mounts when the load fails: the router shows the failure', async () => {
    const render = vi.fn();
    await renderWhenLoaded(() => Promise.reject(new Error('offline')), render, 1500);
    expect(render).toHaveBeenCalledTimes(1);
  });
});
