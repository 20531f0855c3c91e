import styled, { css } from 'styled-components';
import { color, focusRing, fontSize, fontWeight, motion, radius, space } from '../../foundations/theme/design-tokens';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
  $fullWidth?: boolean;
}

const sizes: Record<ButtonSize, ReturnType<typeof css>> = {
  sm: css`
    height: 28px;
    padding: 0 ${space(2.5)};
    font-size: ${fontSize.sm};
    gap: ${space(1.5)};
  `,
  md: css`
    height: 36px;
    padding: 0 ${space(3.5)};
    font-size: ${fontSize.md};
    gap: ${space(2)};
  `,
  lg: css`
    height: 44px;
    padding: 0 ${space(5)};
    font-size: ${fontSize.lg};
    gap: ${space(2)};
  `,
};

/** A solid button: the border takes the fill's colour, so that it looks the same size as an outlined one. */
const filled = (fill: string, text: string, hover: string) => css`
  background: ${fill};
  color: ${text};
  border-color: ${fill};
  &:hover:not(:disabled) {
    background: ${hover};
    border-color: ${hover};
  }
`;

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: filled(color.accent, color.accentFg, color.accentHover),
  secondary: css`
    background: ${color.surface};
    color: ${color.text};
    border-color: ${color.borderStrong};
    &:hover:not(:disabled) {
      background: ${color.sunken};
    }
  `,
  ghost: css`
    background: transparent;
    color: ${color.text};
    border-color: transparent;
    &:hover:not(:disabled) {
      background: ${color.neutralSubtle};
    }
  `,
  danger: filled(color.danger, color.dangerFg, color.dangerHover),
};

/** What every button-like control shares: the pointer, the focus ring from the keyboard, a dimmed disabled state. */
export const pressableStates = css`
  cursor: pointer;

  &:focus-visible {
    ${focusRing}
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

/**
 * The button look as a style function, so that links (a router Link in apps/web) can look like
 * buttons: styled(Link)`${buttonStyles}` with $variant/$size.
 */
export const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  border: 1px solid transparent;
  border-radius: ${radius.md};
  font-weight: ${fontWeight.medium};
  line-height: 1;
  white-space: nowrap;
  text-decoration: none;
  user-select: none;
  transition:
    background-color ${motion.fast} ${motion.easing},
    border-color ${motion.fast} ${motion.easing};
  ${({ $size = 'md' }) => sizes[$size]}
  ${({ $variant = 'primary' }) => variants[$variant]}
  ${pressableStates}

  &[aria-busy='true'] {
    cursor: progress;
    opacity: 0.85;
  }
`;

export const StyledButton = styled.button<ButtonStyleProps>`
  ${buttonStyles}
`;

export const IconSlot = styled.span`
  display: inline-flex;
  flex: none;
`;
