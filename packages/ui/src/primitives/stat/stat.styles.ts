import styled from 'styled-components';
import {
  color,
  font,
  fontSize,
  fontWeight,
  lineHeight,
  numeric,
  space,
  stack,
} from '../../foundations/theme/design-tokens';

export type StatTrend = 'better' | 'worse' | 'neutral';

export const StatRoot = styled.dl`
  ${stack(1)}
  min-width: 0;
  margin: 0;
`;

export const StatLabel = styled.dt`
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;

export const StatValue = styled.dd<{ $size: 'md' | 'lg' }>`
  display: flex;
  align-items: baseline;
  flex-wrap: wrap;
  gap: ${space(1.5)};
  margin: 0;
  ${numeric}
  font-size: ${({ $size }) => ($size === 'lg' ? fontSize.xxl : fontSize.xl)};
  font-weight: ${fontWeight.medium};
  line-height: ${lineHeight.tight};
  color: ${color.text};
`;

export const StatUnit = styled.span`
  font-family: ${font.sans};
  font-size: ${fontSize.sm};
  font-weight: ${fontWeight.regular};
  color: ${color.textMuted};
`;

export const StatDelta = styled.dd<{ $trend: StatTrend }>`
  margin: 0;
  font-size: ${fontSize.sm};
  font-variant-numeric: tabular-nums;
  color: ${({ $trend }) => ($trend === 'better' ? color.success : $trend === 'worse' ? color.danger : color.textMuted)};
`;

export const StatHint = styled.dd`
  margin: 0;
  font-size: ${fontSize.xs};
  color: ${color.textMuted};
`;
