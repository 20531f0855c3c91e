import type { ReactNode } from 'react';
import { AlertCircleIcon, AlertTriangleIcon, CheckIcon, XIcon } from '../../foundations/icons';
import { Spinner } from '../spinner';
import { BadgeRoot } from './badge.styles';
import type { BadgeTone } from './badge.styles';

export interface BadgeProps {
  tone?: BadgeTone;
  /** A small leading icon; status badges pick one per status so the shape differs, not only the hue. */
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A short label on a tinted background. */
export function Badge({ tone = 'neutral', icon, children, className }: BadgeProps) {
  return (
    <BadgeRoot $tone={tone} className={className} data-tone={tone}>
      {icon}
      {children}
    </BadgeRoot>
  );
}

const Dot = () => (
  <svg width={8} height={8} viewBox="0 0 8 8" aria-hidden="true" focusable="false">
    <circle cx="4" cy="4" r="3" fill="none" stroke="currentColor" strokeWidth="1.5" />
  </svg>
);

interface StatusStyle {
  tone: BadgeTone;
  label: string;
  icon: ReactNode;
}

/**
 * The statuses of sessions, trials, pending configurations, benchmarks, tokens and subscriptions.
 * Each has words, a tone and an icon: colour is never the only signal.
 */
export const STATUS_STYLES = {
  pending: { tone: 'neutral', label: 'Pending', icon: <Dot /> },
  queued: { tone: 'neutral', label: 'Queued', icon: <Dot /> },
  running: { tone: 'info', label: 'Running', icon: <Spinner size={10} /> },
  leased: { tone: 'info', label: 'Leased', icon: <Spinner size={10} /> },
  complete: { tone: 'success', label: 'Complete', icon: <CheckIcon size={12} /> },
  evaluated: { tone: 'success', label: 'Evaluated', icon: <CheckIcon size={12} /> },
  active: { tone: 'success', label: 'Active', icon: <CheckIcon size={12} /> },
  verified: { tone: 'success', label: 'Verified', icon: <CheckIcon size={12} /> },
  published: { tone: 'accent', label: 'Published', icon: <CheckIcon size={12} /> },
  infeasible: { tone: 'warning', label: 'Infeasible', icon: <AlertTriangleIcon size={12} /> },
  expired: { tone: 'warning', label: 'Expired', icon: <AlertTriangleIcon size={12} /> },
  timeout: { tone: 'warning', label: 'Timed out', icon: <AlertTriangleIcon size={12} /> },
  past_due: { tone: 'warning', label: 'Past due', icon: <AlertTriangleIcon size={12} /> },
  failed: { tone: 'danger', label: 'Failed', icon: <XIcon size={12} /> },
  oom: { tone: 'danger', label: 'Out of memory', icon: <AlertCircleIcon size={12} /> },
  crash: { tone: 'danger', label: 'Crashed', icon: <AlertCircleIcon size={12} /> },
  invalid: { tone: 'danger', label: 'Invalid', icon: <XIcon size={12} /> },
  revoked: { tone: 'neutral', label: 'Revoked', icon: <XIcon size={12} /> },
  canceled: { tone: 'neutral', label: 'Canceled', icon: <XIcon size={12} /> },
} satisfies Record<string, StatusStyle>;

export type KnownStatus = keyof typeof STATUS_STYLES;

export interface StatusBadgeProps {
  /** A known status picks its words, tone and icon; any other string is shown as-is in neutral. */
  status: KnownStatus | (string & {});
  /** Replaces the default words, e.g. "Running · 34/50". */
  label?: ReactNode;
  className?: string;
}

export function StatusBadge({ status, label, className }: StatusBadgeProps) {
  const style: StatusStyle | undefined = (STATUS_STYLES as Record<string, StatusStyle>)[status];
  return (
    <Badge tone={style?.tone ?? 'neutral'} icon={style?.icon ?? <Dot />} className={className}>
      {label ?? style?.label ?? status}
    </Badge>
  );
}
