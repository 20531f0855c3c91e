import styled from 'styled-components';
import { controlStyles } from '../field/field.styles';
import type { ControlStyleProps } from '../field/field.styles';

export const Input = styled.input<ControlStyleProps>`
  ${controlStyles}
`;
