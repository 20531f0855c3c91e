import type { ReactNode } from 'react';
import type { ButtonSize } from '../button/button.styles';
import { Group } from './button-link-group.styles';
import type { ButtonLinkAlign } from './button-link-group.styles';

export interface ButtonLinkGroupProps {
  /** Links (plain anchors or a router's Link): the first looks like a primary button, the rest secondary. */
  children: ReactNode;
  size?: ButtonSize;
  align?: ButtonLinkAlign;
  className?: string;
}

/**
 * Navigation that looks like buttons. Screens render their links through a `renderLink` prop
 * (packages/ui has no router), so the look is applied to whatever <a> comes back.
 */
export function ButtonLinkGroup({ children, size = 'md', align = 'start', className }: ButtonLinkGroupProps) {
  return (
    <Group $variant="primary" $size={size} $align={align} className={className}>
      {children}
    </Group>
  );
}
