import { notFound } from '@tanstack/react-router';
import { isApiError } from '@mako/api-client';

const notFoundOr = (error: unknown) => (isApiError(error) && error.status === 404 ? notFound() : error);

/** A loader's 404 from the API becomes the route's not-found view instead of an error. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    throw notFoundOr(error);
  }
}

/**
 * orNotFound for a page's resource and what it shows with it, fetched together. When several fail,
 * the earliest in the list decides the page's state, not whichever answered first: a missing
 * setting is "not found" even when its benchmark list failed sooner with another error.
 */
export async function allOrNotFound<T extends readonly unknown[]>(
  loads: readonly [...{ [K in keyof T]: Promise<T[K]> }],
): Promise<T> {
  const settled = await Promise.allSettled(loads);
  const failed = settled.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw notFoundOr(failed.reason);
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as unknown as T;
}
