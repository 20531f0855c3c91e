import styled from 'styled-components';
import { space } from '../../foundations/theme/design-tokens';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
  width: 100%;
`;
