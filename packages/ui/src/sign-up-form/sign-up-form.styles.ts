import styled from 'styled-components';
import { color, fontSize, lineHeight, space } from '../theme/tokens';

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${space(4)};
  width: 100%;
`;

export const Legal = styled.p`
  font-size: ${fontSize.sm};
  line-height: ${lineHeight.normal};
  color: ${color.textMuted};
`;

export const Success = styled.div`
  &:focus {
    outline: none;
  }
  &:focus-visible > * {
    outline: 2px solid ${color.focus};
    outline-offset: 2px;
  }
`;
