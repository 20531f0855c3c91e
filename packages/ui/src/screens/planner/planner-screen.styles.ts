import styled from 'styled-components';
import { color, fontSize, media, numeric, space, stack } from '../../foundations/theme/design-tokens';

export const PlanForm = styled.form`
  ${stack(3)}
`;

export const FieldRow = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: ${space(3)};
  margin: 0;
  padding: 0;
  border: 0;

  ${media.narrow} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const Legend = styled.legend`
  padding: 0 0 ${space(1)};
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;

export const FormActions = styled.div`
  display: flex;
  gap: ${space(2)};
  align-items: center;
`;

export const Figure = styled.span`
  ${numeric}
  white-space: nowrap;
`;

/** The ± band beside a figure: quieter than the figure itself. */
export const Band = styled.span`
  ${numeric}
  margin-left: ${space(1)};
  font-size: ${fontSize.xs};
  color: ${color.textMuted};
  white-space: nowrap;
`;

export const RowActions = styled.span`
  display: inline-flex;
  gap: ${space(1)};
`;

export const Reason = styled.span`
  display: inline-block;
  min-width: 40ch;
  max-width: 80ch;
  white-space: normal;
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;

export const Results = styled.section`
  ${stack(3)}
`;
