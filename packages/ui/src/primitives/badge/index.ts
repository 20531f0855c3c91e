export { Badge, STATUS_STYLES, StatusBadge } from './badge';
export type { BadgeProps, KnownStatus, StatusBadgeProps } from './badge';
export type { BadgeTone } from './badge.styles';
