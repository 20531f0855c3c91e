import { font, fontSize, fontWeight } from '../../foundations/theme/design-tokens';

/** How a table's numeric cells are set: Cell's data-numeric style (data-table.styles.ts), at the table's regular weight. */
export const NUMERIC_CELL_FONT = { family: font.mono, size: fontSize.sm, weight: fontWeight.regular } as const;

/**
 * What numeric cells are written in: figures and their punctuation. A negative figure's sign is
 * U+2212 (the format module's), which the fonts' rest face carries; tables of results have none.
 * The web build keeps the same punctuation in the monospace core face (FIGURE_PUNCTUATION in
 * apps/web/vite.config.ts), so that these characters load one small face: change both together.
 */
const FIGURES = '0123456789.,%$';

/**
 * Starts loading the faces numeric cells are drawn in, for a page about to show a table of
 * figures. Found only when the table is laid out, they would be the last thing its first screen
 * waits for on a slow link; asked for with the page's code, they arrive alongside it. Does nothing
 * where the Font Loading API is missing.
 */
export function preloadNumericCellFonts(): void {
  const { weight, size, family } = NUMERIC_CELL_FONT;
  void document.fonts?.load(`${weight} ${size} ${family}`, FIGURES).catch(() => undefined);
}
