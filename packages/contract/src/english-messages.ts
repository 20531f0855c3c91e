import * as z from 'zod/mini';

// zod's classic API installs its English messages when it is imported; zod/mini does not, and
// would report every problem as 'Invalid input'. The API's 422 bodies, the runner's refusals and
// the msw mocks carry these messages. This module does nothing else, so that a consumer that shows
// them in one place only (the web app: see apps/web/build/english-messages.ts) can leave it out.
z.config(z.locales.en());
