import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { AlertTriangleIcon, CheckIcon, CopyIcon } from '../../foundations/icons';
import { VisuallyHidden } from '../visually-hidden';
import { CopyButton, CopyLabel, CopyNote, CopyRoot, CopyRow, ValueBlock, ValueInput } from './copy-field.styles';
import { copyToClipboard } from './copy-to-clipboard';

/** How long the button says 'Copied' before it offers to copy again. */
export const COPIED_FEEDBACK_MS = 2000;

export interface CopyFieldProps {
  /** What the value is: "API token", "Launch command". */
  label: ReactNode;
  value: string;
  /** Wraps long values (commands) instead of scrolling one line. */
  multiline?: boolean;
  /**
   * A note under the value, e.g. 'You will not see it again' for a secret shown once. Secrets get
   * the warning tone.
   */
  note?: ReactNode;
  secret?: boolean;
  /** Called with the value after it reached the clipboard. */
  onCopy?: (value: string) => void;
  copyLabel?: string;
  copiedLabel?: string;
  className?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A monospace value with a copy button that confirms with 'Copied'. The value stays selectable, so
 * copying by hand works when the clipboard is blocked.
 */
export function CopyField({
  label,
  value,
  multiline = false,
  note,
  secret = false,
  onCopy,
  copyLabel = 'Copy',
  copiedLabel = 'Copied',
  className,
}: CopyFieldProps) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  const labelId = `${id}-label`;
  const noteId = `${id}-note`;

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await copyToClipboard(value);
      setState('copied');
      onCopy?.(value);
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), COPIED_FEEDBACK_MS);
  };

  const describedBy = note ? noteId : undefined;
  return (
    <CopyRoot className={className}>
      <CopyLabel id={labelId}>{label}</CopyLabel>
      <CopyRow>
        {multiline ? (
          <ValueBlock
            tabIndex={0}
            role="textbox"
            aria-readonly="true"
            aria-multiline="true"
            aria-labelledby={labelId}
            aria-describedby={describedBy}
          >
            {value}
          </ValueBlock>
        ) : (
          <ValueInput
            readOnly
            value={value}
            aria-labelledby={labelId}
            aria-describedby={describedBy}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
        <CopyButton type="button" onClick={() => void copy()} $copied={state === 'copied'} aria-describedby={labelId}>
          {state === 'copied' ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
          {state === 'copied' ? copiedLabel : copyLabel}
        </CopyButton>
      </CopyRow>
      <VisuallyHidden aria-live="polite">{state === 'copied' ? copiedLabel : ''}</VisuallyHidden>
      {state === 'failed' ? (
        <CopyNote $tone="danger" role="alert">
          Copying was blocked by the browser. Select the value and copy it by hand.
        </CopyNote>
      ) : null}
      {note ? (
        <CopyNote id={noteId} $tone={secret ? 'warning' : 'muted'}>
          {secret ? <AlertTriangleIcon size={14} /> : null}
          {note}
        </CopyNote>
      ) : null}
    </CopyRoot>
  );
}
