import { SpinnerSvg } from './spinner.styles';

export interface SpinnerProps {
  /** Edge length in px. */
  size?: number;
  /**
   * Announced to assistive technology. Omit it when the surrounding control already says it is
   * busy (a busy Button sets aria-busy), so the state is not read twice.
   */
  label?: string;
}

/** An indeterminate progress ring in the current text colour. */
export function Spinner({ size = 16, label }: SpinnerProps) {
  return (
    <SpinnerSvg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      data-spinner=""
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </SpinnerSvg>
  );
}
