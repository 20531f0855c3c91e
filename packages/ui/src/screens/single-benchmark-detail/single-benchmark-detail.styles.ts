import styled from 'styled-components';
import { autoFillGrid } from '../../foundations/theme/auto-fill-grid';
import { color, fontSize, fontWeight, media, radius, space, wrappingRow } from '../../foundations/theme/design-tokens';

export const StatGrid = styled.div`
  ${autoFillGrid(130, 4)}
`;

export const Actions = styled.div`
  ${wrappingRow(2)}
`;

export const ReadOnlyNote = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${space(1.5)};
  padding: ${space(1)} ${space(2)};
  border: 1px solid ${color.border};
  border-radius: ${radius.md};
  background: ${color.sunken};
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;

export const ChartToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${space(3)};

  & > :last-child {
    width: 200px;

    ${media.narrow} {
      width: 100%;
    }
  }
`;

export const SelectCell = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${space(2)};
  cursor: pointer;
  font-variant-numeric: tabular-nums;

  input {
    width: 16px;
    height: 16px;
    margin: 0;
    accent-color: ${color.accent};
    cursor: pointer;
  }
`;

export const MetricName = styled.span`
  font-family: inherit;
  font-weight: ${fontWeight.medium};
`;

export { Note, Subsection as Section, SubsectionTitle as SectionTitle } from '../../primitives/screen-layout';
