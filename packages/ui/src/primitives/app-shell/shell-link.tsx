import type { ReactNode } from 'react';

/** What a link renderer receives. Render an <a> (or a router Link that renders one) with all of it. */
export interface ShellLinkProps {
  href: string;
  children: ReactNode;
  'aria-current'?: 'page';
  /** Closes the mobile navigation; call it from the link's click handler. */
  onClick?: () => void;
}

export type RenderLink = (props: ShellLinkProps) => ReactNode;

/** A plain anchor: full page loads. apps/web passes a router Link instead. */
export const defaultRenderLink: RenderLink = ({ href, children, onClick, ...rest }) => (
  <a href={href} onClick={onClick} {...rest}>
    {children}
  </a>
);
