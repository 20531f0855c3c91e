import { expect, test } from '@playwright/test';
import { API, signedInAccount } from './support.ts';

const LLAMA = 'meta-llama/Llama-3.1-8B-Instruct';

test('a plan lists GPU candidates under the SLO, and "Tune this" opens the new-session dialog prefilled', async ({
  page,
  request,
}) => {
  await signedInAccount(page, request, 'planner');

  await page.goto('/planner/');
  await expect(page).toHaveTitle('Capacity planner');
  await expect(page.getByRole('link', { name: 'Capacity planner' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Model' }).selectOption(LLAMA);
  await page.getByRole('textbox', { name: 'Prompt tokens' }).fill('2048');
  await page.getByRole('textbox', { name: 'Output tokens' }).fill('256');
  await page.getByRole('textbox', { name: 'TTFT at most (ms)' }).fill('2000');
  await page.getByRole('textbox', { name: 'TPOT at most (ms)' }).fill('40');
  await page.getByRole('button', { name: 'Plan', exact: true }).click();

  // A cold plan simulates every GPU × count × engine: allow it the time a busy machine needs.
  const feasible = page.getByRole('table', { name: 'Candidates that meet the SLO' });
  await expect(feasible).toBeVisible({ timeout: 30_000 });
  const rows = feasible.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThan(5);
  await expect(page.getByRole('table', { name: /cannot serve this workload/ })).toContainText(
    'TensorRT-LLM runs on NVIDIA GPUs only',
  );
  // The first row is the cheapest candidate; its name says what the dialog must carry.
  const first = rows.first();
  await expect(first).toContainText(/±\d+ %/);
  const tune = first.getByRole('button', { name: /^Tune this: / });
  const name = (await tune.getAttribute('aria-label'))!.replace('Tune this: ', '');
  const [, count, gpu, engine] = /^(\d+)x (\S+) · (.+)$/.exec(name)!;
  await tune.click();

  const dialog = page.getByRole('dialog', { name: 'New tuning session' });
  await expect(dialog.getByRole('textbox', { name: 'Model' })).toHaveValue(LLAMA);
  await expect(dialog.getByRole('textbox', { name: 'Hardware' })).toHaveValue(gpu!);
  await expect(dialog.getByRole('textbox', { name: 'GPU count' })).toHaveValue(count!);
  await expect(dialog.getByRole('combobox', { name: 'Runtime' })).toHaveValue(
    { vLLM: 'vllm', SGLang: 'sglang', 'TensorRT-LLM': 'tensorrt-llm' }[engine!]!,
  );
  await expect(dialog.getByRole('textbox', { name: 'Min prompt tokens' })).toHaveValue('2048');
});

test('the endpoint names an unknown model in its 422', async ({ request }) => {
  const answer = await request.post(`${API}/planner/plan`, {
    data: { model: 'org/unknown', workload: { input_len: 10, output_len: 10 }, slo: { ttft_ms: 100 } },
  });
  expect(answer.status()).toBe(422);
  const body = (await answer.json()) as { detail: { loc: string[]; msg: string }[] };
  expect(body.detail[0]!.loc).toEqual(['body', 'model']);
  expect(body.detail[0]!.msg).toContain(LLAMA);
});
