import { LOGIN_PATH_SUFFIX, API_PREFIX } from '@mako/contract';
import type { AppContext } from '../context.ts';
import type { Handlers } from '../http/register.ts';
import { pingDatabase } from '../db/database.ts';
import { Unavailable } from '../services/errors.ts';
import { toUser } from '../services/principal.ts';

export const API_VERSION = '1.0.0';

export function siteHandlers(ctx: AppContext): Pick<Handlers, 'getSettings' | 'getAuthServer' | 'authMe' | 'health'> {
  const { config } = ctx;
  const authServer = {
    url: `${config.publicUrl}${API_PREFIX}${LOGIN_PATH_SUFFIX}`,
    application_name: config.applicationName,
  };
  return {
    async getSettings() {
      return {
        posthog_key: config.posthog.key,
        posthog_host: config.posthog.host,
        feedback_survey_id: config.surveys.feedback,
        waitlist_survey_id: config.surveys.waitlist,
        signup_survey_id: config.surveys.signup,
        google_client_id: config.google.clientId,
        page_urls: config.pageUrls,
        auth_server: authServer,
        payment_host: config.paymentHost,
        docs_url: config.docsUrl,
      };
    },
    async getAuthServer() {
      return authServer;
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
