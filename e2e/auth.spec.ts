import { expect, test } from '@playwright/test';
import {
  PASSWORD,
  linkFromOutbox,
  logInWithPassword,
  pathOf,
  storeToken,
  storedToken,
  uniqueEmail,
  unsignedJwt,
  userWithPassword,
} from './support.ts';

test('sign-up through the verification link from the outbox leads to /getting-started', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/');
  await expect(page).toHaveTitle('MakoOptimize');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Verification link sent successfully! Please check your email.')).toBeVisible();

  await page.goto(pathOf(await linkFromOutbox(email, 'verify-email')));
  await expect(page).toHaveURL('/getting-started');
  await expect(page).toHaveTitle('Get started with MakoOptimize');
  await expect(page.getByRole('heading', { level: 1, name: 'Get started with MakoOptimize' })).toBeVisible();
  expect(await storedToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
});

test('a verification link works once', async ({ page }) => {
  const email = uniqueEmail('signup-twice');
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Sign up' }).click();
  const link = pathOf(await linkFromOutbox(email, 'verify-email'));
  await page.goto(link);
  await expect(page).toHaveURL('/getting-started');

  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'We could not verify your email' })).toBeVisible();
  await expect(page.getByText('This link is invalid, has expired or was already used')).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});

test('magic-link login', async ({ page }) => {
  const email = uniqueEmail('magic');
  await page.goto('/');
  await page.getByRole('tab', { name: 'Log in' }).click();
  const form = page.getByRole('form', { name: 'Email me a login link' });
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button').click();
  await expect(page.getByText('Login link sent! Please check your email.')).toBeVisible();

  await page.goto(pathOf(await linkFromOutbox(email, 'magic-link-login')));
  await expect(page).toHaveURL('/getting-started');
  await expect(page.getByRole('button', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) })).toBeVisible();
});

test('password login, then logout clears the token and goes to /', async ({ page, request }) => {
  const email = uniqueEmail('password');
  await userWithPassword(request, email);

  await page.goto('/');
  await logInWithPassword(page, email, 'not the password');
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL('/getting-started');
  expect(await storedToken(page)).not.toBeNull();

  // The account menu leads to the sign-in settings as well.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign-in and security' }).click();
  await expect(page).toHaveURL('/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign-in and security' })).toBeVisible();
  await expect(page.getByRole('menu')).toBeHidden();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('tab', { name: 'Sign up' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();

  // The session is really gone: an app page sends the visitor back to log in.
  await page.goto('/tokens');
  await expect(page).toHaveURL('/?redirect=%2Ftokens');
});

test('an expired token is removed and the visitor is sent to / with the redirect param', async ({ page }) => {
  await storeToken(page, unsignedJwt(Math.floor(Date.now() / 1000) - 60));
  await page.goto('/serve-requests');
  await expect(page).toHaveURL(/\/\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/serve-requests');
  expect(await storedToken(page)).toBeNull();
});

test('a token the server no longer accepts is dropped on the user fetch', async ({ page }) => {
  // Well-formed and unexpired, but not signed by the server.
  await storeToken(page, unsignedJwt(Math.floor(Date.now() / 1000) + 3600));
  await page.goto('/tokens');
  await expect(page).toHaveURL('/?redirect=%2Ftokens');
  expect(await storedToken(page)).toBeNull();
});

test('a deep link to /benchmarks while logged out goes to /, and back to /benchmarks after login', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('deeplink');
  await userWithPassword(request, email);

  await page.goto('/benchmarks');
  await expect(page).toHaveURL('/?redirect=%2Fbenchmarks');
  // A returning visitor with a redirect lands on the Log in tab.
  await expect(page.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
  await logInWithPassword(page, email);
  await expect(page).toHaveURL('/benchmarks');
  await expect(page).toHaveTitle('Search benchmarks');
});

test.describe('open redirects', () => {
  const payloads = ['//evil.com', '/\\evil.com', '/%2F%2Fevil.com', 'https://evil.com', 'javascript:alert(1)'];

  for (const payload of payloads) {
    test(`?redirect=${payload} lands on / after login`, async ({ page, request, baseURL }) => {
      const email = uniqueEmail('redirect');
      await userWithPassword(request, email);
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(frame.url());
      });
      page.on('dialog', (dialog) => void dialog.dismiss());

      await page.goto(`/?redirect=${encodeURIComponent(payload)}`);
      await logInWithPassword(page, email);
      // The fallback target is /, which sends a signed-in user on to /getting-started.
      await expect(page).toHaveURL('/getting-started');
      expect(new URL(page.url()).origin).toBe(new URL(baseURL ?? '').origin);

      // Already signed in, the same address goes straight on to /getting-started.
      await page.goto(`/?redirect=${encodeURIComponent(payload)}`);
      await expect(page).toHaveURL('/getting-started');
      expect(visited.every((url) => new URL(url).origin === new URL(baseURL ?? '').origin)).toBe(true);
    });
  }
});
