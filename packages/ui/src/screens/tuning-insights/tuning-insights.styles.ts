import styled from 'styled-components';
import {
  color,
  font,
  fontSize,
  plainList,
  radius,
  space,
  stack,
  wrappingRow,
} from '../../foundations/theme/design-tokens';
import { SmallNumber } from '../benchmark-common/benchmark-common.styles';

export {
  Note,
  TwoColumns as Pair,
  Section as Root,
  SectionHead as Head,
  SectionTitle as Title,
} from '../../primitives/screen-layout';

export const ImportanceList = styled.ol`
  ${stack(2)}
  ${plainList}
`;

/** flag name · bar · share, the names and shares aligned in columns. */
export const ImportanceRow = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 14rem) minmax(4rem, 1fr) 3.5rem;
  align-items: center;
  gap: ${space(3)};
`;

export const FlagName = styled.span`
  font-family: ${font.mono};
  font-size: ${fontSize.sm};
  overflow-wrap: anywhere;
`;

export const Bar = styled.span`
  display: block;
  height: 8px;
  border-radius: ${radius.md};
  background: ${color.chartGrid};
  overflow: hidden;
`;

export const BarFill = styled.span<{ $share: number }>`
  display: block;
  height: 100%;
  width: ${({ $share }) => `${Math.max(0, Math.min(1, $share)) * 100}%`};
  background: ${color.accent};
`;

export const Share = styled(SmallNumber)`
  text-align: right;
`;

export const RegionList = styled.ul`
  ${stack(3)}
  ${plainList}
`;

export const Region = styled.li`
  ${stack(1)}
`;

export const RegionWords = styled.span`
  font-size: ${fontSize.md};
  overflow-wrap: anywhere;
`;

export const RegionLine = styled.span`
  ${wrappingRow(2)}
`;

export const SliceControls = styled.div`
  max-width: 20rem;
`;
