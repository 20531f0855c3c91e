import { LabelledRule, Rule } from './divider.styles';

export interface DividerProps {
  /** A word in the middle of the line, e.g. "or" between two ways to sign in. */
  label?: string;
  className?: string;
}

/** A hairline separator. */
export function Divider({ label, className }: DividerProps) {
  if (!label) return <Rule className={className} />;
  return (
    <LabelledRule role="separator" aria-label={label} className={className}>
      <span aria-hidden="true">{label}</span>
    </LabelledRule>
  );
}
