import type { ThemeMode } from '../../foundations/theme/design-tokens';
import { MoonIcon, SunIcon } from '../../foundations/icons';
import { IconButton } from './app-shell.styles';

export interface ThemeToggleProps {
  mode: ThemeMode;
  onModeChange: (mode: ThemeMode) => void;
}

/** Switches between light and dark; the label says what a press will do. */
export function ThemeToggle({ mode, onModeChange }: ThemeToggleProps) {
  const next: ThemeMode = mode === 'light' ? 'dark' : 'light';
  return (
    <IconButton
      type="button"
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      onClick={() => onModeChange(next)}
    >
      {mode === 'light' ? <MoonIcon size={18} /> : <SunIcon size={18} />}
    </IconButton>
  );
}
