import styled from 'styled-components';
import {
  color,
  focusRing,
  font,
  fontSize,
  fontWeight,
  radius,
  space,
  wrappingRow,
} from '../../foundations/theme/design-tokens';

export type CellAlign = 'left' | 'right' | 'center';

export const TableFrame = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  border: 1px solid ${color.border};
  border-radius: ${radius.lg};
  background: ${color.surface};
  overflow: hidden;
`;

export const Scroller = styled.div<{ $maxHeight?: number }>`
  overflow: auto;
  max-height: ${({ $maxHeight }) => ($maxHeight ? `${$maxHeight}px` : 'none')};
  overscroll-behavior: contain;

  &:focus-visible {
    ${focusRing} outline-offset: -2px;
  }
`;

// Wide tables scroll sideways inside the frame rather than truncating numbers.
export const Table = styled.table`
  width: 100%;
  min-width: max-content;
  border-collapse: separate;
  border-spacing: 0;
  font-size: ${fontSize.md};
`;

export const Caption = styled.caption`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
`;

export const HeaderCell = styled.th<{ $align: CellAlign; $width?: string }>`
  position: sticky;
  top: 0;
  z-index: 1;
  width: ${({ $width }) => $width ?? 'auto'};
  height: 36px;
  padding: 0 ${space(3)};
  border-bottom: 1px solid ${color.border};
  background: ${color.sunken};
  color: ${color.textMuted};
  font-size: ${fontSize.sm};
  font-weight: ${fontWeight.medium};
  text-align: ${({ $align }) => $align};
  white-space: nowrap;
`;

export const SortButton = styled.button<{ $align: CellAlign }>`
  display: inline-flex;
  align-items: center;
  gap: ${space(1)};
  flex-direction: ${({ $align }) => ($align === 'right' ? 'row-reverse' : 'row')};
  margin: 0 -${space(1)};
  padding: ${space(1)};
  border: 0;
  border-radius: ${radius.sm};
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;

  &:hover {
    color: ${color.text};
  }
  &:focus-visible {
    ${focusRing}
  }
  &[data-sorted='true'] {
    color: ${color.text};
  }
`;

export const Row = styled.tr<{ $height: number }>`
  height: ${({ $height }) => $height}px;

  &:hover > td {
    background: ${color.sunken};
  }
  &:last-child > td {
    border-bottom: 0;
  }
`;

/**
 * Alignment and the numeric style are attributes (data-align, data-numeric) rather than props of
 * the styled component: with no function in its styles, styled-components makes its class once
 * instead of evaluating and hashing the styles of each of a page's thousand cells on every render.
 */
export const Cell = styled.td`
  padding: 0 ${space(3)};
  border-bottom: 1px solid ${color.border};
  text-align: left;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;

  &[data-align='right'] {
    text-align: right;
  }
  &[data-align='center'] {
    text-align: center;
  }
  &[data-numeric] {
    font-family: ${font.mono};
    font-size: ${fontSize.sm};
  }
`;

export const SpacerCell = styled.td`
  padding: 0;
  border: 0;
`;

export const MessageCell = styled.td`
  padding: ${space(6)} ${space(4)};
  text-align: center;
  color: ${color.textMuted};
`;

export const Pager = styled.nav`
  ${wrappingRow(2)}
  justify-content: space-between;
  padding: ${space(2)} ${space(3)};
  border-top: 1px solid ${color.border};
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;

export const PagerRange = styled.p`
  font-variant-numeric: tabular-nums;
`;

export const PagerButtons = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(2)};
`;
