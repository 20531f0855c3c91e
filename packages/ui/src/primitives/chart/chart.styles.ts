import styled from 'styled-components';
import {
  color,
  fontSize,
  numeric,
  plainList,
  radius,
  shadow,
  space,
  stack,
} from '../../foundations/theme/design-tokens';
import { Note, SubsectionTitle } from '../screen-layout';

export const Figure = styled.figure`
  ${stack(3)}
  min-width: 0;
  margin: 0;
`;

export const FigureCaption = styled.figcaption`
  ${stack(1)}
`;

// The caption reads like a subsection's title over its note, but neither is a heading or a paragraph.
export const FigureTitle = styled(SubsectionTitle).attrs({ as: 'span' })``;

export const FigureSummary = styled(Note).attrs({ as: 'span' })``;

export const Plot = styled.div<{ $height: number }>`
  width: 100%;
  height: ${({ $height }) => $height}px;
  min-width: 0;
`;

export const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(2)} ${space(4)};
  ${plainList}
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;

export const LegendItem = styled.li`
  display: inline-flex;
  align-items: center;
  gap: ${space(1.5)};
`;

export const TooltipBox = styled.div`
  ${stack(1)}
  padding: ${space(2)} ${space(3)};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.surface};
  color: ${color.text};
  box-shadow: ${shadow.popover};
  font-size: ${fontSize.sm};
`;

export const TooltipValue = styled.span`
  ${numeric}
`;
