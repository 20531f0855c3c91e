import type { ReactNode } from 'react';
import { radius as radii } from '../../foundations/theme/design-tokens';
import { VisuallyHidden } from '../visually-hidden';
import { Block, Lines, LoadingRegion } from './skeleton.styles';

const px = (value: number | string) => (typeof value === 'number' ? `${value}px` : value);

export interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  radius?: number | string;
  /** Several text-like bars; the last one is shorter, as paragraphs end. */
  lines?: number;
}

/** A placeholder shape while data loads. Decorative: wrap groups in <Loading> for the announcement. */
export function Skeleton({ width = '100%', height = 16, radius = radii.sm, lines }: SkeletonProps) {
  if (lines && lines > 1) {
    return (
      <Lines aria-hidden="true">
        {Array.from({ length: lines }, (_, index) => (
          <Block
            key={index}
            $width={index === lines - 1 ? '60%' : px(width)}
            $height={px(height)}
            $radius={px(radius)}
          />
        ))}
      </Lines>
    );
  }
  return <Block aria-hidden="true" $width={px(width)} $height={px(height)} $radius={px(radius)} />;
}

export interface LoadingProps {
  /** Announced once to assistive technology, e.g. "Loading tuning sessions". */
  label: string;
  /** The skeleton layout that mirrors the content to come. */
  children: ReactNode;
  className?: string;
}

/** A busy region: skeletons for the eye, one status message for screen readers. */
export function Loading({ label, children, className }: LoadingProps) {
  return (
    <LoadingRegion role="status" aria-busy="true" className={className}>
      <VisuallyHidden>{label}</VisuallyHidden>
      {children}
    </LoadingRegion>
  );
}
