import type { ReactNode } from 'react';
import { Skeleton } from '../skeleton';
import { StatDelta, StatHint, StatLabel, StatRoot, StatUnit, StatValue } from './stat.styles';
import type { StatTrend } from './stat.styles';

export interface StatProps {
  label: ReactNode;
  /** Already formatted (formatTokensPerSecond, formatMs, formatUsd …). */
  value: ReactNode;
  unit?: ReactNode;
  /**
   * A comparison such as "38 % higher than the defaults". `trend` colours it by whether it is good news (a
   * latency going down is 'better'); the words carry the meaning on their own.
   */
  delta?: ReactNode;
  trend?: StatTrend;
  hint?: ReactNode;
  size?: 'md' | 'lg';
  /** Shows a placeholder instead of the value. */
  loading?: boolean;
  className?: string;
}

/** One labelled number, in monospace with tabular figures. */
export function Stat({
  label,
  value,
  unit,
  delta,
  trend = 'neutral',
  hint,
  size = 'md',
  loading = false,
  className,
}: StatProps) {
  return (
    <StatRoot className={className}>
      <StatLabel>{label}</StatLabel>
      <StatValue $size={size}>
        {loading ? (
          <Skeleton width={120} height={size === 'lg' ? 30 : 24} />
        ) : (
          <>
            <span>{value}</span>
            {unit ? <StatUnit>{unit}</StatUnit> : null}
          </>
        )}
      </StatValue>
      {delta && !loading ? <StatDelta $trend={trend}>{delta}</StatDelta> : null}
      {hint ? <StatHint>{hint}</StatHint> : null}
    </StatRoot>
  );
}
