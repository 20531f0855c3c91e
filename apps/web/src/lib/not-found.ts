import { notFound } from '@tanstack/react-router';
import { isApiError } from '@mako/api-client';

/** A loader's 404 from the API becomes the route's not-found view instead of an error. */
export async function orNotFound<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw notFound();
    throw error;
  }
}
