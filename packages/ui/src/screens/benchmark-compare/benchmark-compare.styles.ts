import styled, { css } from 'styled-components';
import {
  color,
  focusRing,
  font,
  fontSize,
  fontWeight,
  radius,
  space,
  stack,
  wrappingRow,
} from '../../foundations/theme/design-tokens';
import type { Verdict } from './compare-data';

export const ToolbarGroup = styled.div`
  ${wrappingRow(2)}
`;

// Wide comparisons scroll sideways inside the frame; the row labels stay in view. Positioned, so
// that the visually hidden notes in the cells are clipped with the table instead of widening the page.
export const TableFrame = styled.div`
  position: relative;
  overflow-x: auto;
  border: 1px solid ${color.border};
  border-radius: ${radius.lg};
  background: ${color.surface};

  &:focus-visible {
    ${focusRing} outline-offset: -2px;
  }
`;

// A fixed layout gives every table the same column widths, so the columns line up down the page.
export const CompareTable = styled.table<{ $columns: number }>`
  width: 100%;
  min-width: ${({ $columns }) => 170 + $columns * 180}px;
  table-layout: fixed;
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${fontSize.md};
`;

export const Caption = styled.caption`
  padding: ${space(3)} ${space(4)} ${space(2)};
  font-size: ${fontSize.md};
  font-weight: ${fontWeight.semibold};
  text-align: left;
`;

export const RowHeader = styled.th`
  position: sticky;
  left: 0;
  z-index: 1;
  width: 170px;
  padding: ${space(2)} ${space(4)};
  border-top: 1px solid ${color.border};
  background: ${color.sunken};
  color: ${color.textMuted};
  font-size: ${fontSize.sm};
  font-weight: ${fontWeight.medium};
  text-align: left;
  overflow-wrap: anywhere;
`;

export const FlagName = styled.span`
  font-family: ${font.mono};
  font-size: ${fontSize.xs};
`;

export const ColumnHeader = styled.th`
  padding: ${space(3)} ${space(4)};
  background: ${color.sunken};
  font-weight: ${fontWeight.regular};
  text-align: left;
  vertical-align: top;
`;

export const ColumnHead = styled.div`
  ${stack(1)}
  min-width: 0;
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;

export const ColumnName = styled.span`
  display: flex;
  align-items: center;
  gap: ${space(2)};
  color: ${color.text};
  font-weight: ${fontWeight.semibold};
`;

export const ModelName = styled.span`
  overflow-wrap: anywhere;
`;

export const Cell = styled.td<{ $differs?: boolean }>`
  padding: ${space(2)} ${space(4)};
  border-top: 1px solid ${color.border};
  vertical-align: top;
  overflow-wrap: anywhere;
  ${({ $differs }) =>
    $differs &&
    css`
      background: ${color.warningSubtle};
      font-weight: ${fontWeight.semibold};
    `}
`;

const verdictColor: Record<Verdict, string> = {
  better: color.success,
  worse: color.danger,
  same: color.textMuted,
};

export const Delta = styled.span<{ $verdict: Verdict }>`
  display: block;
  font-size: ${fontSize.xs};
  color: ${({ $verdict }) => verdictColor[$verdict]};
`;

// Warning-coloured text, not a colour alone: it says in words why the column is not compared.
export const NotComparableNote = styled.span`
  color: ${color.warning};
  font-size: ${fontSize.xs};
`;

export const Baseline = styled.span`
  display: block;
  font-size: ${fontSize.xs};
  color: ${color.textSubtle};
`;

export const ChartControls = styled.div`
  display: flex;
  justify-content: flex-end;
  max-width: 260px;
`;

export { Toolbar } from '../../primitives/screen-layout';
export { SmallNumber as MonoValue } from '../benchmark-common/benchmark-common.styles';
