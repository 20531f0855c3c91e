import { expect, test } from '@playwright/test';
import { signedInAccount } from './support.ts';

test('an unknown route shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 - Not Found' })).toBeVisible();
  await expect(page.getByText('The page you are looking for does not exist.')).toBeVisible();
  await expect(page).toHaveTitle('404 - Not Found');
  await page.getByRole('link', { name: 'Go back to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('tab', { name: 'Sign up' })).toBeVisible();
});

for (const path of ['/verify-email', '/verify-email?token=', '/magic-link-login']) {
  test(`${path} without a token says 'Token is required'`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Token is required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back to Home' })).toHaveAttribute('href', '/');
  });
}

test('every app page has its title from the spec, in the top bar and the tab', async ({ page, request }) => {
  await signedInAccount(page, request, 'titles');
  const pages: [string, string][] = [
    ['/tokens', 'MAKO Optimize Tokens'],
    ['/subscription', 'Subscription - Choose Your Plan'],
    ['/serve-requests', 'MAKO Serve Requests'],
    ['/getting-started', 'Get started with MakoOptimize'],
    ['/dockerhub', 'Dockerhub Tokens'],
    ['/benchmarks', 'Search benchmarks'],
    ['/subscription/success', 'Payment Successful - Welcome to Pro!'],
    ['/subscription/cancel', 'Payment Cancelled'],
    ['/tuning-sessions', 'Tuning sessions'],
  ];
  for (const [path, title] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(title);
  }
});

test('the payment pages need a login and come back to the same address', async ({ page }) => {
  await page.goto('/subscription/cancel');
  await expect(page).toHaveURL('/?redirect=%2Fsubscription%2Fcancel');
});
