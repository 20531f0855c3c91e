import styled from 'styled-components';
import { autoFillGrid } from '../../foundations/theme/auto-fill-grid';
import { media, space, splitRow } from '../../foundations/theme/design-tokens';

export const SelectRow = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${space(3)};

  ${media.narrow} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const Headline = styled.div`
  ${splitRow(3)}
`;

export const MetricGrid = styled.div`
  ${autoFillGrid(120, 4)}
`;

export {
  ScreenLede as Note,
  Note as Summary,
  Subsection as ReportSection,
  SubsectionTitle as SectionTitle,
} from '../../primitives/screen-layout';
