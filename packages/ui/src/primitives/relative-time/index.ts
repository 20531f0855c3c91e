export { RelativeTime } from './relative-time';
export type { RelativeTimeProps } from './relative-time';
