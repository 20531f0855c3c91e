import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { ThemeMode } from '@mako/ui';

/** The local-storage key of the colour theme (SPEC §9). */
export const THEME_KEY = 'theme';
export const DEFAULT_THEME: ThemeMode = 'light';

const isThemeMode = (value: unknown): value is ThemeMode => value === 'light' || value === 'dark';

/** The stored theme, or light when nothing (or something unknown) is stored or storage is unavailable. */
export function readStoredTheme(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): ThemeMode {
  try {
    const stored = storage?.getItem(THEME_KEY);
    return isThemeMode(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function storeTheme(mode: ThemeMode, storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage()): void {
  try {
    storage?.setItem(THEME_KEY, mode);
  } catch {
    // A storage that refuses writes (privacy mode) only costs the choice on the next visit.
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

interface ThemeModeValue {
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
}

const ThemeModeContext = createContext<ThemeModeValue>({ mode: DEFAULT_THEME, setMode: () => undefined });

/** Holds the theme, persists every change, and follows changes made in other tabs. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(() => readStoredTheme());
  const setMode = useCallback((next: ThemeMode) => {
    setModeState(next);
    storeTheme(next);
  }, []);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_KEY) setModeState(readStoredTheme());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const value = useMemo(() => ({ mode, setMode }), [mode, setMode]);
  return <ThemeModeContext.Provider value={value}>{children}</ThemeModeContext.Provider>;
}

export function useThemeMode(): ThemeModeValue {
  return useContext(ThemeModeContext);
}
