import * as z from 'zod/mini';
import { AuthServer } from './auth.ts';

export const PageUrls = z.object({
  terms_of_service: z.string(),
  privacy_policy: z.string(),
  contact_us: z.string(),
  eula: z.string(),
});

/** Site settings of SPEC §3. Empty strings and nulls mean "not configured". */
export const SiteSettings = z.object({
  posthog_key: z.nullable(z.string()),
  posthog_host: z.nullable(z.string()),
  feedback_survey_id: z.nullable(z.string()),
  waitlist_survey_id: z.nullable(z.string()),
  signup_survey_id: z.nullable(z.string()),
  google_client_id: z.nullable(z.string()),
  page_urls: PageUrls,
  auth_server: AuthServer,
  payment_host: z.nullable(z.string()),
  docs_url: z.string(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;

export const HealthStatus = z.object({ status: z.literal('ok'), database: z.literal('ok'), version: z.string() });
