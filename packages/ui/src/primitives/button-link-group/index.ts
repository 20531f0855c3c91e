export { ButtonLinkGroup } from './button-link-group';
export type { ButtonLinkGroupProps } from './button-link-group';
