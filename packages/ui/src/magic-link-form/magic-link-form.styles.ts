import styled from 'styled-components';
import { space } from '../theme/tokens';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
  width: 100%;
`;

export const Confirmation = styled.div`
  &:focus {
    outline: none;
  }
`;
