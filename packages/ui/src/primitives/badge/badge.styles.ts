import styled from 'styled-components';
import { color, fontSize, fontWeight, radius, space } from '../../foundations/theme/design-tokens';

export type BadgeTone = 'neutral' | 'accent' | 'info' | 'success' | 'warning' | 'danger';

export const badgeTones: Record<BadgeTone, { fg: string; bg: string }> = {
  neutral: { fg: color.textMuted, bg: color.neutralSubtle },
  accent: { fg: color.accentText, bg: color.accentSubtle },
  info: { fg: color.info, bg: color.infoSubtle },
  success: { fg: color.success, bg: color.successSubtle },
  warning: { fg: color.warning, bg: color.warningSubtle },
  danger: { fg: color.danger, bg: color.dangerSubtle },
};

export const BadgeRoot = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${space(1.5)};
  height: 20px;
  padding: 0 ${space(2)};
  border-radius: ${radius.sm};
  background: ${({ $tone }) => badgeTones[$tone].bg};
  color: ${({ $tone }) => badgeTones[$tone].fg};
  font-size: ${fontSize.xs};
  font-weight: ${fontWeight.medium};
  line-height: 1;
  white-space: nowrap;
  vertical-align: middle;

  svg {
    flex: none;
  }
`;
