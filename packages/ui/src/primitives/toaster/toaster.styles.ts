import type { CSSProperties } from 'react';
import { color, font, radius } from '../../foundations/theme/design-tokens';

// Sonner styles toasts through inline style objects rather than class names.
export const toastStyle: CSSProperties = {
  background: color.surface,
  color: color.text,
  border: `1px solid ${color.border}`,
  borderRadius: radius.lg,
  fontFamily: font.sans,
};
