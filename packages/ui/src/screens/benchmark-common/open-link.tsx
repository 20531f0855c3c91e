import type { MouseEvent, ReactNode } from 'react';
import { TextLink } from '../../primitives/link';
import { LinkButton } from './benchmark-common.styles';

export interface OpenLinkProps {
  /** The detail page's address; with it the entry is a real link (open in a new tab works). */
  href?: string;
  onOpen: () => void;
  children: ReactNode;
  'aria-label'?: string;
}

const opensElsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * Opens a detail view through `onOpen` (the app routes). Given an href it renders a link whose
 * plain click is handed to `onOpen`, while modified clicks keep the browser's new-tab behaviour.
 */
export function OpenLink({ href, onOpen, children, ...rest }: OpenLinkProps) {
  if (!href) {
    return (
      <LinkButton type="button" onClick={onOpen} aria-label={rest['aria-label']}>
        {children}
      </LinkButton>
    );
  }
  return (
    <TextLink
      href={href}
      aria-label={rest['aria-label']}
      onClick={(event) => {
        if (event.defaultPrevented || opensElsewhere(event)) return;
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
    </TextLink>
  );
}
