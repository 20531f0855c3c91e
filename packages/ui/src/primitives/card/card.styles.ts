import styled, { css } from 'styled-components';
import {
  color,
  fontSize,
  fontWeight,
  lineHeight,
  radius,
  space,
  splitRow,
  stack,
} from '../../foundations/theme/design-tokens';

export type CardPadding = 'none' | 'sm' | 'md' | 'lg';

const paddings: Record<CardPadding, string> = { none: '0', sm: space(3), md: space(5), lg: space(6) };

export const CardRoot = styled.section<{ $padding: CardPadding; $tone: 'default' | 'sunken' }>`
  ${stack(4)}
  min-width: 0;
  padding: ${({ $padding }) => paddings[$padding]};
  border: 1px solid ${color.border};
  border-radius: ${radius.lg};
  background: ${({ $tone }) => ($tone === 'sunken' ? color.sunken : color.surface)};
`;

export const CardHeader = styled.header`
  ${splitRow(3)}
`;

export const CardHeading = styled.div`
  ${stack(1)}
  min-width: 0;
`;

const headingText = css`
  font-size: ${fontSize.lg};
  font-weight: ${fontWeight.semibold};
  line-height: ${lineHeight.tight};
  color: ${color.text};
`;

export const CardTitle = styled.h2`
  ${headingText}
`;

export const CardDescription = styled.p`
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;

export const CardActions = styled.div`
  display: flex;
  gap: ${space(2)};
  flex-wrap: wrap;
`;

export const CardFooter = styled.footer`
  display: flex;
  justify-content: flex-end;
  gap: ${space(2)};
  padding-top: ${space(4)};
  border-top: 1px solid ${color.border};
`;
