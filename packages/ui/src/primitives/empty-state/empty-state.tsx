import type { ReactNode } from 'react';
import { CopyField } from '../copy-field';
import { InboxIcon } from '../../foundations/icons';
import { EmptyActions, EmptyCommand, EmptyDescription, EmptyIcon, EmptyRoot, EmptyTitle } from './empty-state.styles';

export interface EmptyStateProps {
  /** Says what is missing: "No benchmarks yet". */
  title: ReactNode;
  /** Says what to do next. */
  description?: ReactNode;
  /** A runner command to copy, e.g. "mako-runner bench --endpoint … --token …". */
  command?: string;
  commandLabel?: string;
  onCopyCommand?: (command: string) => void;
  /** Buttons or links, e.g. "Create session". */
  actions?: ReactNode;
  icon?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** An empty list that tells the user what to do next, with the command to copy. */
export function EmptyState({
  title,
  description,
  command,
  commandLabel = 'Run this command',
  onCopyCommand,
  actions,
  icon = <InboxIcon size={24} />,
  headingLevel = 2,
  className,
}: EmptyStateProps) {
  return (
    <EmptyRoot className={className}>
      <EmptyIcon aria-hidden="true">{icon}</EmptyIcon>
      <EmptyTitle as={`h${headingLevel}`}>{title}</EmptyTitle>
      {description ? <EmptyDescription>{description}</EmptyDescription> : null}
      {command ? (
        <EmptyCommand>
          <CopyField label={commandLabel} value={command} multiline onCopy={onCopyCommand} />
        </EmptyCommand>
      ) : null}
      {actions ? <EmptyActions>{actions}</EmptyActions> : null}
    </EmptyRoot>
  );
}
