import { NotFoundPage } from '@mako/ui';
import { usePageTitleEffect } from '../lib/page-titles/document-title.ts';
import { renderRouterLink } from './router-link.tsx';

/** SPEC §2 "any other path": '404 - Not Found' with a 'Go back to Home' link. */
export function NotFoundRoute() {
  usePageTitleEffect('404 - Not Found');
  return <NotFoundPage homeHref="/" renderLink={renderRouterLink} />;
}
