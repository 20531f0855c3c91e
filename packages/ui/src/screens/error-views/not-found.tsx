import { useId } from 'react';
import type { ReactNode } from 'react';
import { defaultRenderLink } from '../../primitives/app-shell/app-shell';
import type { RenderLink } from '../../primitives/app-shell/app-shell';
import { ButtonLinkGroup } from '../../primitives/button-link-group';
import { MessageActions, MessageCode, MessageRoot, MessageText, MessageTitle } from './error-views.styles';

export const NOT_FOUND_PAGE_TITLE = '404 - Not Found';
export const NOT_FOUND_PAGE_TEXT = 'The page you are looking for does not exist.';
export const NOT_FOUND_HOME_LINK = 'Go back to Home';
export const NOT_FOUND_VIEW_TITLE = 'Not Found';

export interface NotFoundPageProps {
  /** Where 'Go back to Home' leads; '/' per SPEC §2. */
  homeHref?: string;
  /** Renders the link; packages/ui knows no router, apps/web passes its Link here. */
  renderLink?: RenderLink;
}

/** The page for any unknown path (SPEC §2). */
export function NotFoundPage({ homeHref = '/', renderLink = defaultRenderLink }: NotFoundPageProps) {
  const titleId = useId();
  return (
    <MessageRoot $fullPage aria-labelledby={titleId}>
      <MessageCode aria-hidden="true">404</MessageCode>
      <MessageTitle id={titleId}>{NOT_FOUND_PAGE_TITLE}</MessageTitle>
      <MessageText>{NOT_FOUND_PAGE_TEXT}</MessageText>
      <ButtonLinkGroup align="center">{renderLink({ href: homeHref, children: NOT_FOUND_HOME_LINK })}</ButtonLinkGroup>
    </MessageRoot>
  );
}

export interface NotFoundViewProps {
  /** One sentence on what was not found, e.g. "This tuning session does not exist or was deleted." */
  description?: ReactNode;
  /** A way on, e.g. a link back to the list. */
  actions?: ReactNode;
  /** h2 by default: this view usually sits inside a layout that has the page's h1. */
  headingLevel?: 1 | 2 | 3;
}

/** The generic not-found view (SPEC §2 "Default views"), for a missing resource inside a layout. */
export function NotFoundView({ description, actions, headingLevel = 2 }: NotFoundViewProps) {
  const titleId = useId();
  return (
    <MessageRoot aria-labelledby={titleId}>
      <MessageTitle as={`h${headingLevel}`} id={titleId}>
        {NOT_FOUND_VIEW_TITLE}
      </MessageTitle>
      {description ? <MessageText>{description}</MessageText> : null}
      {actions ? <MessageActions>{actions}</MessageActions> : null}
    </MessageRoot>
  );
}
