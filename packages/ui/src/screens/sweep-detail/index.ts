export { SweepDetail } from './sweep-detail';
export type { SweepDetailProps } from './sweep-detail';
