import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/register.ts';
import { pingDatabase } from '../db/database.ts';
import { Unavailable } from '../services/errors.ts';
import { toUser } from '../services/principal.ts';
import { siteSettingsOf } from '../services/site-settings.ts';

export const API_VERSION = '1.0.0';

export function siteHandlers(ctx: AppContext): Pick<Handlers, 'getSettings' | 'getAuthServer' | 'authMe' | 'health'> {
  const settings = siteSettingsOf(ctx.config);
  return {
    async getSettings() {
      return settings;
    },
    async getAuthServer() {
      return settings.auth_server;
    },
    async authMe({ principal, query }) {
      return {
        user: toUser(principal.user),
        via: principal.via,
        token_name: principal.tokenName,
        runner_name: query.name ?? null,
      };
    },
    async health() {
      try {
        await pingDatabase(ctx.db);
      } catch (error) {
        ctx.log.error({ err: error }, 'Health check: database unreachable');
        throw new Unavailable('Database unavailable');
      }
      return { status: 'ok', database: 'ok', version: API_VERSION };
    },
  };
}
