import styled from 'styled-components';
import { color, fontSize, space, stack } from '../../foundations/theme/design-tokens';

export const VerdictList = styled.ul`
  ${stack(1)}
  margin: 0;
  padding-left: ${space(4)};
  font-size: ${fontSize.sm};
`;

export const Muted = styled.span`
  color: ${color.textMuted};
`;
