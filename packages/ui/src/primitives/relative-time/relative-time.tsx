import { formatExactTime, formatRelativeTime } from '../../foundations/format/format';
import { Time } from './relative-time.styles';

export interface RelativeTimeProps {
  value: Date | string | number;
  /** The reference point; stories and screenshots pass a fixed one. */
  now?: Date | number;
  /** Time zone of the exact time in the tooltip; the browser's own when omitted. */
  timeZone?: string;
}

/** "3 h ago", with the exact time on hover and in the machine-readable dateTime. */
export function RelativeTime({ value, now, timeZone }: RelativeTimeProps) {
  const date = value instanceof Date ? value : new Date(value);
  const valid = !Number.isNaN(date.getTime());
  return (
    <Time dateTime={valid ? date.toISOString() : undefined} title={formatExactTime(date, timeZone)}>
      {formatRelativeTime(date, now)}
    </Time>
  );
}
