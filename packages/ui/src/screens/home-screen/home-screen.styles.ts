import styled from 'styled-components';
import { color, focusRing, fontSize, radius, space, stack } from '../../foundations/theme/design-tokens';

export const Panel = styled.div`
  ${stack(4)}
  padding-top: ${space(1)};
`;

export const SwitchMethod = styled.p`
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
  text-align: center;
`;

export const LinkButton = styled.button.attrs({ type: 'button' })`
  padding: 0;
  border-radius: ${radius.sm};
  border: 0;
  background: none;
  color: ${color.accentText};
  font: inherit;
  text-decoration: underline;
  text-underline-offset: 2px;
  cursor: pointer;

  &:focus-visible {
    ${focusRing}
  }
`;
