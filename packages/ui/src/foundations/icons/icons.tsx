import { Fragment } from 'react';
import type { ReactElement, SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Edge length in px; icons sit on the 4 px grid (12, 16, 20, 24). */
  size?: number;
  /** Gives the icon an accessible name. Without it the icon is decorative and hidden from AT. */
  title?: string;
}

/** One stroke of an icon: path data is drawn as a <path>; a circle or rect is given as the element. */
type IconStroke = string | ReactElement;

function createIcon(displayName: string, ...strokes: IconStroke[]) {
  const paths = strokes.map((stroke, index) =>
    typeof stroke === 'string' ? <path key={index} d={stroke} /> : <Fragment key={index}>{stroke}</Fragment>,
  );
  function Icon({ size = 16, title, ...rest }: IconProps) {
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
        aria-hidden={title ? undefined : true}
        role={title ? 'img' : undefined}
        {...rest}
      >
        {title ? <title>{title}</title> : null}
        {paths}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const CheckIcon = createIcon('CheckIcon', 'M20 6 9 17l-5-5');
export const CheckCircleIcon = createIcon(
  'CheckCircleIcon',
  <circle cx="12" cy="12" r="9" />,
  'm8 12.5 2.5 2.5L16 9.5',
);
export const AlertCircleIcon = createIcon(
  'AlertCircleIcon',
  <circle cx="12" cy="12" r="9" />,
  'M12 7.5v5',
  'M12 16.25v.01',
);
export const AlertTriangleIcon = createIcon(
  'AlertTriangleIcon',
  'M10.3 3.9 2.4 17.6A2 2 0 0 0 4.1 20.6h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
  'M12 9v4',
  'M12 17h.01',
);
export const InfoIcon = createIcon('InfoIcon', <circle cx="12" cy="12" r="9" />, 'M12 11v5', 'M12 7.75v.01');
export const XIcon = createIcon('XIcon', 'M18 6 6 18', 'm6 6 12 12');
export const CopyIcon = createIcon(
  'CopyIcon',
  <rect x="9" y="9" width="12" height="12" rx="2" />,
  'M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1',
);
export const MenuIcon = createIcon('MenuIcon', 'M4 6h16', 'M4 12h16', 'M4 18h16');
export const SunIcon = createIcon(
  'SunIcon',
  <circle cx="12" cy="12" r="4" />,
  'M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
);
export const MoonIcon = createIcon('MoonIcon', 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z');
export const ChevronDownIcon = createIcon('ChevronDownIcon', 'm6 9 6 6 6-6');
export const ChevronUpIcon = createIcon('ChevronUpIcon', 'm18 15-6-6-6 6');
export const ChevronLeftIcon = createIcon('ChevronLeftIcon', 'm15 18-6-6 6-6');
export const ChevronRightIcon = createIcon('ChevronRightIcon', 'm9 18 6-6-6-6');
export const ChevronsUpDownIcon = createIcon('ChevronsUpDownIcon', 'm7 15 5 5 5-5', 'm7 9 5-5 5 5');
export const ExternalLinkIcon = createIcon(
  'ExternalLinkIcon',
  'M15 3h6v6',
  'M10 14 21 3',
  'M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6',
);
export const MailIcon = createIcon('MailIcon', <rect x="2" y="4" width="20" height="16" rx="2" />, 'm22 7-10 6L2 7');
export const LogOutIcon = createIcon(
  'LogOutIcon',
  'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4',
  'm16 17 5-5-5-5',
  'M21 12H9',
);
export const TerminalIcon = createIcon('TerminalIcon', 'm4 17 6-6-6-6', 'M12 19h8');
export const InboxIcon = createIcon(
  'InboxIcon',
  'M22 12h-6l-2 3h-4l-2-3H2',
  'M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11Z',
);
/** A key, for API and registry tokens. */
export const KeyIcon = createIcon(
  'KeyIcon',
  <circle cx="7.5" cy="15.5" r="4.5" />,
  'm10.7 12.3 9.3-9.3M17 6l3 3M14.5 8.5l2 2',
);

/** The product mark: a stylised dorsal fin. */
export const MakoMark = createIcon(
  'MakoMark',
  <path d="M3 19h18L14.5 5.5c-.6-1.2-2.3-1.1-2.8.1C10.4 9 8 14 3 19Z" fill="currentColor" stroke="none" />,
);

/** The "G"'s four arcs, each in its brand colour. */
const GOOGLE_PATHS = [
  [
    '#EA4335',
    'M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.2C12.5 13.6 17.8 9.5 24 9.5z',
  ],
  ['#4285F4', 'M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z'],
  ['#FBBC05', 'M10.5 28.5c-.5-1.4-.8-2.9-.8-4.5s.3-3.1.8-4.5l-7.9-6.2C1 16.6 0 20.2 0 24s1 7.4 2.6 10.7l7.9-6.2z'],
  [
    '#34A853',
    'M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-5 2.3-8.2 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.2C6.6 42.6 14.6 48 24 48z',
  ],
] as const;

/** Google's "G", in its brand colours, for the Google sign-in button. */
export function GoogleGlyph({ size = 18 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      {GOOGLE_PATHS.map(([fill, d]) => (
        <path key={fill} fill={fill} d={d} />
      ))}
    </svg>
  );
}
