export { UiProvider, useUiTheme } from './ui-provider';
export type { UiProviderProps, UiTheme } from './ui-provider';
export { GlobalStyle } from './global-style';
export {
  color,
  colorDeclarations,
  darkColors,
  focusRing,
  font,
  fontSize,
  fontWeight,
  lightColors,
  lineHeight,
  media,
  motion,
  NARROW_BREAKPOINT_PX,
  numeric,
  radius,
  shadow,
  space,
  themes,
  zIndex,
} from './design-tokens';
export type { ColorTokens, ThemeMode } from './design-tokens';
