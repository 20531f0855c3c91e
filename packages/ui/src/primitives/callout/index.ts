export { Callout } from './callout';
export type { CalloutProps } from './callout';
export type { CalloutTone } from './callout.styles';
