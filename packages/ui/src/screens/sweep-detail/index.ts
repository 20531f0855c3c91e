export { SweepDetail, sweepTitle } from './sweep-detail';
export type { SweepDetailProps } from './sweep-detail';
