import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@mako/api-client';
import { errorResponse, fixtures, handlers, mockEndpoint } from '@mako/api-client/mocks';
import { signedInRouter } from './app-router.ts';
import { server } from './setup.ts';

const SETTING_ROUTE = '/_app/single-benchmarks/$settingId';

/** Loads a setting's page while its two requests answer as given; the setting's answer comes last. */
async function loadSettingPage(setting: () => Response, list: () => Response) {
  server.use(
    mockEndpoint('getSetting', setting, { delay: 50 }),
    mockEndpoint('listBySetting', list),
    ...handlers.success,
  );
  // No retry: the list's 500 is final at once, before the setting answers.
  const router = signedInRouter('/single-benchmarks/missing-setting', createQueryClient({ maxRetries: 0 }));
  await router.load();
  const match = router.state.matches.find((m) => m.routeId === SETTING_ROUTE);
  if (!match) throw new Error(`no match for ${SETTING_ROUTE}`);
  return match;
}

describe("a setting's page", () => {
  it('is not found when the setting is missing, though its list failed sooner with another error', async () => {
    const match = await loadSettingPage(
      () => errorResponse(404, 'Benchmark setting not found'),
      () => errorResponse(500, 'Internal Server Error'),
    );

    expect(match.status).toBe('notFound');
  });

  it("shows its list's error when only the list fails", async () => {
    const setting = fixtures.benchmarkSettings[0];
    if (!setting) throw new Error('the fixtures have no setting');
    const match = await loadSettingPage(
      () => Response.json(setting),
      () => errorResponse(500, 'Internal Server Error'),
    );

    expect(match.status).toBe('error');
    expect(match.error).toMatchObject({ status: 500 });
  });
});
