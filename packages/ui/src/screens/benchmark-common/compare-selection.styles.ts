import styled from 'styled-components';
import { color, fontSize, space } from '../../foundations/theme/design-tokens';

export const SelectionBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space(2)} ${space(3)};
  font-size: ${fontSize.sm};
  color: ${color.textMuted};

  > span {
    margin-right: auto;
  }
`;
