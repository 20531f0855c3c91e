export {
  PUBLIC_LINK_NOTE,
  PUBLIC_PAGE_NOTE,
  PublicNotAvailable,
  PublicPage,
  SessionShare,
  ShareLinks,
} from './share-pages';
export type { PublicPageProps, SessionShareProps, ShareLinkView, ShareLinksProps } from './share-pages';
