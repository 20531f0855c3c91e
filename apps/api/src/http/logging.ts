import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/** Query parameters whose values are credentials: web routes carry one-time tokens in the URL. */
const SECRET_PARAMS = /([?&](?:token|access_token|id_token|secret|password|code|session_id)=)[^&#]*/gi;

export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1[REDACTED]');

/** Secrets never reach the log: credential headers, bodies' secret fields and tokens in URLs are censored. */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.new_password',
        '*.current_password',
        '*.token',
        '*.access_token',
        '*.id_token',
        '*.email_verification_token',
        '*.secret',
        '*.client_secret',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
    ...(config.logStream ? { stream: config.logStream } : {}),
  };
}
