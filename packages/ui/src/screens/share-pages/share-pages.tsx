import type { ReactNode } from 'react';
import { MakoMark } from '../../foundations/icons';
import { defaultRenderLink } from '../../primitives/app-shell/app-shell';
import type { RenderLink } from '../../primitives/app-shell/app-shell';
import { Button } from '../../primitives/button';
import { ButtonLinkGroup } from '../../primitives/button-link-group';
import { Callout } from '../../primitives/callout';
import { CopyField } from '../../primitives/copy-field';
import { NotFoundView } from '../error-views/not-found';
import { Note, ScreenHeading, ScreenLede, ScreenTitle } from '../benchmark-common/benchmark-common.styles';
import { BrandLine, HeaderLinks, Main, PageHeader, PageRoot, ShareRoot } from './share-pages.styles';

export const PUBLIC_PAGE_NOTE = 'A read-only page shared from MakoOptimize: anyone with the link can open it.';
export const PUBLIC_LINK_NOTE = 'Anyone with this link can open a read-only page, without an account.';

export interface PublicPageProps {
  /** The page's h1 (the document title says the same). Left out while loading or when not found. */
  title?: string;
  children: ReactNode;
  /** Where 'Sign in' and 'Try MakoOptimize' lead: the home page, which signs in and up. */
  homeHref?: string;
  /** Renders the links; packages/ui knows no router, apps/web passes its Link here. */
  renderLink?: RenderLink;
}

/**
 * The frame of a public share page: the product's name and a way in, no app navigation. The
 * screen inside is shown read-only.
 */
export function PublicPage({ title, children, homeHref = '/', renderLink = defaultRenderLink }: PublicPageProps) {
  return (
    <PageRoot>
      <PageHeader>
        <BrandLine>
          <MakoMark size={22} />
          MakoOptimize
        </BrandLine>
        <HeaderLinks aria-label="Account">
          {renderLink({ href: homeHref, children: 'Sign in' })}
          <ButtonLinkGroup size="sm">{renderLink({ href: homeHref, children: 'Try MakoOptimize' })}</ButtonLinkGroup>
        </HeaderLinks>
      </PageHeader>
      <Main>
        {title ? (
          <ScreenHeading>
            <ScreenTitle>{title}</ScreenTitle>
            <ScreenLede>{PUBLIC_PAGE_NOTE}</ScreenLede>
          </ScreenHeading>
        ) : null}
        {children}
      </Main>
    </PageRoot>
  );
}

/** What a share page shows for an item that is missing, private or withdrawn: the same words for each. */
export function PublicNotAvailable({ what, action }: { what: string; action?: ReactNode }) {
  return (
    <NotFoundView
      headingLevel={1}
      description={`This ${what} is not available. It may be private, no longer shared, or deleted.`}
      actions={action}
    />
  );
}

export interface ShareLinkView {
  /** What the link opens: "Public page of this benchmark". */
  label: string;
  url: string;
}

export interface ShareLinksProps {
  /** The public pages of what the owner looks at; empty while nothing of it is public. */
  links: readonly ShareLinkView[];
  /** Said when there is no link, e.g. how to make the item public. */
  emptyNote: ReactNode;
  onCopy?: (url: string) => void;
}

/** The owner's "Share" control: the public addresses of what they publish, to copy. */
export function ShareLinks({ links, emptyNote, onCopy }: ShareLinksProps) {
  return (
    <ShareRoot role="group" aria-label="Share">
      {links.length === 0 ? (
        <Note>{emptyNote}</Note>
      ) : (
        links.map((link) => (
          <CopyField key={link.url} label={link.label} value={link.url} note={PUBLIC_LINK_NOTE} onCopy={onCopy} />
        ))
      )}
    </ShareRoot>
  );
}

export interface SessionShareProps {
  shared: boolean;
  /** Complete or failed: only a finished session can be shared. */
  finished: boolean;
  /** The session's public address. */
  url: string;
  onSharedChange: (shared: boolean) => void;
  /** The change is in flight. */
  busy?: boolean;
  /** Why the last change failed. */
  error?: ReactNode;
  onCopy?: (url: string) => void;
}

/** The owner's switch that shares a finished session, with its public link while shared. */
export function SessionShare({ shared, finished, url, onSharedChange, busy, error, onCopy }: SessionShareProps) {
  return (
    <ShareRoot role="group" aria-label="Share">
      <div>
        <Button
          variant="secondary"
          size="sm"
          busy={busy}
          disabled={!shared && !finished}
          onClick={() => onSharedChange(!shared)}
        >
          {shared ? 'Stop sharing' : 'Share publicly'}
        </Button>
      </div>
      {!shared && !finished ? <Note>A session can be shared once it is finished.</Note> : null}
      {shared ? <CopyField label="Public link" value={url} note={PUBLIC_LINK_NOTE} onCopy={onCopy} /> : null}
      {error ? <Callout tone="danger">{error}</Callout> : null}
    </ShareRoot>
  );
}
