export { Stat } from './stat';
export type { StatProps } from './stat';
export type { StatTrend } from './stat.styles';
