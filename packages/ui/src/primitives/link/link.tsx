import type { ComponentPropsWithRef } from 'react';
import { ExternalLinkIcon } from '../../foundations/icons';
import { VisuallyHidden } from '../visually-hidden';
import { Anchor } from './link.styles';

export type TextLinkProps = ComponentPropsWithRef<'a'>;

/** An inline link in the accent colour, underlined so it is not told apart by colour alone. */
export function TextLink(props: TextLinkProps) {
  return <Anchor {...props} />;
}

export interface ExternalLinkProps extends Omit<ComponentPropsWithRef<'a'>, 'target' | 'rel'> {
  href: string;
  /** Adds the ↗ icon after the text. */
  showIcon?: boolean;
}

/** Opens in a new tab without giving the new page a handle on this one, and says so to screen readers. */
export function ExternalLink({ children, showIcon = false, ...rest }: ExternalLinkProps) {
  return (
    <Anchor target="_blank" rel="noopener noreferrer" {...rest}>
      {children}
      {showIcon ? <ExternalLinkIcon size={14} /> : null}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}
