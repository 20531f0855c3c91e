import styled from 'styled-components';
import { color, fontSize, fontWeight, media, space, stack } from '../../foundations/theme/design-tokens';

export const SelectRow = styled.div`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${space(3)};

  ${media.narrow} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const Headline = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${space(3)};
`;

export const ReportSection = styled.div`
  ${stack(2)}
  min-width: 0;
`;

export const SectionTitle = styled.h3`
  font-size: ${fontSize.md};
  font-weight: ${fontWeight.semibold};
`;

export const Note = styled.p`
  max-width: 72ch;
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;

export const Summary = styled.p`
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;

export const MetricGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  gap: ${space(4)};
`;
