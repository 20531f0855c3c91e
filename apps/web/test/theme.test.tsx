import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { THEME_KEY, ThemeModeProvider, readStoredTheme, useThemeMode } from '../src/lib/site/theme.tsx';

afterEach(cleanup);

function Toggle() {
  const { mode, setMode } = useThemeMode();
  return (
    <button type="button" onClick={() => setMode(mode === 'light' ? 'dark' : 'light')}>
      {mode}
    </button>
  );
}

describe('theme', () => {
  it('is light by default and for anything unknown in storage', () => {
    expect(readStoredTheme()).toBe('light');
    localStorage.setItem(THEME_KEY, 'purple');
    expect(readStoredTheme()).toBe('light');
  });

  it('starts from the stored choice', () => {
    localStorage.setItem(THEME_KEY, 'dark');
    render(
      <ThemeModeProvider>
        <Toggle />
      </ThemeModeProvider>,
    );
    expect(screen.getByRole('button').textContent).toBe('dark');
  });

  it('persists every change under the key "theme"', () => {
    render(
      <ThemeModeProvider>
        <Toggle />
      </ThemeModeProvider>,
    );
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    act(() => screen.getByRole('button').click());
    expect(localStorage.getItem(THEME_KEY)).toBe('light');
  });

  it('follows a change made in another tab', () => {
    render(
      <ThemeModeProvider>
        <Toggle />
      </ThemeModeProvider>,
    );
    act(() => {
      localStorage.setItem(THEME_KEY, 'dark');
      window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY, newValue: 'dark' }));
    });
    expect(screen.getByRole('button').textContent).toBe('dark');
  });
});
