import { z } from 'zod';
import { AuthServer } from './auth.ts';

export const PageUrls = z.object({
  terms_of_service: z.string(),
  privacy_policy: z.string(),
  contact_us: z.string(),
  eula: z.string(),
});

/** Site settings of SPEC §3. Empty strings and nulls mean "not configured". */
export const SiteSettings = z.object({
  posthog_key: z.string().nullable(),
  posthog_host: z.string().nullable(),
  feedback_survey_id: z.string().nullable(),
  waitlist_survey_id: z.string().nullable(),
  signup_survey_id: z.string().nullable(),
  google_client_id: z.string().nullable(),
  page_urls: PageUrls,
  auth_server: AuthServer,
  payment_host: z.string().nullable(),
  docs_url: z.string(),
});
export type SiteSettings = z.infer<typeof SiteSettings>;
