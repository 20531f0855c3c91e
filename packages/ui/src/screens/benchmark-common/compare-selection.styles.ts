import styled from 'styled-components';
import { color, fontSize, wrappingRow } from '../../foundations/theme/design-tokens';

export const SelectionBar = styled.div`
  ${wrappingRow(2, 3)}
  font-size: ${fontSize.sm};
  color: ${color.textMuted};

  > span {
    margin-right: auto;
  }
`;
