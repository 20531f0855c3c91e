import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ServeRequestCreate } from '@mako/contract';
import { englishMessages } from '../src/lib/notices/english-messages.ts';

// The web build leaves out the contract's global install of zod's English messages (see
// build/english-messages.ts); this is the browser without it.
describe('englishMessages', () => {
  afterEach(() => {
    z.config(z.locales.en());
  });

  it("gives the serve-requests form zod's English words without the global install", () => {
    z.config({ localeError: undefined });
    const values = { ml_model_name: 'm', hardware_config: { name: 'H100', count: 1 }, objective: 'nope' };
    const bare = ServeRequestCreate.safeParse(values);
    const english = ServeRequestCreate.safeParse(values, { error: englishMessages });
    expect(bare.error?.issues[0]?.message).toBe('Invalid input');
    expect(english.error?.issues[0]?.message).toMatch(/^Invalid (option|input): expected one of/);
  });
});
