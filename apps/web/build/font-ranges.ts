/* Unicode ranges as code-point pairs: the maths the font subsets are cut with. */

/** "U+0000-00FF,U+0131,…" → code-point ranges, and back. */
export const parseRanges = (text: string): [number, number][] =>
  text.split(',').map((part) => {
    const [low = '', high = low] = part.trim().replace('U+', '').split('-');
    return [parseInt(low, 16), parseInt(high, 16)];
  });
export const formatRanges = (ranges: [number, number][]) =>
  ranges
    .map(([low, high]) => (low === high ? `U+${low.toString(16)}` : `U+${low.toString(16)}-${high.toString(16)}`))
    .join(',');
export const charactersOf = (ranges: [number, number][]) =>
  ranges
    .flatMap(([low, high]) => Array.from({ length: high - low + 1 }, (_, index) => String.fromCodePoint(low + index)))
    .join('');

/** `ranges` without the code points of `removed`. */
export function subtractRanges(ranges: [number, number][], removed: [number, number][]): [number, number][] {
  let result = ranges;
  for (const [low, high] of removed) {
    result = result.flatMap(([a, b]): [number, number][] => {
      if (high < a || low > b) return [[a, b]];
      const parts: [number, number][] = [];
      if (a < low) parts.push([a, low - 1]);
      if (high < b) parts.push([high + 1, b]);
      return parts;
    });
  }
  return result;
}
