import styled from 'styled-components';
import { color, fontSize, lineHeight } from '../../foundations/theme/design-tokens';

export const Legal = styled.p`
  font-size: ${fontSize.sm};
  line-height: ${lineHeight.normal};
  color: ${color.textMuted};
`;
