import styled from 'styled-components';
import { color, fontSize, fontWeight, radius, space } from '../../foundations/theme/design-tokens';
import { pressableStates } from '../../primitives/button/button.styles';

export const GoogleButtonRoot = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space(2.5)};
  width: 100%;
  height: 40px;
  padding: 0 ${space(4)};
  border: 1px solid ${color.borderStrong};
  border-radius: ${radius.md};
  background: ${color.surface};
  color: ${color.text};
  font-size: ${fontSize.md};
  font-weight: ${fontWeight.medium};
  ${pressableStates}

  &:hover:not(:disabled) {
    background: ${color.sunken};
  }
`;
