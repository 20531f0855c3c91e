import type { ReactNode } from 'react';
import { CopyField } from '../../primitives/copy-field';
import { UsageHeading, UsageSection, UsageText } from './token-management.styles';

export interface TokenUsageProps {
  /** "Use it with the runner", "Log Docker in". */
  heading: string;
  /** Shell lines to copy, one per line. */
  lines: readonly string[];
  /** A sentence or two under the snippet (inline <code> is styled). */
  children?: ReactNode;
}

/** How to use a new secret: a shell snippet to copy and a short note. */
export function TokenUsage({ heading, lines, children }: TokenUsageProps) {
  return (
    <UsageSection aria-label="How to use it">
      <UsageHeading>{heading}</UsageHeading>
      <CopyField label="Shell" value={lines.join('\n')} multiline />
      {children ? <UsageText>{children}</UsageText> : null}
    </UsageSection>
  );
}
