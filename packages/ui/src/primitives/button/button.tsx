import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Spinner } from '../spinner';
import { IconSlot, StyledButton } from './button.styles';
import type { ButtonSize, ButtonVariant } from './button.styles';

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /** primary: the one main action of a view; secondary: everything else; ghost: toolbars; danger: destroys data. */
  variant?: ButtonVariant;
  /** sm 28 px, md 36 px, lg 44 px (a comfortable touch target). */
  size?: ButtonSize;
  /** Shows a spinner, disables the button and sets aria-busy while an action is in flight. */
  busy?: boolean;
  /** An icon before the label (replaced by the spinner while busy). */
  icon?: ReactNode;
  /** An icon after the label. */
  iconEnd?: ReactNode;
  fullWidth?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  icon,
  iconEnd,
  fullWidth = false,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const spinnerSize = size === 'lg' ? 18 : size === 'sm' ? 12 : 16;
  return (
    <StyledButton
      type={type}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner size={spinnerSize} /> : icon ? <IconSlot>{icon}</IconSlot> : null}
      {children}
      {iconEnd ? <IconSlot>{iconEnd}</IconSlot> : null}
    </StyledButton>
  );
}
