import type { SVGProps } from 'react';

/** A key, for tokens: the icon set has none, and the primitives' icons stay untouched. */
export function KeyIcon({ size = 16, ...rest }: { size?: number } & Omit<SVGProps<SVGSVGElement>, 'children'>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      aria-hidden="true"
      {...rest}
    >
      <circle cx="7.5" cy="15.5" r="4.5" />
      <path d="m10.7 12.3 9.3-9.3M17 6l3 3M14.5 8.5l2 2" />
    </svg>
  );
}
