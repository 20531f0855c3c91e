import { getApiBase } from '@mako/api-client';

/** The absolute API base a runner on another machine talks to (MAKO_API_URL). */
export function absoluteApiUrl(): string {
  return new URL(getApiBase(), window.location.origin).toString().replace(/\/+$/, '');
}

/** The runner package on the server behind the API (apps/api serves it at /downloads/). */
export function runnerDownloadUrl(): string {
  return new URL('/downloads/mako-runner.tgz', absoluteApiUrl()).toString();
}
