import styled from 'styled-components';
import { controlStyles } from '../field/field.styles';
import type { ControlStyleProps } from '../field/field.styles';
import { lineHeight, space } from '../../foundations/theme/design-tokens';

/** The text inputs' look, grown to several lines and resizable in height only. */
export const Area = styled.textarea<ControlStyleProps>`
  ${controlStyles}
  height: auto;
  min-height: 96px;
  padding: ${space(2)} ${space(3)};
  line-height: ${lineHeight.normal};
  resize: vertical;
`;
