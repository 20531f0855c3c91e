import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { useUiTheme } from '../../foundations/theme/ui-provider';
import { toastStyle } from './toaster.styles';

/** SPEC §9: 3 visible, 4000 ms, 14 px gap, 356 px wide. */
export const TOAST_VISIBLE_COUNT = 3;
export const TOAST_DURATION_MS = 4000;
export const TOAST_GAP_PX = 14;
export const TOAST_WIDTH_PX = 356;

export const TOASTER_CONFIG = {
  visibleToasts: TOAST_VISIBLE_COUNT,
  duration: TOAST_DURATION_MS,
  gap: TOAST_GAP_PX,
  width: TOAST_WIDTH_PX,
} as const;

export interface ToasterProps {
  /** Where toasts stack; bottom-right by default, top-center suits narrow screens. */
  position?: 'top-left' | 'top-center' | 'top-right' | 'bottom-left' | 'bottom-center' | 'bottom-right';
}

/**
 * Mount once inside UiProvider; raise toasts with `toast(...)` / `toast.error(...)` from this package.
 * The theme follows UiProvider's mode.
 */
export function Toaster({ position = 'bottom-right' }: ToasterProps) {
  const { mode } = useUiTheme();
  return (
    <Sonner
      theme={mode}
      position={position}
      visibleToasts={TOASTER_CONFIG.visibleToasts}
      duration={TOASTER_CONFIG.duration}
      gap={TOASTER_CONFIG.gap}
      style={{ '--width': `${TOASTER_CONFIG.width}px` } as CSSProperties}
      toastOptions={{ style: toastStyle }}
    />
  );
}
