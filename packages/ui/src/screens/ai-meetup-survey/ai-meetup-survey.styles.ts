import styled from 'styled-components';
import { autoFillGrid } from '../../foundations/theme/auto-fill-grid';
import { color, fontSize, fontWeight, space, stack } from '../../foundations/theme/design-tokens';

export const SurveyRoot = styled.section`
  ${stack(5)}
  width: 100%;
  max-width: 640px;
  margin: 0 auto;
  padding: ${space(8)} 0;
`;

export const SurveyForm = styled.form`
  ${stack(5)}
`;

export const TwoColumns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${space(4)};
`;

export const EngineFieldset = styled.fieldset`
  ${stack(2.5)}
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

export const Legend = styled.legend`
  margin-bottom: ${space(2)};
  padding: 0;
  font-size: ${fontSize.sm};
  font-weight: ${fontWeight.medium};
`;

export const EngineGrid = styled.div`
  ${autoFillGrid(200, 2.5, 4)}
`;

export const Optional = styled.span`
  color: ${color.textMuted};
  font-weight: ${fontWeight.regular};
`;

export const SubmitRow = styled.div`
  ${stack(3)}
  align-items: flex-start;
`;

export const ThankYou = styled.div`
  ${stack(4)}

  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 2px solid ${color.focus};
    outline-offset: 4px;
  }
`;

export { StandaloneLede as SurveyIntro, StandaloneTitle as SurveyTitle } from '../../primitives/screen-layout';
