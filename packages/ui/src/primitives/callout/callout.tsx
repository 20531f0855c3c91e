import type { ReactNode } from 'react';
import { AlertCircleIcon, AlertTriangleIcon, CheckCircleIcon, InfoIcon } from '../../foundations/icons';
import { CalloutActions, CalloutBody, CalloutRoot, CalloutTitle } from './callout.styles';
import type { CalloutTone } from './callout.styles';

export interface CalloutProps {
  /** success and info are announced politely (role status); danger and warning interrupt (role alert). */
  tone?: CalloutTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons such as "Retry". */
  actions?: ReactNode;
  /** Overrides the icon that matches the tone. */
  icon?: ReactNode;
  /** Overrides the live-region role, e.g. 'none' for static notes. */
  role?: 'status' | 'alert' | 'none';
  className?: string;
}

const toneIcons: Record<CalloutTone, ReactNode> = {
  info: <InfoIcon size={18} />,
  success: <CheckCircleIcon size={18} />,
  warning: <AlertTriangleIcon size={18} />,
  danger: <AlertCircleIcon size={18} />,
};

/** A tinted message with an icon: confirmations, warnings and errors never rely on colour alone. */
export function Callout({ tone = 'info', title, children, actions, icon, role, className }: CalloutProps) {
  const liveRole = role ?? (tone === 'danger' || tone === 'warning' ? 'alert' : 'status');
  return (
    <CalloutRoot $tone={tone} role={liveRole === 'none' ? undefined : liveRole} className={className} data-tone={tone}>
      {icon ?? toneIcons[tone]}
      <CalloutBody>
        {title ? <CalloutTitle>{title}</CalloutTitle> : null}
        {children ? <div>{children}</div> : null}
        {actions ? <CalloutActions>{actions}</CalloutActions> : null}
      </CalloutBody>
    </CalloutRoot>
  );
}
