import * as z from 'zod/mini';

/**
 * zod's English messages, for a parse whose messages the user reads: the web build leaves out the
 * contract's global install of them (build/english-messages.ts), so such a parse passes these.
 */
export const englishMessages = z.locales.en().localeError;
