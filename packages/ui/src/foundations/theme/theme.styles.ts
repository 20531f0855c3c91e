import styled from 'styled-components';
import { autoFillGrid } from './auto-fill-grid';
import { color, font, fontSize, fontWeight, radius, space, stack } from './design-tokens';

export const Sheet = styled.div`
  ${stack(4)}
`;

export const SwatchGrid = styled.ul`
  ${autoFillGrid(112, 2)}
  margin: ${space(2)} 0 0;
  padding: 0;
  list-style: none;
`;

export const Swatch = styled.li`
  display: flex;
  flex-direction: column;
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  overflow: hidden;
  background: ${color.surface};
`;

export const SwatchChip = styled.span<{ $value: string }>`
  height: 24px;
  background: ${({ $value }) => $value};
  border-bottom: 1px solid ${color.border};
`;

export const SwatchName = styled.span`
  padding: ${space(1.5)} ${space(2)} 0;
  font-size: ${fontSize.sm};
  font-weight: ${fontWeight.medium};
`;

export const SwatchValue = styled.code`
  padding: 0 ${space(2)} ${space(1.5)};
  font-family: ${font.mono};
  font-size: ${fontSize.xs};
  color: ${color.textMuted};
`;

export const SectionTitle = styled.h2`
  font-size: ${fontSize.lg};
  font-weight: ${fontWeight.semibold};
`;

export const TypeSample = styled.p<{ $mono?: boolean; $size: string }>`
  font-family: ${({ $mono }) => ($mono ? font.mono : font.sans)};
  font-size: ${({ $size }) => $size};
  font-variant-numeric: tabular-nums;
`;
