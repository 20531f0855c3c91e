import { API_PREFIX, LOGIN_PATH_SUFFIX, type SiteSettings } from '@mako/contract';
import type { Config } from '../config.ts';

/** GET /settings. It depends on the configuration only, so the web page carries it too (http/web.ts). */
export function siteSettingsOf(config: Config): SiteSettings {
  return {
    posthog_key: config.posthog.key,
    posthog_host: config.posthog.host,
    feedback_survey_id: config.surveys.feedback,
    waitlist_survey_id: config.surveys.waitlist,
    signup_survey_id: config.surveys.signup,
    google_client_id: config.google.clientId,
    page_urls: config.pageUrls,
    // Where clients sign in, and so where every call goes: this server, under its public URL (SPEC §7).
    auth_server: {
      url: `${config.publicUrl}${API_PREFIX}${LOGIN_PATH_SUFFIX}`,
      application_name: config.applicationName,
    },
    payment_host: config.paymentHost,
    docs_url: config.docsUrl,
  };
}
