import styled from 'styled-components';
import { color, fontSize, space } from '../../foundations/theme/design-tokens';

export const Rule = styled.hr`
  width: 100%;
  height: 0;
  margin: 0;
  border: 0;
  border-top: 1px solid ${color.border};
`;

export const LabelledRule = styled.div`
  display: flex;
  align-items: center;
  gap: ${space(3)};
  color: ${color.textMuted};
  font-size: ${fontSize.sm};

  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${color.border};
  }
`;
