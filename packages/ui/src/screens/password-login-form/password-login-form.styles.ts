import styled from 'styled-components';
import { stack } from '../../foundations/theme/design-tokens';

export const Form = styled.form`
  ${stack(4)}
  width: 100%;
`;
