import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { charactersOf, formatRanges, parseRanges, subtractRanges } from './font-ranges.ts';
import { webRoot } from './web-root.ts';

/**
 * The characters nearly every page is written in: ASCII and the typographic punctuation the copy uses.
 * Each must lie in the fonts' Latin range (see LATIN_RANGE) for the rest face's range to exclude it.
 */
const CORE_CHARACTERS: [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xb7, 0xb7],
  [0xd7, 0xd7],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
];
/**
 * The OpenType features browsers apply to plain text by default, plus tabular figures
 * (font-variant-numeric: tabular-nums). Inter's stylistic sets and alternates are never switched on
 * here, and keeping them would pull their glyphs into every subset (about 2 kB a face).
 */
const KEPT_FONT_FEATURES = [
  'ccmp',
  'locl',
  'rlig',
  'rvrn',
  'mark',
  'mkmk',
  'calt',
  'clig',
  'liga',
  'kern',
  'rclt',
  'tnum',
];
/**
 * The core face every page's text is in: preloaded by index.html, it arrives while the entry script
 * loads, so text is first painted in its font instead of moving when the font swaps in.
 */
const PRELOADED_FONT = /^assets\/inter-latin-wght-normal-core-[\w-]+\.woff2$/;
const MONO_LATIN_CSS = /[\\/]@fontsource[\\/]jetbrains-mono[\\/]latin-(\d+)\.css$/;
const INTER_STATIC_CSS = /^@fontsource\/inter\/(\d+)\.css$/;
/** The weights the design uses (design-tokens.ts, fontWeight): the variable face is cut to them. */
const INTER_WEIGHTS = { min: 400, max: 600 };
const INTER_VARIABLE_FACE = '\0mako-inter-variable.css';
const INTER_VARIABLE_FILE = 'inter-latin-wght-normal.woff2';

/** An @font-face rule; `weight` is one weight or a variable face's "min max". */
const fontFace = (family: string, weight: string, file: string, ranges: [number, number][]) =>
  `@font-face {
  font-family: '${family}';
  font-style: normal;
  font-display: swap;
  font-weight: ${weight};
  src: url(${JSON.stringify(file)}) format('woff2');
  unicode-range: ${formatRanges(ranges)};
}
`;

/**
 * ASCII punctuation. JetBrains Mono's code ligatures (-> == // …) are all made of it, and their
 * glyphs make up most of its core subset (17 kB with them, 4 kB without). The monospace core face
 * leaves this punctuation to a face of its own: a page whose monospace text is words and figures,
 * like the home page's, loads 4 kB, and a ligature's characters still come from one face, so
 * they still join. The punctuation of figures (FIGURE_PUNCTUATION) stays in the core face, so that
 * a table of numbers does not load 13 kB of code ligatures for its commas and points; the few
 * ligatures that join a point to other punctuation (.= ..< ?.) no longer form, which our copy never
 * writes.
 */
const ASCII_PUNCTUATION: [number, number][] = [
  [0x21, 0x2f],
  [0x3a, 0x40],
  [0x5b, 0x60],
  [0x7b, 0x7e],
];
/**
 * `$`, `%`, `,` and `.`: what numeric table cells (costs, shares, figures) are written in besides
 * digits. ui's preloadNumericCellFonts asks for the same characters (FIGURES): change both together.
 */
const FIGURE_PUNCTUATION: [number, number][] = [
  [0x24, 0x25],
  [0x2c, 0x2c],
  [0x2e, 0x2e],
];

/**
 * Splits each web font in faces by character: a small one with the core characters (a few kB
 * instead of 24 kB per weight), which is all that most pages download, and one with the rest of
 * the Latin range, which the browser fetches only for text that needs its other characters
 * (unicode-range tells it which). The glyphs are the same, so text looks as before.
 *
 * Inter's three weights come from one variable face (Inter's own, limited to the weights the design
 * uses): its core subset is 18 kB where the three static ones were 36 kB, and it is one request
 * instead of three. Its outlines at 400, 500 and 600 are the static faces' (both are instances of
 * the same design space). Storybook keeps the static faces of fonts.ts.
 *
 * The subsets are made once per font file and recipe and kept in node_modules/.cache.
 */
export function coreFontSubsets(): Plugin {
  const cacheDir = path.join(webRoot, 'node_modules/.cache/mako-font-subsets');
  const require = createRequire(import.meta.url);

  /** `source` cut to `ranges` (and to Inter's weights when given), cached by what it was cut with. */
  async function subset(
    source: string,
    slice: string,
    ranges: [number, number][],
    weights?: { min: number; max: number },
  ) {
    const text = charactersOf(ranges);
    const recipe = createHash('sha256')
      .update(`${text}|${KEPT_FONT_FEATURES.join(',')}|${JSON.stringify(weights ?? null)}`)
      .digest('hex')
      .slice(0, 8);
    const file = path.join(cacheDir, `${path.basename(source, '.woff2')}-${slice}-${recipe}.woff2`);
    if (!fs.existsSync(file)) {
      fs.mkdirSync(cacheDir, { recursive: true });
      const font = await subsetFont(fs.readFileSync(source), text, {
        targetFormat: 'woff2',
        keepFeatures: KEPT_FONT_FEATURES,
        ...(weights && { variationAxes: { wght: weights } }),
      });
      fs.writeFileSync(file, font);
    }
    return file;
  }

  return {
    name: 'mako:core-font-subsets',
    apply: 'build',
    enforce: 'pre',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        Object.keys(context.bundle ?? {})
          .filter((file) => PRELOADED_FONT.test(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          })),
    },
    resolveId(source) {
      const weight = INTER_STATIC_CSS.exec(source)?.[1];
      if (!weight) return null;
      // The variable face covers every weight: the first import declares it, the others are empty.
      return weight === String(INTER_WEIGHTS.min) ? INTER_VARIABLE_FACE : `${INTER_VARIABLE_FACE}?${weight}`;
    },
    async load(id) {
      if (id.startsWith(INTER_VARIABLE_FACE)) {
        if (id !== INTER_VARIABLE_FACE) return '';
        const packageDir = path.dirname(require.resolve('@fontsource-variable/inter/package.json'));
        const latinRange = /\/\* inter-latin-wght-normal \*\/[^}]*unicode-range: ([^;]+);/.exec(
          fs.readFileSync(path.join(packageDir, 'wght.css'), 'utf8'),
        )?.[1];
        if (!latinRange) throw new Error(`Unexpected @fontsource-variable layout in ${packageDir}`);
        const source = path.join(packageDir, 'files', INTER_VARIABLE_FILE);
        const rest = subtractRanges(parseRanges(latinRange), CORE_CHARACTERS);
        const weight = `${INTER_WEIGHTS.min} ${INTER_WEIGHTS.max}`;
        return (
          fontFace('Inter', weight, await subset(source, 'rest', rest, INTER_WEIGHTS), rest) +
          fontFace('Inter', weight, await subset(source, 'core', CORE_CHARACTERS, INTER_WEIGHTS), CORE_CHARACTERS)
        );
      }
      const weight = MONO_LATIN_CSS.exec(id)?.[1];
      if (!weight) return null;
      const css = fs.readFileSync(id, 'utf8');
      // The per-subset file lacks the range; the package's index.css states it for every face.
      const latinRange = /-latin-\d+-normal \*\/[^}]*unicode-range: ([^;]+);/.exec(
        fs.readFileSync(path.join(path.dirname(id), 'index.css'), 'utf8'),
      )?.[1];
      const woff2 = /url\(\.\/files\/([\w-]+\.woff2)\)/.exec(css)?.[1];
      if (!latinRange || !woff2) throw new Error(`Unexpected @fontsource layout in ${id}`);
      const source = path.join(path.dirname(id), 'files', woff2);
      const rest = subtractRanges(parseRanges(latinRange), CORE_CHARACTERS);
      const punctuation = subtractRanges(ASCII_PUNCTUATION, FIGURE_PUNCTUATION);
      const core = subtractRanges(CORE_CHARACTERS, punctuation);
      return (
        fontFace('JetBrains Mono', weight, source, rest) +
        fontFace('JetBrains Mono', weight, await subset(source, 'punctuation', punctuation), punctuation) +
        fontFace('JetBrains Mono', weight, await subset(source, 'core', core), core)
      );
    },
  };
}
