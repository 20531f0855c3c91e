import styled from 'styled-components';
import { color, lineHeight, media, space, stack } from '../../foundations/theme/design-tokens';

export const CalculatorRoot = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${space(5)};
  align-items: start;

  ${media.narrow} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const Inputs = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: ${space(4)};

  @media (max-width: 480px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const Results = styled.div`
  ${stack(5)}
`;

export const StatRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(6)} ${space(10)};
`;

export const Assumption = styled.p`
  color: ${color.textMuted};
  line-height: ${lineHeight.normal};
`;
