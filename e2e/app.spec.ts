import { expect, test } from '@playwright/test';
import { API, bearer, signedInAccount, uniqueModel } from './support.ts';

test('a new tuning session appears in the list and its page has the spec title', async ({ page, request }) => {
  await signedInAccount(page, request, 'tuning');
  await page.goto('/tuning-sessions');
  await expect(page).toHaveTitle('Tuning sessions');
  await expect(page.getByRole('heading', { level: 1, name: 'Tuning sessions' })).toBeVisible();

  const model = uniqueModel('Model');
  await page.getByRole('button', { name: 'New tuning session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New tuning session' });
  await dialog.getByLabel('Model', { exact: true }).fill(model);
  await dialog.getByLabel('Hardware', { exact: true }).fill('H100');
  await dialog.getByLabel('GPU count').fill('2');
  await dialog.getByRole('button', { name: 'Create session' }).click();
  await expect(dialog).toBeHidden();

  const link = page.getByRole('link', { name: model });
  await expect(link).toBeVisible();
  await link.click();
  const title = `${model} tuning session on 2x H100`;
  await expect(page).toHaveURL(/\/tuning-sessions\/[\w-]+$/);
  await expect(page).toHaveTitle(title);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // A reload of the detail page loads it straight from the server.
  await page.reload();
  await expect(page).toHaveTitle(title);
});

test('an API token is shown once, authenticates as bearer, and stops working when revoked', async ({
  page,
  request,
}) => {
  await signedInAccount(page, request, 'tokens');
  await page.goto('/tokens');
  await expect(page).toHaveTitle('MAKO Optimize Tokens');

  const name = `runner-${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New token' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create token' }).click();
  const secretField = page.getByRole('textbox', { name: 'API token' });
  await expect(secretField).toBeVisible();
  const secret = await secretField.inputValue();
  expect(secret.length).toBeGreaterThan(20);
  await expect(page.getByText('You will not see it again')).toBeVisible();

  const asBearer = () => request.get(`${API}/auth/me`, { headers: bearer(secret) });
  const before = await asBearer();
  expect(before.status()).toBe(200);
  expect(((await before.json()) as { token_name: string | null }).token_name).toBe(name);
  // A runner's token: it may not manage the account (issue 23), e.g. list or mint tokens.
  const listTokens = await request.get(`${API}/tokens`, { headers: bearer(secret) });
  expect(listTokens.status()).toBe(403);

  await page.getByRole('button', { name: 'Done' }).click();
  await expect(secretField).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  // Shown once: neither the page nor a reload of it holds the secret any more.
  expect(await page.content()).not.toContain(secret);
  await page.reload();
  await expect(row).toBeVisible();
  expect(await page.content()).not.toContain(secret);

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke token' }).click();
  await expect(row).toContainText('Revoked');
  expect((await asBearer()).status()).toBe(401);
});

test('getting started installs the runner from this server, which serves the package `pnpm start` built', async ({
  page,
  request,
  baseURL,
}) => {
  await signedInAccount(page, request, 'runner-install');
  await page.goto('/getting-started');
  const install = await page.getByRole('textbox', { name: 'Install' }).textContent();
  expect(install?.split('\n')).toEqual([
    `npm install -g ${baseURL}/downloads/mako-runner.tgz`,
    `export MAKO_API_URL=${baseURL}${API}`,
    'mako-runner --version',
  ]);
  const tarball = await request.get(`${baseURL}/downloads/mako-runner.tgz`);
  expect(tarball.status()).toBe(200);
  expect(tarball.headers()['content-type']).toBe('application/gzip');
  // A gzip stream (npm pack's output), not the web app's HTML fallback.
  expect([...(await tarball.body()).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
});
