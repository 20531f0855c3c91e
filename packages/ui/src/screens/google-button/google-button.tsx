import type { ComponentPropsWithRef } from 'react';
import { GoogleGlyph } from '../../foundations/icons';
import { Spinner } from '../../primitives/spinner';
import { GoogleButtonRoot } from './google-button.styles';

export interface GoogleButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'children'> {
  /** 'Sign up with Google' on the sign-up tab, 'Log in with Google' on the log-in tab. */
  label?: string;
  busy?: boolean;
}

/**
 * A Google sign-in button in our own look, for the slot of the sign-up form. Apps that embed
 * Google's widget put that into the slot instead; its width follows the container either way.
 */
export function GoogleButton({
  label = 'Sign up with Google',
  busy = false,
  disabled,
  type = 'button',
  ...rest
}: GoogleButtonProps) {
  return (
    <GoogleButtonRoot type={type} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <Spinner size={18} /> : <GoogleGlyph size={18} />}
      {label}
    </GoogleButtonRoot>
  );
}
