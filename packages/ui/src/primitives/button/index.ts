export { Button } from './button';
export type { ButtonProps } from './button';
export { buttonStyles } from './button.styles';
export type { ButtonSize, ButtonStyleProps, ButtonVariant } from './button.styles';
