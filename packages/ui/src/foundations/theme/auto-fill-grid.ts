import { space } from './design-tokens';

/**
 * As many columns at least `minColumnPx` wide as fit the row, `rowGap` × `columnGap` grid steps apart.
 * A layout mixin like those in design-tokens, kept in its own module because no grid of the first page
 * uses it: the first page's budget would carry it for nothing.
 */
export const autoFillGrid = (minColumnPx: number, rowGap: number, columnGap = rowGap): string => `
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${minColumnPx}px, 1fr));
  gap: ${space(rowGap)} ${space(columnGap)};
`;
