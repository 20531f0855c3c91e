import { describe, expect, it } from 'vitest';
import { ACCOUNT_MENU, APP_NAV } from '../src/app-nav.ts';
import { signedInRouter } from './app-router.ts';

// apps/web is the one home of the app's navigation; this holds each link to a page that exists.
describe('the app navigation', () => {
  const router = signedInRouter('/');
  it.each([...APP_NAV, ...ACCOUNT_MENU].map((item) => [item.label, item.href]))(
    '%s (%s) opens a page of the app',
    (_, href) => {
      const pages = Object.keys(router.routesByPath).map(withoutSlash);
      expect(pages).toContain(withoutSlash(href));
    },
  );
});

const withoutSlash = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);
