import styled from 'styled-components';
import { color, focusRing, radius } from '../../foundations/theme/design-tokens';

export const Anchor = styled.a`
  color: ${color.accentText};
  text-decoration: underline;
  text-decoration-thickness: 1px;
  text-underline-offset: 2px;
  border-radius: ${radius.sm};

  &:hover {
    text-decoration-thickness: 2px;
  }
  &:focus-visible {
    ${focusRing}
  }

  svg {
    display: inline-block;
    vertical-align: -2px;
    margin-left: 2px;
  }
`;
