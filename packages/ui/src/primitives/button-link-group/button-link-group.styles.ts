import styled, { css } from 'styled-components';
import { buttonStyles } from '../button/button.styles';
import type { ButtonStyleProps } from '../button/button.styles';
import { color, space } from '../../foundations/theme/design-tokens';

export type ButtonLinkAlign = 'start' | 'center';

/** The secondary button look, for the links after the first one (the way on is the first). */
const secondaryLook = css`
  background: ${color.surface};
  color: ${color.text};
  border-color: ${color.borderStrong};
  &:hover {
    background: ${color.sunken};
    border-color: ${color.borderStrong};
  }
`;

export const Group = styled.div<ButtonStyleProps & { $align: ButtonLinkAlign }>`
  display: flex;
  flex-wrap: wrap;
  justify-content: ${({ $align }) => ($align === 'center' ? 'center' : 'flex-start')};
  gap: ${space(3)};

  & > a {
    ${buttonStyles}
  }

  & > a ~ a {
    ${secondaryLook}
  }
`;
