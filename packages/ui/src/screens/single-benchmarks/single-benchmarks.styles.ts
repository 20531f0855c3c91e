import styled from 'styled-components';
import { fontWeight } from '../../foundations/theme/design-tokens';

export const ModelName = styled.span`
  font-weight: ${fontWeight.medium};
  white-space: nowrap;
`;
