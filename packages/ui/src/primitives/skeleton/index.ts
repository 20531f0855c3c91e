export { Loading, Skeleton } from './skeleton';
export type { LoadingProps, SkeletonProps } from './skeleton';
