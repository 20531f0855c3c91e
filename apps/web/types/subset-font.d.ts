// subset-font ships without type declarations; this is the part of its API the build uses.
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: {
      targetFormat?: 'woff2' | 'woff' | 'truetype' | 'sfnt';
      /** OpenType feature tags to keep (hb-subset --layout-features); all of them by default. */
      keepFeatures?: string[];
    },
  ): Promise<Buffer>;
}
