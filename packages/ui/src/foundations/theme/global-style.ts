import { createGlobalStyle } from 'styled-components';
import { color, colorDeclarations, focusRing, font, fontSize, lineHeight, media } from './design-tokens';
import type { ThemeMode } from './design-tokens';

export const GlobalStyle = createGlobalStyle<{ $mode: ThemeMode }>`
  :root {
    color-scheme: ${({ $mode }) => $mode};
    ${({ $mode }) => colorDeclarations($mode)}
  }

  *, *::before, *::after { box-sizing: border-box; }

  html, body {
    margin: 0;
    background: ${color.bg};
    color: ${color.text};
    font-family: ${font.sans};
    font-size: ${fontSize.md};
    line-height: ${lineHeight.normal};
    -webkit-font-smoothing: antialiased;
    -moz-osx-font-smoothing: grayscale;
    text-rendering: optimizeLegibility;
  }

  h1, h2, h3, h4, p { margin: 0; }

  button, input, select, textarea { font: inherit; color: inherit; }

  :focus-visible { ${focusRing} }

  ::selection { background: ${color.accentSubtle}; color: ${color.text}; }

  ${media.reducedMotion} {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
