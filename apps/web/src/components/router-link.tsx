import { Link } from '@tanstack/react-router';
import type { RenderLink } from '@mako/ui';

/**
 * packages/ui renders internal links through this: the router's Link, so that navigation stays
 * client-side and routes preload on hover. The hrefs come from the ui's navigation table.
 */
export const renderRouterLink: RenderLink = ({ href, children, onClick, ...rest }) => (
  <Link to={href} onClick={onClick} {...rest}>
    {children}
  </Link>
);
