import styled from 'styled-components';
import { color, font, fontSize, plainList, space, stack, wrappingRow } from '../../foundations/theme/design-tokens';

export const Header = styled.header`
  ${stack(2)}
  min-width: 0;
`;

/** "[status] objective: … · constraint: … · 34/50 trials · 2 pending", wrapping on narrow screens. */
export const SummaryLine = styled.ul`
  ${wrappingRow(1, 2)}
  ${plainList}
  font-size: ${fontSize.md};
  color: ${color.text};

  > li + li::before {
    content: '·';
    margin-right: ${space(2)};
    color: ${color.textSubtle};
  }
`;

export const SettingLine = styled.p`
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
  overflow-wrap: anywhere;
`;

export const TopGrid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 5fr) minmax(0, 7fr);
  gap: ${space(4)};
  align-items: stretch;

  @media (max-width: 1100px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const BestBody = styled.div`
  ${stack(4)}
  min-width: 0;
`;

export const OptionsHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space(2)};
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;

// Status, 'Best' and a failure reason wrap within the cell rather than widening the table, so that
// every column of the results fits a laptop-width page without sideways scrolling.
export const StatusCell = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(1)} ${space(2)};
  max-width: 200px;
  white-space: normal;
`;

export const FailureText = styled.span`
  display: inline-block;
  max-width: 180px;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  vertical-align: middle;
  font-family: ${font.mono};
  font-size: ${fontSize.xs};
  color: ${color.textMuted};
`;

export const SkeletonGrid = styled.div`
  ${stack(4)}
`;

/** Lets a row's option chips wrap instead of widening the whole table. */
export const ChipsCell = styled.div`
  min-width: 200px;
  max-width: 320px;
  padding: ${space(1.5)} 0;
  white-space: normal;
`;

export {
  Section as CardStack,
  HeadActions as ExportActions,
  Note,
  Subsection as OptionsBlock,
  ScreenRoot,
  ScreenTitle as Title,
  Section,
  SectionHead,
  SectionTitle,
} from '../../primitives/screen-layout';

export { Identifier as Mono, SmallNumber as Numbers } from '../benchmark-common/benchmark-common.styles';

/** A trial's flags its engine reported otherwise, one a line under its "Engine differs" badge. */
export const MismatchList = styled.ul`
  ${plainList}
  ${stack(0.5)}
  flex-basis: 100%;
  font-size: ${fontSize.xs};
  color: ${color.textMuted};
  overflow-wrap: anywhere;
`;
