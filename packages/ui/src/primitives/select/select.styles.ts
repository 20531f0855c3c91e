import styled from 'styled-components';
import { controlStyles } from '../field/field.styles';
import type { ControlStyleProps } from '../field/field.styles';
import { color, space } from '../../foundations/theme/design-tokens';

export const SelectWrap = styled.div`
  position: relative;
  display: flex;
  align-items: center;

  svg {
    position: absolute;
    right: ${space(2.5)};
    pointer-events: none;
    color: ${color.textMuted};
  }
`;

export const NativeSelect = styled.select<ControlStyleProps>`
  ${controlStyles}
  appearance: none;
  padding-right: ${space(9)};
  cursor: pointer;
`;
