export { ExternalLink, TextLink } from './link';
export type { ExternalLinkProps, TextLinkProps } from './link';
