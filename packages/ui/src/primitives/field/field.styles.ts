import styled, { css } from 'styled-components';
import {
  color,
  focusRing,
  font,
  fontSize,
  fontWeight,
  lineHeight,
  motion,
  radius,
  space,
  stack,
} from '../../foundations/theme/design-tokens';

export const FieldRoot = styled.div`
  ${stack(1.5)}
  min-width: 0;
`;

export const Label = styled.label`
  font-size: ${fontSize.sm};
  font-weight: ${fontWeight.medium};
  color: ${color.text};
  line-height: ${lineHeight.tight};
`;

export const Hint = styled.p`
  font-size: ${fontSize.sm};
  color: ${color.textMuted};
  line-height: ${lineHeight.tight};
`;

export const ErrorText = styled.p`
  display: flex;
  align-items: flex-start;
  gap: ${space(1.5)};
  font-size: ${fontSize.sm};
  color: ${color.danger};
  line-height: ${lineHeight.tight};

  svg {
    flex: none;
    margin-top: 1px;
  }
`;

export interface ControlStyleProps {
  $invalid?: boolean;
  $mono?: boolean;
}

/** The shared look of text inputs and selects: hairline border, 36 px tall, accent focus ring. */
export const controlStyles = css<ControlStyleProps>`
  width: 100%;
  min-width: 0;
  height: 36px;
  padding: 0 ${space(3)};
  border: 1px solid ${({ $invalid }) => ($invalid ? color.danger : color.borderStrong)};
  border-radius: ${radius.md};
  background: ${color.surface};
  color: ${color.text};
  font-family: ${({ $mono }) => ($mono ? font.mono : font.sans)};
  font-size: ${fontSize.md};
  font-variant-numeric: ${({ $mono }) => ($mono ? 'tabular-nums' : 'normal')};
  transition: border-color ${motion.fast} ${motion.easing};

  &::placeholder {
    color: ${color.textSubtle};
    opacity: 1;
  }
  &:hover:not(:disabled) {
    border-color: ${({ $invalid }) => ($invalid ? color.danger : color.textSubtle)};
  }
  &:focus-visible {
    ${focusRing} outline-offset: 1px;
  }
  &:disabled {
    cursor: not-allowed;
    background: ${color.sunken};
    color: ${color.textMuted};
  }
`;
