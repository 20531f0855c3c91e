import { expect, it } from 'vitest';
// Only the lean module: zod's classic API, which installs English messages on import, stays out of
// this file's module graph, as it stays out of the first page.
import { LeanMagicLinkLogin, LeanSiteSettings } from '../src/lean.ts';

it('reports problems in the same English words as the classic schemas, without the classic API loaded', () => {
  const settings = LeanSiteSettings.safeParse({ docs_url: 1 });
  expect(settings.success).toBe(false);
  expect(settings.error?.issues[0]?.message).toBe('Invalid input: expected string, received undefined');
  expect(settings.error?.issues.find((issue) => issue.path[0] === 'docs_url')?.message).toBe(
    'Invalid input: expected string, received number',
  );
  expect(LeanMagicLinkLogin.safeParse({ token: '' }).error?.issues[0]?.message).toBe('Token is required');
});
