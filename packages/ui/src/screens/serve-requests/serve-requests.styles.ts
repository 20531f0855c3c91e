import styled from 'styled-components';
import {
  color,
  fontSize,
  fontWeight,
  lineHeight,
  plainList,
  space,
  stack,
} from '../../foundations/theme/design-tokens';
import { Section, TwoColumns } from '../../primitives/screen-layout';

export const PageRoot = styled.div`
  ${stack(6)}
  min-width: 0;
`;

export const FormGrid = styled(TwoColumns).attrs({ as: 'form' })``;

/** Hardware name and GPU count side by side, the count narrow. */
export const HardwareRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 96px;
  gap: ${space(3)};
  min-width: 0;
`;

export const FormActions = styled.div`
  grid-column: 1 / -1;
  ${stack(3)}
  align-items: flex-start;
`;

export const ListSection = styled(Section).attrs({ as: 'section' })``;

export const SectionHeading = styled.h2`
  font-size: ${fontSize.lg};
  font-weight: ${fontWeight.semibold};
`;

export const RequestList = styled.ul`
  ${stack(3)}
  ${plainList}
`;

export const RequestMeta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${space(1)} ${space(3)};
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
`;

export const Explanation = styled.p`
  line-height: ${lineHeight.normal};
`;

export { TitleWithBadges as RequestTitle } from '../../primitives/screen-layout';
