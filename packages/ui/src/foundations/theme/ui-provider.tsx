import './fonts';
import { createContext, useContext, useMemo } from 'react';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './global-style';
import { themes } from './design-tokens';
import type { ColorTokens, ThemeMode } from './design-tokens';

export interface UiTheme {
  mode: ThemeMode;
  /** Resolved colour values, for the few consumers that cannot use CSS variables (chart SVG). */
  colors: ColorTokens;
}

const UiThemeContext = createContext<UiTheme>({ mode: 'light', colors: themes.light });

export interface UiProviderProps {
  /** Light or dark. The app persists the choice (local storage key `theme`); this only renders it. */
  mode?: ThemeMode;
  children?: ReactNode;
}

/** Installs fonts, the global reset and the colour variables of `mode`. Wrap the app in it once. */
export function UiProvider({ mode = 'light', children }: UiProviderProps) {
  const theme = useMemo<UiTheme>(() => ({ mode, colors: themes[mode] }), [mode]);
  return (
    <UiThemeContext.Provider value={theme}>
      <ThemeProvider theme={theme}>
        <GlobalStyle $mode={mode} />
        {children}
      </ThemeProvider>
    </UiThemeContext.Provider>
  );
}

export function useUiTheme(): UiTheme {
  return useContext(UiThemeContext);
}
